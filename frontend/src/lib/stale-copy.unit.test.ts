import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { rebaseDraft, staleCopyOf, staleMessage } from './stale-copy';

const WORDS = { status: 'status', jobEndDate: 'end date', title: 'title' };

describe('a stale copy on screen', () => {
  it('reads the 409 stale_version answer, and nothing else', () => {
    const body = { error: 'stale_version', message: 'changed', changed: ['status'], version: 4 };
    expect(staleCopyOf(new ApiError(409, JSON.stringify(body), 'Conflict'))).toEqual(body);
    expect(
      staleCopyOf(new ApiError(409, JSON.stringify({ error: 'conflict', message: 'x' }), '')),
    ).toBeNull();
    expect(staleCopyOf(new ApiError(400, JSON.stringify(body), ''))).toBeNull();
    expect(staleCopyOf(new ApiError(409, 'not json', ''))).toBeNull();
    expect(staleCopyOf(new Error('network'))).toBeNull();
  });

  it('says what changed in the form’s words', () => {
    expect(staleMessage('project', ['status', 'jobEndDate'], WORDS)).toBe(
      "Someone else changed this project's status and end date while you were editing.",
    );
    expect(staleMessage('project', ['title', 'status', 'jobEndDate'], WORDS)).toBe(
      "Someone else changed this project's title, status and end date while you were editing.",
    );
    expect(staleMessage('client', ['unknown'], WORDS)).toBe(
      'Someone else changed this client while you were editing.',
    );
  });

  it('reloads onto the newer record: the new values, with what the person edited kept', () => {
    const base = { title: 'Job', status: 'pending', tags: ['a'] };
    const draft = { title: 'Mine', status: 'pending', tags: ['a'] };
    const fresh = { title: 'Job', status: 'approved', tags: ['a', 'b'] };
    expect(rebaseDraft(base, draft, fresh)).toEqual({ title: 'Mine', status: 'approved', tags: ['a', 'b'] });
    expect(rebaseDraft(base, { ...draft, tags: [] }, fresh).tags).toEqual([]);
  });

  it('goes field by field inside a group of fields', () => {
    const base = { prices: { wired: '150', labor: '50' }, services: [] as string[] };
    const draft = { prices: { wired: '175', labor: '50' }, services: [] as string[] };
    const fresh = { prices: { wired: '150', labor: '95' }, services: ['mount'] };
    expect(rebaseDraft(base, draft, fresh)).toEqual({
      prices: { wired: '175', labor: '95' },
      services: ['mount'],
    });
  });

  it('names the part changed of a record without a noun of its own', () => {
    expect(
      staleMessage({ whole: 'the pricing', part: 'the' }, ['labor'], { labor: 'labor hourly rate' }),
    ).toBe('Someone else changed the labor hourly rate while you were editing.');
  });
});

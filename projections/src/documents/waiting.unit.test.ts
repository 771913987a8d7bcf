import { describe, expect, it } from 'vitest';
import { waitingKey, waitingKeys } from './projection.ts';

type Doc = Parameters<typeof waitingKeys>[0];
const doc = (over: Partial<Doc> = {}): Doc => ({
  status: 'pending',
  superseded_by: null,
  type: 'form',
  client_id: 3,
  ...over,
});

describe('the dashboard’s counters of documents waiting', () => {
  it('counts a current pending form for staff and for its client to sign', () => {
    expect(waitingKeys(doc())).toEqual([waitingKey(null), waitingKey(3)]);
    expect(waitingKey(3)).toBe('client:3:waiting-form');
  });

  it('counts a client’s file waiting for review, and a form of no client, for staff only', () => {
    expect(waitingKeys(doc({ type: 'upload' }))).toEqual([waitingKey(null)]);
    expect(waitingKeys(doc({ client_id: null }))).toEqual([waitingKey(null)]);
  });

  it('does not count a document done or replaced by a newer version', () => {
    expect(waitingKeys(doc({ status: 'completed' }))).toEqual([]);
    expect(waitingKeys(doc({ superseded_by: 12 }))).toEqual([]);
  });
});

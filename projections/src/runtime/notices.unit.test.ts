import { describe, expect, it } from 'vitest';
import { type ChangeNotice, noticePayloads, parseChangeNotices } from './apply.ts';

const notice = (projection: string, keys?: string[]): ChangeNotice => ({
  projection,
  position: '123456/789012',
  changed: keys?.length ?? 0,
  syncType: projection,
  ...(keys && { keys }),
});
const keys = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${i}-0123456789abcdef0123456789abcdef0123456789abcdef`);

describe('a batch’s change notices as NOTIFY payloads', () => {
  it('one payload for the batch, read back as the same notices', () => {
    const notices = [notice('users', ['17']), notice('audit'), notice('clients', ['3', '4'])];
    const payloads = noticePayloads(notices);
    expect(payloads).toHaveLength(1);
    expect(parseChangeNotices(payloads[0]!)).toEqual(notices);
  });

  it('a single notice (a rebuild’s swap) reads as one', () => {
    expect(parseChangeNotices(JSON.stringify(notice('users')))).toEqual([notice('users')]);
  });

  it('too many keys for one payload: those with the most lose them (any row), the rest keep theirs', () => {
    const notices = [
      notice('messages', keys(100, 'm')),
      notice('documents', keys(100, 'd')),
      notice('users', ['17']),
      notice('audit'),
    ];
    const payloads = noticePayloads(notices);
    expect(payloads).toHaveLength(1);
    expect(Buffer.byteLength(payloads[0]!)).toBeLessThan(8000);
    const read = parseChangeNotices(payloads[0]!);
    expect(read.map((n) => n.projection)).toEqual(['messages', 'documents', 'users', 'audit']);
    expect(read.find((n) => n.projection === 'users')?.keys).toEqual(['17']);
    // One of the two large ones had to give its keys up; the notice itself still goes out.
    expect(read.filter((n) => n.keys === undefined).map((n) => n.projection)).toContain('audit');
    expect(read.some((n) => n.projection !== 'audit' && n.keys === undefined)).toBe(true);
  });

  it('a group of very many projections is told in several payloads, each under the limit', () => {
    const many = Array.from({ length: 200 }, (_, i) => notice(`view-${i}`));
    const payloads = noticePayloads(many);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap(parseChangeNotices)).toEqual(many);
  });
});

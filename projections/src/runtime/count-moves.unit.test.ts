import { describe, expect, it } from 'vitest';
import { countMoves } from './document-projection.ts';

type Row = { status: string; client: number };
const keysOf = (r: Row) => ['', `status:${r.status}`, `client:${r.client}`].map((key) => [key, 1] as const);

describe('countMoves', () => {
  it('counts a new row up, a removed row down, and a changed row from its old keys to its new ones', () => {
    expect(
      countMoves(keysOf, [
        [null, { status: 'pending', client: 1 }],
        [{ status: 'pending', client: 2 }, null],
        [
          { status: 'pending', client: 3 },
          { status: 'completed', client: 3 },
        ],
      ]),
    ).toEqual([
      { key: 'status:pending', n: -1 },
      { key: 'client:1', n: 1 },
      { key: 'client:2', n: -1 },
      { key: 'status:completed', n: 1 },
    ]);
  });

  it('leaves out counters a change did not move', () => {
    expect(
      countMoves(keysOf, [
        [
          { status: 'pending', client: 1 },
          { status: 'pending', client: 1 },
        ],
      ]),
    ).toEqual([]);
  });
});

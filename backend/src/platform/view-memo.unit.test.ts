import { describe, expect, it } from 'vitest';
import { ViewMemo } from './view-memo.ts';

describe('ViewMemo', () => {
  it('remembers while the mark stays, forgets when it moves, remembers nothing while it is unknown', async () => {
    let mark: string | undefined;
    let reads = 0;
    const memo = new ViewMemo<number, string>(() => mark);
    const read = async () => `read ${++reads}`;

    expect(await memo.get(1, read)).toBe('read 1');
    expect(await memo.get(1, read)).toBe('read 2');
    mark = 'a';
    expect(await memo.get(1, read)).toBe('read 3');
    expect(await memo.get(1, read)).toBe('read 3');
    mark = 'b';
    expect(await memo.get(1, read)).toBe('read 4');
  });

  it('does not remember a reading during which the mark moved (it may hold the rows from before)', async () => {
    let mark = 'a';
    let reads = 0;
    const memo = new ViewMemo<number, string>(() => mark);
    const overlapped = await memo.get(1, async () => {
      mark = 'b';
      return `read ${++reads}`;
    });
    expect(overlapped).toBe('read 1');
    expect(await memo.get(1, async () => `read ${++reads}`)).toBe('read 2');
    expect(await memo.get(1, async () => `read ${++reads}`)).toBe('read 2');
  });
});

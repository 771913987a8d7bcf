import { describe, expect, it } from 'vitest';
import { FEED_VIEWS, FeedCache } from './feed-cache.ts';

describe('the feed cache', () => {
  const at = (commit: number) => ({ commit: BigInt(commit), prepare: BigInt(commit) });

  it('makes the text once per version of its views and day, and again when either moves', async () => {
    const positions = new Map(FEED_VIEWS.map((v) => [v as string, at(5)]));
    const cache = new FeedCache((view) => positions.get(view));
    let made = 0;
    const make = async () => `text ${++made}`;

    expect(await cache.text('staff', cache.version('2026-11-26'), make)).toBe('text 1');
    expect(await cache.text('staff', cache.version('2026-11-26'), make)).toBe('text 1');
    // Another audience has its own text.
    expect(await cache.text('client-7', cache.version('2026-11-26'), make)).toBe('text 2');

    positions.set('clients', at(6)); // a client renamed: the staff feed names clients
    expect(await cache.text('staff', cache.version('2026-11-26'), make)).toBe('text 3');
    expect(await cache.text('staff', cache.version('2026-11-27'), make)).toBe('text 4'); // the window moved
    expect(made).toBe(4);
  });

  it('keeps nothing while a view has no known position', async () => {
    const positions = new Map([['appointments', at(1)]]);
    const cache = new FeedCache((view) => positions.get(view));
    expect(cache.version('2026-11-26')).toBeNull();
    let made = 0;
    await cache.text('staff', null, async () => `text ${++made}`);
    await cache.text('staff', null, async () => `text ${++made}`);
    expect(made).toBe(2);
  });

  it('forgets the least recently made text past its size', async () => {
    const cache = new FeedCache(() => at(1), 2);
    const v = cache.version('2026-11-26');
    let made = 0;
    for (const key of ['a', 'b', 'c']) await cache.text(key, v, async () => `${key}${++made}`);
    expect(await cache.text('b', v, async () => 'again')).toBe('b2');
    expect(await cache.text('a', v, async () => 'again')).toBe('again');
  });
});

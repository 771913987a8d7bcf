import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ViewTextCache } from './view-text-cache.ts';

describe('the view text cache', () => {
  const VIEWS = ['appointments', 'projects', 'clients'];

  it('makes the text once per version of its views and day, and again when either moves', async () => {
    const marks = new Map(VIEWS.map((v) => [v, '0:5']));
    const cache = new ViewTextCache(VIEWS, (view) => marks.get(view));
    let made = 0;
    const make = async () => `text ${++made}`;

    expect(await cache.text('staff', cache.version('2026-11-26'), make)).toBe('text 1');
    expect(await cache.text('staff', cache.version('2026-11-26'), make)).toBe('text 1');
    // Another key has its own text.
    expect(await cache.text('client-7', cache.version('2026-11-26'), make)).toBe('text 2');

    marks.set('clients', '0:6'); // a client renamed: the staff text names clients
    expect(await cache.text('staff', cache.version('2026-11-26'), make)).toBe('text 3');
    expect(await cache.text('staff', cache.version('2026-11-27'), make)).toBe('text 4'); // the day moved
    expect(made).toBe(4);
  });

  it('keeps nothing while a view has no known mark', async () => {
    const marks = new Map([['appointments', '0:1']]);
    const cache = new ViewTextCache(VIEWS, (view) => marks.get(view));
    expect(cache.version('2026-11-26')).toBeNull();
    let made = 0;
    await cache.text('staff', null, async () => `text ${++made}`);
    await cache.text('staff', null, async () => `text ${++made}`);
    expect(made).toBe(2);
  });

  it('forgets the least recently made text past its size', async () => {
    const cache = new ViewTextCache(VIEWS, () => '0:1', 2);
    const v = cache.version('2026-11-26');
    let made = 0;
    for (const key of ['a', 'b', 'c']) await cache.text(key, v, async () => `${key}${++made}`);
    expect(await cache.text('b', v, async () => 'again')).toBe('b2');
    expect(await cache.text('a', v, async () => 'again')).toBe('again');
  });

  it('makes a version once for readers arriving while it is being made, and again after a failure', async () => {
    const cache = new ViewTextCache(VIEWS, () => '0:1');
    const v = cache.version('2026-11-26');
    let made = 0;
    let release = () => {};
    const slow = () =>
      new Promise<string>((resolve) => {
        made++;
        release = () => resolve(`text ${made}`);
      });
    const readers = [cache.text('all', v, slow), cache.text('all', v, slow), cache.text('all', v, slow)];
    release();
    expect(await Promise.all(readers)).toEqual(['text 1', 'text 1', 'text 1']);
    expect(made).toBe(1);

    const failing = new ViewTextCache(VIEWS, () => '0:1');
    await expect(failing.text('all', v, async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await failing.text('all', v, async () => 'after')).toBe('after');
  });

  it('gzips a kept text once per version, and tags each version apart', async () => {
    const marks = new Map(VIEWS.map((view) => [view, '0:1']));
    const cache = new ViewTextCache(VIEWS, (view) => marks.get(view));
    const text = JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ id: i, name: `Row ${i}` })));
    const first = await cache.answer('all', cache.version('d'), async () => text);
    const zipped = await first.gzip();
    expect(gunzipSync(zipped).toString()).toBe(text);
    expect(zipped.length).toBeLessThan(text.length / 4);
    const again = await cache.answer('all', cache.version('d'), async () => 'never made');
    expect(await again.gzip()).toBe(zipped);
    expect(again.etag).toBe(first.etag);
    marks.set('clients', '0:2');
    const moved = await cache.answer('all', cache.version('d'), async () => text);
    expect(moved.etag).not.toBe(first.etag);
    expect(await moved.gzip()).not.toBe(zipped);
  });
});

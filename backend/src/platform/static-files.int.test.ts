import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

/**
 * The built web app goes out as a CDN would send it (issue 23): the build's brotli or gzip copy as the browser
 * accepts, hashed files kept for a year, the page itself checked each time. Runs on the build the test run
 * makes (frontend/e2e/build-web.ts).
 */
describe('the web app’s files', () => {
  let t: TestApp;
  const dist = fileURLToPath(new URL('../../../frontend/dist', import.meta.url));
  let script: string;
  beforeAll(async () => {
    t = await startTestApp();
    const manifest: Record<string, { file: string; isEntry?: boolean }> = JSON.parse(
      await readFile(`${dist}/.vite/manifest.json`, 'utf8'),
    );
    script = Object.values(manifest).find((chunk) => chunk.isEntry)!.file;
  });
  afterAll(async () => t?.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('the main script as brotli, gzip or plain, as asked, the same bytes each way, kept for a year', async () => {
    const original = await readFile(`${dist}/${script}`);
    const br = await get(`/${script}`, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

    const gzip = await get(`/${script}`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(original)).toBe(true);

    const plain = await get(`/${script}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.rawPayload.equals(original)).toBe(true);
  });

  it('the page itself is asked for again each time, on every web route', async () => {
    for (const url of ['/', '/login', '/admin']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('the page holds the saved site content as data (never as script), new once it is saved again', async () => {
    const contentOf = (html: string) => {
      const block = /<script type="application\/json" id="site-content">(.*?)<\/script>/s.exec(html);
      expect(block, 'the site content block').not.toBeNull();
      return JSON.parse(block![1]!);
    };
    const first = await get('/', 'gzip');
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['content-encoding']).toBe('gzip');
    const before = contentOf(gunzipSync(first.rawPayload).toString('utf8'));
    expect(before).toEqual((await t.call('GET', '/api/content')).body);
    // The same page again: 304 to a browser holding it.
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': first.headers.etag },
    });
    expect(again.statusCode).toBe(304);

    const hostile = '</script><script>window.pwned = 1</script> <!-- \u2028';
    const saved = await t.call(
      'POST',
      '/api/content/save',
      { ...before, logo: undefined, heroDescription: hostile },
      t.adminToken,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const page = (await get('/login')).body;
    expect(page).not.toContain('</script><script>window.pwned');
    expect(page.match(/<script/g)?.length).toBe((await get('/')).body.match(/<script/g)?.length);
    // As the API answers it (the input rules may have tidied its spaces), closing tags and all.
    const stored = (await t.call('GET', '/api/content')).body.heroDescription;
    expect(stored).toContain('</script><script>window.pwned = 1</script>');
    expect(contentOf(page).heroDescription).toBe(stored);
    // Another page address, the 404 page too: the same page, its status kept.
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(contentOf(missing.body).heroDescription).toBe(stored);
  });

  it('pages, files and API answers carry the security headers', async () => {
    for (const url of ['/', `/${script}`, '/api/settings/public', '/api/nothing-here']) {
      const res = await get(url, 'br');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
    }
  });
});

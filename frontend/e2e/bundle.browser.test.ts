import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, startBrowserApp } from './browser.ts';
import { chunksNotLoaded, HOME_JS_BUDGET_KB, javascriptLoadedBy, totalGzipKb } from './js-weight.ts';

describe('JavaScript weight of the home page', () => {
  let b: BrowserApp;
  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
  });
  afterAll(async () => b?.close());

  it(`/ loads at most ${HOME_JS_BUDGET_KB} KB of gzipped JavaScript and none of the admin or portal code`, async () => {
    const page = await b.newPage();
    const loaded = await javascriptLoadedBy(page, '/');
    expect(totalGzipKb(loaded)).toBeLessThanOrEqual(HOME_JS_BUDGET_KB);
    const names = loaded.map((file) => file.file).join(' ');
    expect(names).not.toMatch(/AdminDashboard|ConsultationsView|SettingsView|ContentView|ClientHome/);

    // The admin dashboard's code exists as its own chunk and arrives only on /admin.
    const dist = fileURLToPath(new URL('../dist', import.meta.url));
    const elsewhere = await chunksNotLoaded(dist, loaded);
    expect(elsewhere.some((file) => file.startsWith('index-') === false)).toBe(true);
    await b.signInAsAdmin(page);
    const admin = await javascriptLoadedBy(page, '/admin');
    const adminOnly = admin.filter((file) => elsewhere.includes(file.file));
    expect(adminOnly.length).toBeGreaterThan(0);
    await page.context().close();
  });
});

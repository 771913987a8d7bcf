/**
 * `npm run size`: builds the web app, serves it with the real API, and prints the JavaScript that `/` loads
 * (raw, gzipped against its budget, and as the server sent it to Chromium), the chunks that only other
 * routes (admin, portal, sign-in) load, and the JavaScript each of `/`, `/login`, the signed-in `/client`
 * and `/admin` loads on a first visit (a fresh browser context: nothing cached), as sent.
 * Exits non-zero when over budget.
 */
import { fileURLToPath } from 'node:url';
import { portalClientWithProject } from '../../backend/test/clients.ts';
import { startBrowserApp } from '../e2e/browser.ts';
import buildWeb from '../e2e/build-web.ts';
import { chunksNotLoaded, HOME_JS_BUDGET_KB, javascriptLoadedBy, totalGzipKb } from '../e2e/js-weight.ts';

if (!process.argv.includes('--no-build')) await buildWeb();
const b = await startBrowserApp({ workers: false });
try {
  const page = await b.newPage();
  const loaded = await javascriptLoadedBy(page, '/');
  // No build (or --no-build without one) serves no page at all, which must not read as a pass.
  if (loaded.length === 0)
    throw new Error('/ loaded no JavaScript: is frontend/dist built? (drop --no-build)');
  console.log('JavaScript loaded by /');
  for (const file of loaded)
    console.log(
      `  ${file.file.padEnd(40)} ${file.rawKb.toFixed(1).padStart(8)} KB ${file.gzipKb.toFixed(1).padStart(7)} KB gz ${file.sentKb.toFixed(1).padStart(7)} KB sent (${file.encoding})`,
    );
  const sent = loaded.reduce((sum, file) => sum + file.sentKb, 0);
  console.log(`  as sent: ${sent.toFixed(1)} KB`);
  const total = totalGzipKb(loaded);
  const pass = total <= HOME_JS_BUDGET_KB;
  console.log(
    `  total ${total.toFixed(1)} KB gz   target <= ${HOME_JS_BUDGET_KB} KB gz: ${pass ? 'PASS' : 'FAIL'}`,
  );
  const elsewhere = await chunksNotLoaded(fileURLToPath(new URL('../dist', import.meta.url)), loaded);
  console.log(`Chunks / does not load (other routes): ${elsewhere.length}`);
  console.log(`  ${elsewhere.join('\n  ')}`);

  // Each page on a first visit, signed in where the page needs it (the token where the app keeps it).
  const client = await portalClientWithProject(b.t, {
    name: 'Size Client',
    email: 'size-client@example.com',
  });
  const firstVisits: [string, string | null][] = [
    ['/', null],
    ['/login', null],
    ['/client', client.token],
    ['/admin', b.t.adminToken],
  ];
  console.log('JavaScript of a first visit, as sent');
  for (const [path, token] of firstVisits) {
    const visit = await b.newPage();
    if (token)
      await visit.context().addInitScript((value) => localStorage.setItem('auth_token', value), token);
    const files = await javascriptLoadedBy(visit, path);
    await visit.context().close();
    const kb = files.reduce((sum, file) => sum + file.sentKb, 0);
    console.log(
      `  ${path.padEnd(8)} ${String(files.length).padStart(3)} files ${kb.toFixed(1).padStart(7)} KB sent`,
    );
  }
  process.exitCode = pass ? 0 : 1;
} finally {
  await b.close();
}

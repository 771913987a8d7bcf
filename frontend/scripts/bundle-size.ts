/**
 * `npm run size`: builds the web app, serves it with the real API, and prints the JavaScript that `/` loads
 * (raw, gzipped against its budget, and as the server sent it to Chromium), and the chunks that only other
 * routes (admin, portal, sign-in) load.
 * Exits non-zero when over budget.
 */
import { fileURLToPath } from 'node:url';
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
  process.exitCode = pass ? 0 : 1;
} finally {
  await b.close();
}

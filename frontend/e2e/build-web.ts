import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { builtFiles } from './js-weight.ts';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
/** How long an earlier build's chunks stay: longer than a whole browser-test run. */
const KEEP_EARLIER_BUILDS_MS = 15 * 60_000;

/**
 * vitest global setup: the browser tests run against a fresh production build of the current sources.
 * vitest sets NODE_ENV=test, which would make Vite bundle React's development build; the build gets
 * NODE_ENV=production for its duration.
 *
 * Another run (a second vitest, `npm run size`) may be serving `dist` while this one builds: its pages
 * still ask for their own hashed chunks. So the build does not empty `dist`, and an earlier build's files
 * are removed only once they are old; the manifest says which files are this build's.
 */
export default async function buildWeb() {
  // A developer running only server tests while the web sources are mid-edit: `SKIP_WEB_BUILD=1`.
  if (process.env.SKIP_WEB_BUILD === '1') return;
  const root = fileURLToPath(new URL('..', import.meta.url));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: `${root}/vite.config.ts`,
      mode: 'production',
      logLevel: 'warn',
      build: { emptyOutDir: false, manifest: true },
    });
  } finally {
    // Unset stays unset (assigning undefined would leave the string 'undefined' for the server to refuse).
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  // A page's .br and .gz from an earlier build stay beside the new page when this build made none (the page
  // fell under the compression threshold), and the server would send them: gone unless newer than the page.
  for (const file of await readdir(dist)) {
    const plain = file.replace(/\.(br|gz)$/, '');
    if (plain === file) continue;
    const page = await stat(join(dist, plain)).catch(() => null);
    if (!page || (await stat(join(dist, file))).mtimeMs < page.mtimeMs)
      await rm(join(dist, file), { force: true });
  }
  const current = new Set(await builtFiles(dist));
  const assets = join(dist, 'assets');
  for (const file of await readdir(assets)) {
    const path = join(assets, file);
    // A file's .br and .gz (made by the build beside it) stay as long as the file does.
    if (current.has(`assets/${file.replace(/\.(br|gz)$/, '')}`)) continue;
    if (Date.now() - (await stat(path)).mtimeMs > KEEP_EARLIER_BUILDS_MS) await rm(path, { force: true });
  }
}

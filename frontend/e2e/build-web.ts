import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** vitest global setup: the browser tests run against a fresh build of the current sources. */
export default async function buildWeb() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  await build({ root, configFile: `${root}/vite.config.ts`, logLevel: 'warn' });
}

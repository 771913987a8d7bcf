import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/**
 * vitest global setup: the browser tests run against a fresh production build of the current sources.
 * vitest sets NODE_ENV=test, which would make Vite bundle React's development build; the build gets
 * NODE_ENV=production for its duration.
 */
export default async function buildWeb() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: `${root}/vite.config.ts`, mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = previous;
  }
}

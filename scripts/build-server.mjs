#!/usr/bin/env node
// Compiles the server for production: each process entry (backend/src/processes) into one ES module under
// backend/dist/server, with the workspaces' own code (`@app/*`, which publish raw TypeScript) bundled in and
// every third-party package left to node_modules. Worker-thread files (backend/src/files/*.js, backend/src/auth/*.js) are entries
// too. Every output file, shared chunks included, lands in that one folder: the code finds workers with `new URL('./name.js', import.meta.url)`, that is next to the bundle.
//
// backend/dist/server sits as deep in the tree as backend/src/<folder>, so the addresses the code builds
// from import.meta.url (`../../../frontend/dist`) point at the same place compiled or not.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const outdir = join(root, 'backend/dist/server');

const processEntries = [
  'all',
  'api',
  'projections',
  'workers',
  'projections-cli',
  'jobs-cli',
  'preflight-cli',
]
  .map((name) => join(root, 'backend/src/processes', `${name}.ts`))
  .filter((path) => existsSync(path));
const workerEntries = ['files', 'auth'].flatMap((folder) =>
  readdirSync(join(root, 'backend/src', folder))
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(root, 'backend/src', folder, name)),
);

/** Bare imports stay imports, resolved from node_modules at run time, except the workspaces' own. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@app/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [...processEntries, ...workerEntries],
    outdir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [thirdPartyExternal],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`server built into backend/dist/server in ${Date.now() - started} ms`);
}

#!/usr/bin/env node
// `npm start` (and start:api, start:projections, start:workers): installs, builds and runs the compiled
// server, doing each step only when it is out of date, so a restart is a start and nothing more.
//
//   node scripts/start.mjs [all|api|projections|workers|projections-cli|jobs-cli] [arguments...]
//
// - dependencies: installed when node_modules is missing (`npm ci`) or older than package-lock.json;
// - the web app (frontend/dist): built when a file it is built from is newer than its index.html;
// - the server (backend/dist/server, see build-server.mjs): built when a source file is newer than it.
// Before a slow build, the port, Postgres and Redis are checked (the same check the server makes first thing
// when it starts): a busy port stops it at once with one line; a stopped Postgres or Redis is said at once and
// waited for, a line a second naming its setting, rather than said after the build.
// Plain Node with no dependencies: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => join(root, path);
const ENTRIES = ['all', 'api', 'projections', 'workers', 'projections-cli', 'jobs-cli'];
const SERVES_WEB = ['all', 'api'];

/** Newest modification time under the given files and folders (folders count too: a deleted file). */
function newestInput(paths, skip = () => false) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(path)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const child = join(path, entry);
      if (!skip(child)) visit(child);
    }
  };
  for (const path of paths) visit(at(path));
  return newest;
}

const mtime = (path) => (existsSync(at(path)) ? statSync(at(path)).mtimeMs : 0);
const isTest = (path) => /\.test\.tsx?$/.test(path);

/** What is out of date, with the reason in words; empty when nothing is. */
function staleSteps(entry) {
  const steps = [];
  const installed = mtime('node_modules/.package-lock.json');
  if (!existsSync(at('node_modules')))
    steps.push({ step: 'install', why: 'no node_modules yet', clean: true });
  else if (installed < mtime('package-lock.json'))
    steps.push({ step: 'install', why: 'package-lock.json changed' });
  const lock = mtime('package-lock.json');
  if (SERVES_WEB.includes(entry)) {
    const web = Math.max(
      lock,
      newestInput(['contracts/src', 'frontend/src', 'frontend/public', 'frontend/index.html'], isTest),
      newestInput(['frontend/vite.config.ts', 'frontend/package.json', 'frontend/tsconfig.json']),
    );
    if (web > mtime('frontend/dist/index.html')) steps.push({ step: 'web', why: 'web sources changed' });
  }
  const server = Math.max(
    lock,
    newestInput(['contracts/src', 'backend/src', 'projections/src', 'workers/src'], isTest),
    newestInput(['scripts/build-server.mjs']),
  );
  if (server > mtime(`backend/dist/server/${entry}.js`))
    steps.push({ step: 'server', why: 'server sources changed' });
  return steps;
}

function run(command, args) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  const [entry = 'all', ...args] = process.argv.slice(2);
  if (!ENTRIES.includes(entry)) {
    console.error(`Unknown process "${entry}". Known: ${ENTRIES.join(', ')}`);
    process.exit(2);
  }
  let steps = staleSteps(entry);
  const install = steps.find((s) => s.step === 'install');
  if (install) {
    console.log(`Installing dependencies (${install.why})...`);
    run('npm', [install.clean ? 'ci' : 'install', '--no-audit', '--no-fund']);
    steps = staleSteps(entry);
  }
  const builds = steps.filter((s) => s.step !== 'install');
  if (builds.length > 0 && !entry.endsWith('-cli')) {
    // The sources, not a build that is about to be replaced, check the port, Postgres and Redis.
    run(process.execPath, ['--import', 'tsx', at('backend/src/processes/preflight-cli.ts')]);
  }
  if (builds.some((s) => s.step === 'web')) {
    console.log('Building the web app (its sources changed)...');
    run('npm', ['run', 'build', '-w', 'frontend']);
  }
  if (builds.some((s) => s.step === 'server')) {
    console.log('Building the server (its sources changed)...');
    const { buildServer } = await import('./build-server.mjs');
    await buildServer();
  }
  const file = at(`backend/dist/server/${entry}.js`);
  process.argv = [process.argv[0], file, ...args];
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(file).href);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

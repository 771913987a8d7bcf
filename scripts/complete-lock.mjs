#!/usr/bin/env node
// Puts back the other platforms' optional packages (Biome's, Tailwind's, esbuild's, sharp's binaries...) that
// npm leaves out of package-lock.json when the registry it talks to has no metadata for them, or when it
// prunes them from an existing lock (npm/cli#4828). Without them `npm ci` refuses the lock on every machine,
// and macOS and Windows machines would miss their binaries.
//
//   node scripts/complete-lock.mjs           add the missing entries, then run `npm install` once more
//   node scripts/complete-lock.mjs --check   list them and exit 1 when any is missing (changes nothing)
//
// Plain Node with no dependencies. Each added entry takes its os/cpu/libc from the registry's metadata of
// that exact version when the registry has it (with its integrity), else from another version of the same
// package, else from its name; npm skips it on every platform it does not match.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const lockPath = fileURLToPath(new URL('../package-lock.json', import.meta.url));

/** Where npm would find `name` for the package at `from`: its own node_modules, then each one above. */
function locate(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/** Optional dependencies pinned to an exact version that the lock does not list. */
export function missingOptionals(lock) {
  const missing = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (locate(lock.packages, path, name)) continue;
      missing.push({ parent: path, name, version: range, exact: /^\d+\.\d+\.\d+(-[\w.]+)?$/.test(range) });
    }
  }
  return missing;
}

function view(spec) {
  try {
    const out = execFileSync('npm', ['view', spec, '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const parsed = JSON.parse(out);
    return Array.isArray(parsed) ? parsed.at(-1) : parsed;
  } catch {
    return null;
  }
}

const OSES = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPUS = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

/** os/cpu/libc read from a platform package's name, the last resort when the registry has none of it. */
function platformFromName(name) {
  const words = name.split('/').at(-1).split('-');
  const os = words.find((w) => OSES.includes(w));
  const cpu = words.find((w) => CPUS.includes(w)) ?? (words.includes('gnueabihf') ? 'arm' : undefined);
  const libc = words.some((w) => w.startsWith('musl')) ? 'musl' : os === 'linux' ? 'glibc' : undefined;
  return { os: os && [os], cpu: cpu && [cpu], libc: libc && [libc] };
}

function entryFor({ parent, name, version }, lock) {
  const exact = view(`${name}@${version}`);
  const meta = exact ?? view(name) ?? platformFromName(name);
  const parentEntry = lock.packages[parent];
  const entry = { version };
  if (exact?.dist?.integrity) entry.integrity = exact.dist.integrity;
  if (meta.cpu) entry.cpu = meta.cpu;
  if (parentEntry.dev) entry.dev = true;
  if (parentEntry.devOptional) entry.devOptional = true;
  if (meta.libc) entry.libc = meta.libc;
  if (meta.license) entry.license = meta.license;
  entry.optional = true;
  if (meta.os) entry.os = meta.os;
  if (meta.engines) entry.engines = meta.engines;
  return entry;
}

function main(check) {
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  const missing = missingOptionals(lock);
  if (check) {
    for (const m of missing)
      console.error(`missing from package-lock.json: ${m.name}@${m.version} (for ${m.parent})`);
    if (missing.length > 0) console.error('Run: node scripts/complete-lock.mjs');
    return missing.length === 0 ? 0 : 1;
  }
  for (const m of missing) {
    if (!m.exact) {
      console.error(`skipped ${m.name}@${m.version}: not an exact version`);
      continue;
    }
    const top = `node_modules/${m.name}`;
    const path = lock.packages[top] ? `${m.parent}/node_modules/${m.name}` : top;
    lock.packages[path] = entryFor(m, lock);
    console.log(`added ${path}@${m.version}`);
  }
  const [root, ...rest] = Object.entries(lock.packages);
  rest.sort(([a], [b]) => a.localeCompare(b, 'en'));
  lock.packages = Object.fromEntries([root, ...rest]);
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main(process.argv.includes('--check')));

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const expectedServices = ['eventstore', 'postgres', 'redis', 'api', 'projections', 'workers'];

/** Runs docker-compose in the repo root. CI installs it, so a missing binary is a failure, not a skip. */
async function compose(...args: string[]) {
  try {
    return await run('docker-compose', args, { cwd: repoRoot });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('docker-compose is not installed (Debian: apt-get install -y docker-compose)');
    }
    const { stderr, code } = err as { stderr?: string; code?: number };
    throw new Error(`docker-compose ${args.join(' ')} exited with ${code}: ${stderr ?? ''}`);
  }
}

/**
 * The top-level keys of each service in `docker-compose config` output. That output is normalised
 * (two-space indentation, one key per line), so reading it by indentation is enough.
 */
function serviceKeys(yaml: string): Map<string, Set<string>> {
  const services = new Map<string, Set<string>>();
  let inServices = false;
  let current: Set<string> | null = null;
  for (const line of yaml.split('\n')) {
    if (/^\S/.test(line)) {
      inServices = line.startsWith('services:');
      current = null;
      continue;
    }
    if (!inServices) continue;
    const service = /^ {2}([\w.-]+):\s*$/.exec(line);
    if (service) {
      current = new Set();
      services.set(service[1]!, current);
      continue;
    }
    const key = /^ {4}([\w.-]+):/.exec(line);
    if (key && current) current.add(key[1]!);
  }
  return services;
}

describe('docker-compose.yml', () => {
  it('is valid', async () => {
    await compose('config', '-q');
  });

  it('defines the six services, each with a healthcheck', async () => {
    const { stdout } = await compose('config');
    const services = serviceKeys(stdout);
    expect([...services.keys()].sort()).toEqual([...expectedServices].sort());
    for (const name of expectedServices) {
      expect(services.get(name)?.has('healthcheck'), `${name} has a healthcheck`).toBe(true);
    }
    for (const name of ['api', 'projections', 'workers']) {
      expect(services.get(name)?.has('depends_on'), `${name} waits for the data services`).toBe(true);
    }
  });
});

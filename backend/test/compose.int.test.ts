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

/** One service's environment in `docker-compose config` output (normalised: six spaces before each name). */
function environmentOf(yaml: string, service: string): Map<string, string> {
  const lines = yaml.split('\n');
  const at = lines.indexOf(`  ${service}:`);
  const env = new Map<string, string>();
  let inEnvironment = false;
  for (const line of lines.slice(at + 1)) {
    if (/^ {0,2}\S/.test(line)) break;
    if (/^ {4}\S/.test(line)) inEnvironment = line === '    environment:';
    const entry = /^ {6}([\w.-]+): ?(.*)$/.exec(line);
    if (inEnvironment && entry) env.set(entry[1]!, entry[2]!.replace(/^"(.*)"$/, '$1'));
  }
  return env;
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

  it('gives the api TRUST_PROXY, false unless set (its port is reached directly), and the others’ settings', async () => {
    const config = (env: NodeJS.ProcessEnv) =>
      run('docker-compose', ['config'], { cwd: repoRoot, env: { ...process.env, ...env } });
    const { stdout } = await config({ TRUST_PROXY: '' });
    const api = environmentOf(stdout, 'api');
    expect(api.get('TRUST_PROXY')).toBe('false');
    expect(api.get('DATABASE_URL')).toBe(environmentOf(stdout, 'workers').get('DATABASE_URL'));
    expect(api.get('REDIS_URL')).toBe('redis://redis:6379');
    const behindProxy = await config({ TRUST_PROXY: '10.0.0.0/8' });
    expect(environmentOf(behindProxy.stdout, 'api').get('TRUST_PROXY')).toBe('10.0.0.0/8');
  });
});

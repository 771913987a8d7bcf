import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('package-lock.json', () => {
  // npm drops other platforms' binaries from the lock (npm/cli#4828, or a registry without their metadata);
  // `npm ci` then refuses the lock on every machine.
  it('lists every optional platform package, so `npm ci` accepts it on Linux, macOS and Windows', async () => {
    const result = await run('node', ['scripts/complete-lock.mjs', '--check'], { cwd: repoRoot }).catch(
      (err: { stderr: string; code: number }) => err,
    );
    expect(result.stderr).toBe('');
  });
});

import { fileURLToPath } from 'node:url';
import { sh } from './shell.ts';

/** `npm run projections -- replay-check` against the faults database: each view identical or not. */
export async function replayCheck(env: NodeJS.ProcessEnv) {
  const cwd = fileURLToPath(new URL('../..', import.meta.url));
  const { code, output } = await sh(
    'npm',
    ['run', '--silent', '--prefix', cwd, 'projections', '--', 'replay-check'],
    {
      env,
      timeoutMs: 45_000,
    },
  );
  const lines = output.trim().split('\n').filter(Boolean);
  const views = lines.filter((l) => /^\S+: (identical|DIFFERS)/.test(l));
  const differing = views.filter((l) => l.includes('DIFFERS'));
  const identical = code === 0 && views.length > 0 && differing.length === 0;
  const summary = identical
    ? `identical (${views.length} views)`
    : differing.length > 0
      ? `DIFFERS: ${differing.map((l) => l.slice(0, 300)).join(' | ')}`
      : `failed (exit ${code}): ${lines.slice(-3).join(' | ').slice(0, 400)}`;
  return { identical, summary };
}

import { readFile } from 'node:fs/promises';
import { PARTS } from './app-processes.ts';

const LEVELS: Record<number, string> = { 40: 'warn', 50: 'error', 60: 'fatal' };

/** One line per process: how many warnings and errors it logged, and the most frequent of them. */
export function summarizeLog(part: string, text: string) {
  const counts = new Map<string, number>();
  const messages = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: number; msg?: string };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    const level = LEVELS[entry.level ?? 0];
    if (!level) continue;
    counts.set(level, (counts.get(level) ?? 0) + 1);
    const key = `${level} "${entry.msg ?? ''}"`;
    messages.set(key, (messages.get(key) ?? 0) + 1);
  }
  const top = [...messages]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([m, n]) => `${m} ×${n}`);
  const levels = [...counts].map(([l, n]) => `${l} ${n}`).join(', ') || 'nothing at warn or above';
  return `log of ${part}: ${levels}${top.length ? ` (${top.join('; ')})` : ''}`;
}

export async function summarizeLogs(logFile: (part: (typeof PARTS)[number]) => string) {
  return Promise.all(
    PARTS.map(async (part) => summarizeLog(part, await readFile(logFile(part), 'utf8').catch(() => ''))),
  );
}

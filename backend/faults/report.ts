import type { Figure } from './figures.ts';

/** The figures as lines: verdict, figure, target; the run passes when no figure with a target missed. */
export function report(figures: Figure[], details: string[]) {
  const width = Math.max(...figures.map((f) => f.label.length));
  const lines = figures.map((f) => {
    const verdict = f.pass === undefined ? '    ' : f.pass ? 'PASS' : 'MISS';
    const target = f.target ? `   [target ${f.target}]` : '';
    return `${verdict}  ${f.label.padEnd(width)}  ${f.value}${target}`;
  });
  const misses = figures.filter((f) => f.pass === false).length;
  return {
    text: [...lines, ...(details.length ? ['', ...details] : [])].join('\n'),
    misses,
  };
}

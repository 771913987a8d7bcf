import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** frontend/src */
const SRC = fileURLToPath(new URL('..', import.meta.url));
/** Shared layers: anything may import them, they import no feature. */
const SHARED = ['lib/', 'ui/', 'auth/', 'public/'];

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The src-relative targets of a module's relative imports (without extension). */
export function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(IMPORT)].map((match) => normalize(join(dirname(file), match[1]!)));
}

/** The feature a path belongs to: features/<name>/... (files directly in features/ are this tooling). */
const featureOf = (path: string) => {
  const parts = path.split('/');
  return parts[0] === 'features' && parts.length >= 3 ? parts[1] : undefined;
};
/** features/<name>/<file>: the feature's public surface. Anything in a sub-folder is its inside. */
const isTopLevel = (path: string) => path.split('/').length === 3;

/** Why an import from `file` to `target` breaks the rules, or null when it is allowed. */
export function violation(file: string, target: string): string | null {
  const from = featureOf(file);
  const to = featureOf(target);
  if (to && SHARED.some((layer) => file.startsWith(layer)))
    return `${file} is shared code and imports the ${to} feature (${target})`;
  if (from && target.startsWith('routes/')) return `${file} imports a route (${target})`;
  if (from && to && from !== to && !isTopLevel(target))
    return `${file} reaches into the ${to} feature's insides (${target}); import its top-level files only`;
  return null;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts'))
    .map((entry) => relative(SRC, join(entry.parentPath, entry.name)));
}

/** Every broken rule in frontend/src, as readable lines. */
export async function boundaryViolations(): Promise<string[]> {
  const found: string[] = [];
  for (const file of await sourceFiles(SRC)) {
    const text = await readFile(join(SRC, file), 'utf8');
    for (const target of importsOf(file, text)) {
      const problem = violation(file, target);
      if (problem) found.push(problem);
    }
  }
  return found;
}

import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

/** The gzip budget for the JavaScript the home page loads (issue: web app shell). */
export const HOME_JS_BUDGET_KB = 150;

/** A script as built, gzipped at level 9, and as the server sent it (`sentKb`, in `encoding`). */
export type Loaded = { file: string; rawKb: number; gzipKb: number; sentKb: number; encoding: string };

/** Opens `path` and answers every JavaScript file the page loaded, with raw and gzipped sizes. */
export async function javascriptLoadedBy(page: Page, path: string): Promise<Loaded[]> {
  // A body can be gone when the file belonged to the page this navigation leaves (a chunk still arriving
  // for it): that file is not this page's, and is left out.
  const bodies = new Map<string, Promise<{ body: Buffer; sent: number; encoding: string } | null>>();
  const onResponse = (response: Response) => {
    const url = response.url();
    const type = response.headers()['content-type'] ?? '';
    if (response.ok() && (url.endsWith('.js') || type.includes('javascript')))
      bodies.set(
        url,
        Promise.all([response.body(), response.request().sizes()]).then(
          ([body, sizes]) => ({
            body,
            sent: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
          }),
          () => null,
        ),
      );
  };
  page.on('response', onResponse);
  try {
    await page.goto(path, { waitUntil: 'networkidle' });
  } finally {
    page.off('response', onResponse);
  }
  const loaded: Loaded[] = [];
  for (const [url, answer] of bodies) {
    const got = await answer;
    if (!got) continue;
    loaded.push({
      file: basename(new URL(url).pathname),
      rawKb: got.body.length / 1024,
      gzipKb: gzipSync(got.body, { level: 9 }).length / 1024,
      sentKb: got.sent / 1024,
      encoding: got.encoding,
    });
  }
  return loaded.sort((a, b) => b.gzipKb - a.gzipKb);
}

export const totalGzipKb = (loaded: Loaded[]) => loaded.reduce((sum, file) => sum + file.gzipKb, 0);

/**
 * The files of the latest build, relative to `dist`: from Vite's manifest when the build wrote one (the
 * test build does, and may leave an earlier build's chunks beside it), else everything in `dist/assets`.
 */
export async function builtFiles(dist: string): Promise<string[]> {
  try {
    const manifest: Record<string, { file: string; css?: string[]; assets?: string[] }> = JSON.parse(
      await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'),
    );
    const files = Object.values(manifest).flatMap((chunk) => [
      chunk.file,
      ...(chunk.css ?? []),
      ...(chunk.assets ?? []),
    ]);
    return [...new Set(files)];
  } catch {
    return (await readdir(join(dist, 'assets'))).map((file) => `assets/${file}`);
  }
}

/** The built JavaScript chunks a page did not load: code split away to other routes. */
export async function chunksNotLoaded(dist: string, loaded: Loaded[]): Promise<string[]> {
  const names = new Set(loaded.map((file) => file.file));
  return (await builtFiles(dist))
    .map((file) => basename(file))
    .filter((file) => file.endsWith('.js') && !names.has(file))
    .sort();
}

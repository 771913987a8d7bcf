import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../platform/deps.ts';
import { sendKept, ViewTextCache } from '../platform/view-text-cache.ts';
import { publicContent } from '../settings/queries.ts';

const ROOT = '<div id="root"></div>';

/**
 * The page with the public site content written in as a JSON data block (`type="application/json"`: never
 * run, so the content security policy's no-inline-script rule stands). `<` is escaped, so no saved text can
 * close the block; the web app reads it instead of asking GET /api/content (frontend/src/public/content.ts).
 */
export function withSiteContent(html: string, content: unknown): string {
  const json = JSON.stringify(content)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return html.replace(ROOT, `${ROOT}<script type="application/json" id="site-content">${json}</script>`);
}

/**
 * The web app's page (`index.html`) as every page address gets it, with the site content in it: on a
 * satellite or rural link each round trip is long, and the first screen of every public page (and the portal)
 * otherwise waits for the scripts, then for the content. Kept until the settings view changes; its tag names
 * this build's page too, so a browser never keeps a page that names another build's scripts.
 */
export function appPage(deps: Pick<AppDeps, 'rm' | 'watcher'>, webRoot: string) {
  const html = readFileSync(`${webRoot}/index.html`, 'utf8');
  const key = `page-${createHash('sha1').update(html).digest('base64url')}`;
  const cache = new ViewTextCache(['site-settings'], (view) => deps.watcher.changeMarkOf(view), 1);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const kept = await cache.answer(key, cache.version(''), async () =>
      withSiteContent(html, await publicContent(deps)),
    );
    return sendKept(request, reply, kept, {
      type: 'text/html; charset=utf-8',
      gzipFrom: 1024,
      cacheControl: 'no-cache',
    });
  };
}

import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipped = promisify(gzip);

/** A kept answer: its text, a tag naming its version (null: none known), and its gzip, made once. */
export interface KeptText {
  text: string;
  etag: string | null;
  gzip(): Promise<Buffer>;
}

interface Entry {
  version: string;
  text: Promise<string>;
  gzip?: Promise<Buffer>;
}

/**
 * The last answer text made for each key (a calendar feed's audience, a list's filter), kept with the version
 * of the data it was made from: the change marks of the views it reads (see ProjectionWatcher.changeMarkOf)
 * and the business day (overdue flags and feed windows move daily). Clients fetch such answers again and again
 * while nothing changed; making thousands of rows as text costs tens of milliseconds, reading the cache
 * nothing. Marks move with a view's notice before a command's read-your-writes wait is released, so a change a
 * command has answered for is never served stale; a view with no known mark makes no version and nothing is
 * kept. The version is taken before `make` reads, so text made from newer rows is at worst made again.
 * Requests that arrive while a version's text is being made wait for that one making (after a write, a
 * burst of readers would otherwise each read the whole list from the database at once).
 */
export class ViewTextCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly views: readonly string[],
    private readonly markOf: (view: string) => string | undefined,
    private readonly max = 500,
  ) {}

  version(today: string): string | null {
    const parts: string[] = [today];
    for (const view of this.views) {
      const mark = this.markOf(view);
      if (mark === undefined) return null;
      parts.push(mark);
    }
    return parts.join('|');
  }

  /** The text for `key` made at `version`, or made now by `make` (and kept). */
  async text(key: string, version: string | null, make: () => Promise<string>): Promise<string> {
    return (await this.answer(key, version, make)).text;
  }

  /** The text for `key` at `version` with its tag and gzip (see `sendKept`). */
  async answer(key: string, version: string | null, make: () => Promise<string>): Promise<KeptText> {
    if (version === null) {
      const text = await make();
      return { text, etag: null, gzip: () => compress(text) };
    }
    let entry = this.entries.get(key);
    if (entry?.version !== version) {
      const made: Entry = { version, text: make() };
      entry = made;
      this.entries.delete(key);
      this.entries.set(key, made);
      if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
      // A failed making is not kept: the next request tries again.
      made.text.catch(() => this.entries.get(key) === made && this.entries.delete(key));
    }
    const kept = entry;
    const text = await kept.text;
    return {
      text,
      etag: `W/"${createHash('sha1').update(`${key}|${version}`).digest('base64url')}"`,
      gzip: () => {
        kept.gzip ??= compress(text);
        return kept.gzip;
      },
    };
  }
}

// The fastest level: JSON lists still shrink about tenfold, and a list is compressed again after each change.
const compress = (text: string) => gzipped(text, { level: constants.Z_BEST_SPEED });

/** Below this a gzip saves less than it costs. */
const GZIP_FROM_BYTES = 8 * 1024;

/**
 * Sends a kept answer (JSON unless `type` says otherwise): 304 with no body to a client that has this version (its If-None-Match), gzip
 * made once per version to a client that takes it (every browser does), the text otherwise. Lists of thousands
 * of rows are megabytes of JSON: sent as they are, the bytes, not the reading, bound how many a second go out.
 * Fastify passes a string or a Buffer through without serialising it: the route's response schema documents
 * the shape (the text was made from rows of that shape) but does not check it.
 */
export async function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: KeptText,
  {
    type = 'application/json',
    gzipFrom = GZIP_FROM_BYTES,
    cacheControl = 'private, no-cache',
  }: { type?: string; gzipFrom?: number; cacheControl?: string } = {},
) {
  void reply.type(type).header('vary', 'accept-encoding');
  if (kept.etag !== null) {
    void reply.header('etag', kept.etag).header('cache-control', cacheControl);
    if (request.headers['if-none-match'] === kept.etag) return reply.code(304).send();
  }
  const accepts = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (!accepts || kept.text.length < gzipFrom) return reply.send(kept.text);
  return reply.header('content-encoding', 'gzip').send(await kept.gzip());
}

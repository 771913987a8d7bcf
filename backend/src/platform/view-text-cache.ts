import { createHash } from 'node:crypto';

/**
 * The last answer text made for each key (a calendar feed's audience, a list's filter), kept with the version
 * of the data it was made from: the change marks of the views it reads (see ProjectionWatcher.changeMarkOf)
 * and the business day (overdue flags and feed windows move daily). Clients fetch such answers again and again
 * while nothing changed; making thousands of rows as text costs tens of milliseconds, reading the cache
 * nothing. Marks move with a view's notice before a command's read-your-writes wait is released, so a change a
 * command has answered for is never served stale; a view with no known mark makes no version and nothing is
 * kept. The version is taken before `make` reads, so text made from newer rows is at worst made again.
 */
export class ViewTextCache {
  private readonly entries = new Map<string, { version: string; text: string }>();

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

  /**
   * The text with an entity tag naming its key and version (null when no version is known): a client that
   * sends it back as If-None-Match while the version holds already has this text.
   */
  async answer(key: string, version: string | null, make: () => Promise<string>) {
    const etag =
      version === null ? null : `"${createHash('sha1').update(`${key}|${version}`).digest('base64url')}"`;
    const kept = this.entries.get(key);
    if (version !== null && kept?.version === version) return { text: kept.text, etag };
    const text = await make();
    if (version === null) return { text, etag };
    this.entries.delete(key);
    this.entries.set(key, { version, text });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return { text, etag };
  }
}

import { positionToString } from '@app/contracts/events/envelope';

/** The views a feed is read from: a feed's text can only change when one of them has moved. */
export const FEED_VIEWS = ['appointments', 'projects', 'clients'] as const;

/**
 * The last feed text made for each audience (everyone's for staff, one client's), kept with the version of
 * the data it was made from: the positions its views had reached and the business day (the window moves
 * daily). Calendar apps fetch a feed again and again while nothing changed; making a year of events as
 * iCalendar text costs tens of milliseconds, reading the cache nothing. Positions come from the projection
 * watcher, which a command's read-your-writes wait also relies on, so a change a command has answered is never
 * served stale; a position not yet known makes no version and nothing is cached.
 */
export class FeedCache {
  private readonly entries = new Map<string, { version: string; text: string }>();

  constructor(
    private readonly positionOf: (view: string) => { commit: bigint; prepare: bigint } | undefined,
    private readonly max = 500,
  ) {}

  version(today: string): string | null {
    const parts: string[] = [today];
    for (const view of FEED_VIEWS) {
      const at = this.positionOf(view);
      if (!at) return null;
      parts.push(positionToString(at));
    }
    return parts.join('|');
  }

  /** The text for `key` made at `version`, or made now by `make` (and kept). */
  async text(key: string, version: string | null, make: () => Promise<string>): Promise<string> {
    const kept = this.entries.get(key);
    if (version !== null && kept?.version === version) return kept.text;
    const text = await make();
    if (version === null) return text;
    this.entries.delete(key);
    this.entries.set(key, { version, text });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return text;
  }
}

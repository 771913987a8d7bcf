import type { ChangeNotice } from '@app/projections/runtime/apply';
import type { SignedInUser } from './guard.ts';

interface Entry {
  user: SignedInUser;
  until: number;
}

/**
 * Signed-in users by session token hash for a moment, so that most requests skip the session lookup.
 * It never answers for longer than the database would:
 * - an entry lives at most `ttlMs` and never past its session's expiry;
 * - this process drops a session when it revokes it, and all of a user's when it revokes theirs;
 * - every API process drops a user's sessions when the users view changes anything about that user (role,
 *   password, deletion, sign-out), from the projections' change notices;
 * - a lookup that was under way while a user's entries were dropped is not remembered (it may have read
 *   the rows from before the change);
 * - while this process does not hear the notices (its LISTEN connection lost, as when Postgres restarts),
 *   nothing is remembered, and all is forgotten when it hears them again (what it missed is unknown).
 * Unknown tokens are never remembered.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts drops; `droppedAt` holds the count at each user's last drop (`everyone` for a full clear). */
  private drops = 0;
  private readonly droppedAt = new Map<number, number>();
  private everyone = 0;
  private following = true;

  constructor(
    private readonly ttlMs = 1000,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string, now = Date.now()): SignedInUser | null {
    if (!this.following) return null;
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until <= now) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry.user;
  }

  /** Where a lookup starts: pass it to `remember` with its result. */
  mark(): number {
    return this.drops;
  }

  remember(tokenHash: string, user: SignedInUser, expiresAt: Date, startedAt: number, now = Date.now()) {
    if (!this.following || Math.max(this.droppedAt.get(user.id) ?? 0, this.everyone) > startedAt) return;
    if (this.entries.size >= this.maxEntries) this.sweep(now);
    if (this.entries.size >= this.maxEntries) return;
    this.entries.set(tokenHash, { user, until: Math.min(now + this.ttlMs, expiresAt.getTime()) });
  }

  dropSession(tokenHash: string) {
    const entry = this.entries.get(tokenHash);
    this.entries.delete(tokenHash);
    if (entry) this.droppedAt.set(entry.user.id, ++this.drops);
    else this.everyone = ++this.drops; // whose it was is unknown: no lookup under way may be remembered
  }

  dropUser(userId: number) {
    this.droppedAt.set(userId, ++this.drops);
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  dropAll() {
    this.everyone = ++this.drops;
    this.droppedAt.clear();
    this.entries.clear();
  }

  /** Whether the users view's notices reach this process (see the class comment). */
  setFollowing(following: boolean) {
    this.following = following;
    this.dropAll();
  }

  /** Follows the users view: drops the sessions of the users a change names, or all when it cannot say. */
  onViewChange(notice: ChangeNotice) {
    if (notice.projection !== 'users') return;
    if (!notice.keys) return this.dropAll();
    for (const key of notice.keys) this.dropUser(Number(key));
  }

  private sweep(now: number) {
    for (const [hash, entry] of this.entries) if (entry.until <= now) this.entries.delete(hash);
  }
}

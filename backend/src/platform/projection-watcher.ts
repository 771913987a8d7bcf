import { EventEmitter } from 'node:events';
import {
  comparePositions,
  type Position,
  positionFromString,
  positionToString,
} from '@app/contracts/events/envelope';
import { CHANGES_CHANNEL, type ChangeNotice, parseChangeNotices } from '@app/projections/runtime/apply';
import { livePositions } from '@app/projections/runtime/daemon';
import type { Projection } from '@app/projections/runtime/types';
import type { Kysely } from 'kysely';
import pg from 'pg';

/**
 * The views an append of some event types can change: those that act on one of them (a projection that
 * declares no types acts on every one). A command's answer waits for these alone, so a view being rebuilt, or
 * behind on events of its own, never holds up a change it does not show.
 */
export function viewsActingOn(projections: readonly Pick<Projection, 'name' | 'eventTypes'>[]) {
  const byType = new Map<string, readonly string[]>();
  return (eventTypes: readonly string[]): readonly string[] => {
    const views = new Set<string>();
    for (const type of eventTypes) {
      let acting = byType.get(type);
      if (!acting) {
        acting = projections.filter((p) => !p.eventTypes || p.eventTypes.has(type)).map((p) => p.name);
        byType.set(type, acting);
      }
      for (const name of acting) views.add(name);
    }
    return [...views];
  };
}

/**
 * Follows the projections' checkpoints through LISTEN, so that a command can answer once the read models
 * show its events (read your writes) and the websocket hub can push view changes.
 */
export class ProjectionWatcher extends EventEmitter<{ change: [ChangeNotice]; listening: [boolean] }> {
  private readonly positions = new Map<string, Position>();
  /** Per view, the position of its last batch that changed rows, as far as this process has seen. */
  private readonly marks = new Map<string, string>();
  /** Moves with each (re)connection: notices missed meanwhile may have changed any view. */
  private epoch = 0;
  private readonly waiters = new Set<{ target: Position; views: readonly string[]; resolve: () => void }>();
  private client: pg.Client | null = null;
  private poll: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Kysely<unknown>,
    private readonly projectionNames: readonly string[],
  ) {
    super();
  }

  async start(): Promise<void> {
    await this.connect();
    await this.refresh();
    // LISTEN can miss notices while reconnecting: a slow poll keeps positions right regardless.
    this.poll = setInterval(() => void this.refresh().catch(() => undefined), 1000);
  }

  /** Opens the LISTEN connection; on failure or loss, tries again with a growing pause (at most 5 s). */
  private async connect(attempt = 0): Promise<void> {
    const client = new pg.Client(this.pool.options);
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = null;
        this.emit('listening', false);
      }
      client.end().catch(() => undefined);
      if (this.closed) return;
      // Notices sent meanwhile are missed: the poll, and the refresh after reconnecting, cover them.
      const pause = Math.min(5000, 250 * 2 ** Math.min(attempt, 5));
      setTimeout(() => {
        if (this.closed) return;
        this.connect(attempt + 1)
          .then(() => this.refresh())
          .catch(() => undefined);
      }, pause).unref();
    };
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      const notices = parseChangeNotices(msg.payload);
      for (const notice of notices) {
        // Before advancing: a read released by the advance must not find the old mark.
        if (notice.changed > 0) this.marks.set(notice.projection, notice.position);
        this.advance(notice.projection, positionFromString(notice.position), false);
      }
      for (const notice of notices) this.emit('change', notice);
    });
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (err) {
      if (attempt > 0) return onLost(); // reconnects go on by themselves
      lost = true; // the first start reports it
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      lost = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.epoch++;
    this.emit('listening', true);
    attempt = 0;
  }

  private async refresh() {
    for (const [name, pos] of await livePositions(this.db)) this.advance(name, pos, true);
  }

  private advance(name: string, pos: Position, polled: boolean) {
    const known = this.positions.get(name);
    const moved = !known || comparePositions(pos, known) > 0;
    if (moved) this.positions.set(name, pos);
    // A move seen by polling may hide a change whose notice was missed: counted as a change.
    if ((moved && polled) || !this.marks.has(name)) this.marks.set(name, positionToString(pos));
    for (const w of this.waiters) if (this.reached(w.target, w.views)) w.resolve();
  }

  private reached(target: Position, views: readonly string[]) {
    return views.every((n) => {
      const p = this.positions.get(n);
      return p !== undefined && comparePositions(p, target) >= 0;
    });
  }

  /** The position a projection is known to have reached (undefined until its first notice or poll). */
  positionOf(name: string): Position | undefined {
    return this.positions.get(name);
  }

  /**
   * A version of a view's rows: it moves whenever a batch changed rows (or might have: a move learnt by
   * polling, a reconnection) and stays while events pass that the view ignores. Undefined until known.
   */
  changeMarkOf(name: string): string | undefined {
    const mark = this.marks.get(name);
    return mark === undefined ? undefined : `${this.epoch}:${mark}`;
  }

  /**
   * Resolves once `views` (every projection, by default) have passed `target`, or after `timeoutMs` (the
   * answer is not held longer).
   */
  waitFor(
    target: Position,
    timeoutMs: number,
    views: readonly string[] = this.projectionNames,
  ): Promise<boolean> {
    if (this.reached(target, views)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = {
        target,
        views,
        resolve: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  async close() {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    for (const w of this.waiters) w.resolve();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

import type { Redis } from 'ioredis';
import type { SessionCache } from '../auth/session-cache.ts';
import type { AppendResult } from '../eventstore/port.ts';
import type { AggregateCache } from './aggregate-cache.ts';
import type { Config } from './config.ts';
import type { Infrastructure } from './infrastructure.ts';
import type { ProjectionWatcher } from './projection-watcher.ts';

/** What route modules and command handlers are given; built once per process in `processes/`. */
export interface AppDeps extends Pick<Infrastructure, 'db' | 'rm' | 'store' | 'pool'> {
  config: Config;
  watcher: ProjectionWatcher;
  redis: Redis;
  /** Signed-in users by session for a moment, so requests can skip the session lookup. */
  sessions: SessionCache;
  /** Aggregates' states after this process's appends, so commands can skip reading their streams. */
  aggregates: AggregateCache;
  /**
   * Waits (bounded) until the read models show an append: a command answers after its write is visible.
   * With `eventTypes` (what the append stored), only the views that act on one of them are waited for: the
   * others show the same rows before and after. False when the wait ran out (the write is stored all the same).
   */
  waitForProjections(result: AppendResult, eventTypes?: readonly string[]): Promise<boolean>;
}

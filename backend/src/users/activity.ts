import type { TUserEvent } from '@app/contracts/events/users';
import type { RecordWrite } from '../eventstore/port.ts';
import { type Actor, toNewEvents } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { userActivityStream } from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'waitForProjections'>;

/**
 * Appends an account's bookkeeping (sign-ins, sign-outs, mailed passwords) to its activity stream at any
 * revision, with the records that change with it. `stored` is told as soon as the events are (before the read
 * models are waited for, and only when `settled`).
 */
export async function appendActivity(
  deps: Deps,
  actor: Actor,
  userId: number,
  decided: TUserEvent[],
  records: readonly RecordWrite[],
  options: { settled?: boolean; stored?: () => void } = {},
) {
  if (decided.length === 0) return;
  const write = {
    stream: userActivityStream(userId),
    events: toNewEvents(decided, actor),
    expectedRevision: 'any' as const,
  };
  const [result] = await deps.store.appendMany([write], records);
  options.stored?.();
  if (options.settled) await deps.waitForProjections(result!);
}

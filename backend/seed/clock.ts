import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The business's year, replayed through the commands. Commands take "now" from the clock (an invoice's date,
 * a message's time, a signature's time), so to make a year of history through them each seeded command runs
 * with the clock set to the moment it happens in that history (`at`). The shift is kept per async call chain,
 * not globally, so commands at different moments can run at once and everything else (the projections,
 * timeouts, the pool) keeps the real time.
 */
const RealDate = globalThis.Date;
const shifts = new AsyncLocalStorage<number>();
const now = () => RealDate.now() + (shifts.getStore() ?? 0);

const ShiftedDate = new Proxy(RealDate, {
  construct: (target, args, newTarget) =>
    Reflect.construct(target, args.length > 0 ? args : [now()], newTarget),
  apply: () => new RealDate(now()).toString(),
  get: (target, prop, receiver) => (prop === 'now' ? now : Reflect.get(target, prop, receiver)),
});

let users = 0;

/** Runs `work` with the shifting clock in place (nested and concurrent calls share it). */
export async function withBusinessClock<T>(work: () => Promise<T>): Promise<T> {
  if (users++ === 0) globalThis.Date = ShiftedDate;
  try {
    return await work();
  } finally {
    if (--users === 0) globalThis.Date = RealDate;
  }
}

/** Runs a command as if it were `when` (ms since the epoch); the clock keeps running from there. */
export function at<T>(when: number, work: () => Promise<T>): Promise<T> {
  return shifts.run(when - RealDate.now(), work);
}

/** The real time, whatever the clock of the current command says. */
export const realNow = () => RealDate.now();

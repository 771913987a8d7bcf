import type { JobLogger } from './jobs/attempt.ts';

/** Logs a failure that repeats (a connection that keeps failing) once per interval, not at every retry. */
export function throttledWarn(log: JobLogger, message: string, everyMs = 10_000) {
  let last = 0;
  return (err: unknown) => {
    if (Date.now() - last < everyMs) return;
    last = Date.now();
    log.warn({ err }, message);
  };
}

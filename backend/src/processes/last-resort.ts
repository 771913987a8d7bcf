import type { Logger } from 'pino';

let installed = false;

/**
 * Nothing but a signal ends a process. An error no code was waiting for (a promise rejected with no handler,
 * an exception thrown from a callback) is logged with its stack and the process goes on: stopping for it would
 * cut every other request in flight, and while its cause lasts (a database away) a restarted process would
 * meet it again. Each such line is a bug to fix where it arose; this only keeps one from taking the rest down.
 */
export function keepRunningOnForgottenErrors(log: Logger) {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'a promise failed with no one waiting for it; the process goes on');
  });
  process.on('uncaughtException', (err, origin) => {
    log.error({ err, origin }, 'an error escaped every handler; the process goes on');
  });
}

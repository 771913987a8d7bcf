import { parseArgs } from 'node:util';

export interface Options {
  /** How long the load runs (the faults are spread over it; it runs on until the last one recovered). */
  seconds: number;
  clients: number;
  /** Pause of each client between two commands, so the load stays modest on a shared machine. */
  pauseMs: number;
  /** LOG_LEVEL of the application processes (warn keeps the logs small; info shows their start-up). */
  logLevel: string;
  /** Creates carry an Idempotency-Key, as the browser sends them; off shows what a client without one gets. */
  idempotencyKeys: boolean;
}

const usage = `Usage: npm run faults -- [--seconds 90] [--clients 8] [--pause-ms 50] [--log-level warn] [--without-idempotency-key]`;

export function options(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string', default: '90' },
      clients: { type: 'string', default: '8' },
      'pause-ms': { type: 'string', default: '50' },
      'log-level': { type: 'string', default: 'warn' },
      'without-idempotency-key': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const clients = Number(values.clients);
  const pauseMs = Number(values['pause-ms']);
  if (
    values.help ||
    !(seconds >= 30 && seconds <= 150) ||
    !(clients >= 1 && clients <= 32) ||
    !(pauseMs >= 0)
  ) {
    console.error(`${usage}\n  --seconds 30..150, --clients 1..32`);
    process.exit(2);
  }
  return {
    seconds,
    clients,
    pauseMs,
    logLevel: values['log-level'],
    idempotencyKeys: !values['without-idempotency-key'],
  };
}

import type { AppProcesses, Part } from './app-processes.ts';
import type { Cluster } from './postgres-cluster.ts';
import type { RedisServer } from './redis-server.ts';
import { sleep } from './shell.ts';

export interface FaultTargets {
  processes: AppProcesses;
  cluster: Cluster;
  redis: RedisServer;
  /** Called when the store is fully stopped, and again just before it is started: the outage proper. */
  outage(edge: 'down' | 'up'): void;
}

export interface Fault {
  name: string;
  /** How long the outage itself lasts (what the schedule reserves besides recovery). */
  outageMs: number;
  /** Injects the fault and ends it; resolves at its end, with anything worth saying about it. */
  run(t: FaultTargets): Promise<string | undefined>;
}

const kill = (part: Part): Fault => ({
  name: `SIGKILL ${part}`,
  outageMs: 0,
  async run(t) {
    const pid = t.processes.pid(part);
    await t.processes.killAndRestart(part);
    return `killed pid ${pid}, started pid ${t.processes.pid(part)}`;
  },
});

/** The process killed and left down for `ms` (the others go on without it), then started again. */
const down = (part: Part, ms: number): Fault => ({
  name: `${part} down ${ms / 1000} s`,
  outageMs: ms,
  async run(t) {
    await t.processes.kill(part);
    t.outage('down');
    await sleep(ms);
    t.outage('up');
    t.processes.start(part);
    return `SIGKILL, started again after ${ms / 1000} s`;
  },
});

/** Redis stopped for `ms` and started again; it keeps nothing on disk, so it always comes back empty. */
const redisDown = (name: string, ms: number): Fault => ({
  name,
  outageMs: ms,
  async run(t) {
    const before = await t.redis.keys().catch(() => Number.NaN);
    await t.redis.stop();
    t.outage('down');
    await sleep(ms);
    t.outage('up');
    const { dir } = await t.redis.start();
    const empty = await t.redis.startedEmpty(dir);
    if (!empty) throw new Error('Redis came back with data: the fault was not what it says');
    return `${before} keys before, came back empty`;
  },
});

/** The faults of a run, in order, each waited out (recovery) before the next. */
export const FAULTS: Fault[] = [
  kill('api'),
  kill('api2'),
  kill('projections'),
  kill('workers'),
  // Commands answer 202 with their ids while the views stand still; jobs wait for the views they read.
  down('projections', 15_000),
  {
    name: 'Postgres stopped 10 s',
    outageMs: 10_000,
    async run(t) {
      await t.cluster.stop();
      t.outage('down');
      await sleep(10_000);
      t.outage('up');
      await t.cluster.start();
      return 'pg_ctlcluster stop -m fast, start';
    },
  },
  redisDown('Redis stopped 12 s', 12_000),
  redisDown('Redis restarted empty', 500),
];

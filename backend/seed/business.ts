import { projections } from '@app/projections/registry';
import { sql } from 'kysely';
import pino from 'pino';
import { SessionCache } from '../src/auth/session-cache.ts';
import { fileStore } from '../src/files/store.ts';
import { AggregateCache } from '../src/platform/aggregate-cache.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openInfrastructure } from '../src/platform/infrastructure.ts';
import { ProjectionWatcher } from '../src/platform/projection-watcher.ts';
import { startProjections } from '../src/processes/runtime.ts';
import { makeAppointments } from './appointments.ts';
import { realNow, withBusinessClock } from './clock.ts';
import { makeConsultations } from './consultations.ts';
import { DAY, Furthest, type SeedContext, type SeedDeps } from './context.ts';
import { makeDocuments } from './documents.ts';
import { makeEstimates } from './estimates.ts';
import { storedPhotoPalette } from './images.ts';
import { makeInvoices } from './invoices.ts';
import { makeMessages } from './messages.ts';
import { DEMO_PASSWORD, giveKnownPasswords, makeClients, makeTeam, type SeededClient } from './people.ts';
import { Random } from './prng.ts';
import { makeProjects } from './projects.ts';
import { SIZES, type SizeName } from './sizes.ts';

export interface SeedOptions {
  /** Default: the app's DATABASE_URL (environment, else its default). */
  databaseUrl?: string;
  size: SizeName;
  /** Where photos and signatures are stored; default: the app's FILES_DIR. */
  filesDir?: string;
  /** Seed a database that has clients already (e-mails then get a suffix so they stay unique). */
  force?: boolean;
  /** Progress lines (a stage and its seconds); default: none. */
  log?: (line: string) => void;
  seed?: number;
}

export interface SignIn {
  email: string;
  password: string;
  name: string;
}

export class DatabaseHasClients extends Error {}

/** How long the read models may take to show the seed before it gives up. */
const SETTLE_MS = 20 * 60_000;

/**
 * Fills a database with a realistic business (an Alaska camera, Starlink and website installer) through the
 * same command handlers the API's routes call, each at its moment of a year of history (`clock.ts`): events
 * only, so rebuilds and replay-check work on it. The read models are brought up to date by projections run
 * here and waited for once per stage that needs them. Answers what was made, how long it took, and sign-ins.
 */
export async function seedBusiness(options: SeedOptions) {
  const started = realNow();
  const size = SIZES[options.size];
  const log = options.log ?? (() => undefined);
  const config = loadConfig({
    ...process.env,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.filesDir ? { FILES_DIR: options.filesDir } : {}),
    // The seed writes events to the database it is given, never to another configured store.
    EVENTSTORE_URL: '',
    LOG_LEVEL: 'silent',
  });
  // The small set runs beside other tests on a server of 100 connections: a few do for it.
  const infra = await openInfrastructure(config, options.size === 'small' ? 8 : 24);
  const watcher = new ProjectionWatcher(
    infra.pool,
    infra.db,
    projections.map((p) => p.name),
  );
  let daemon: ReturnType<typeof startProjections> | null = null;
  try {
    const existing = await clientsIn(infra.db);
    if (existing > 0 && !options.force)
      throw new DatabaseHasClients(
        `The database already has ${existing} clients: seed an empty one, or pass --force to add another business's worth.`,
      );
    const tag = existing > 0 ? `.r${existing}` : '';
    await watcher.start();
    daemon = startProjections(infra, pino({ level: 'silent' }));
    const furthest = new Furthest();
    const deps: SeedDeps = {
      config,
      db: infra.db,
      rm: infra.rm,
      store: infra.store,
      pool: infra.pool,
      aggregates: new AggregateCache(),
      sessions: new SessionCache(),
      // Commands do not wait for the read models one by one: the seed waits once per stage (settle).
      waitForProjections: async (result) => {
        furthest.see(result.lastPosition);
        return false;
      },
    };
    const end = Date.now();
    const ctx: SeedContext = {
      deps,
      random: new Random(options.seed ?? 907),
      files: fileStore(config.FILES_DIR),
      start: end - size.historyDays * DAY,
      end,
      width: size.width,
    };
    const settle = async () => {
      if (furthest.position && !(await watcher.waitFor(furthest.position, SETTLE_MS)))
        throw new Error('The read models did not catch up with the seed in time.');
    };
    const stage = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const t = realNow();
      const result = await work();
      log(`${name}: ${((realNow() - t) / 1000).toFixed(1)} s`);
      return result;
    };

    return await withBusinessClock(async () => {
      const team = await stage('team', () => makeTeam(ctx, tag));
      const clients = await stage('clients', () => makeClients(ctx, team[0]!, size.clients, tag));
      await stage('client passwords', () => giveKnownPasswords(ctx, clients, size.knownPasswords));
      const palette = await stage('photos', () =>
        storedPhotoPalette(ctx.random.fork('photos'), ctx.files, size.photoPalette),
      );
      const projects = await stage('projects', () =>
        makeProjects(ctx, team, clients, palette, size.projects),
      );
      const invoices = await stage('invoices', () => makeInvoices(ctx, team, projects, size.invoices));
      // Staff write to a client's conversation only once the clients view shows that client.
      await stage('read models (clients)', settle);
      const messages = await stage('messages', () =>
        makeMessages(ctx, team, clients, projects, size.messages),
      );
      const appointments = await stage('appointments', () =>
        makeAppointments(ctx, team, projects, size.appointments, size.aheadDays * DAY),
      );
      const documents = await stage('documents', () => makeDocuments(ctx, team, projects, size.documents));
      const consultations = await stage('consultations', () =>
        makeConsultations(ctx, team, size.consultations, tag),
      );
      const estimates = await stage('estimates', () => makeEstimates(ctx, team, clients, size.estimates));
      await stage('read models', settle);
      const events = await eventCount(infra.db);
      const owner = team[0]!;
      // The client printed is the one of those with the most jobs: the portal then shows the most.
      const jobs = (c: SeededClient) => projects.filter((p) => p.client === c).length;
      const signedClients = clients
        .slice(0, size.knownPasswords)
        .sort((a, b) => jobs(b) - jobs(a))
        .map((c): SignIn => ({ email: c.email, password: DEMO_PASSWORD, name: c.name }));
      return {
        size: options.size,
        seconds: (realNow() - started) / 1000,
        counts: {
          events,
          staff: team.length,
          clients: clients.length,
          projects: projects.length,
          photos: projects.reduce((n, p) => n + p.photos, 0),
          ...invoices,
          ...messages,
          ...appointments,
          ...documents,
          ...consultations,
          ...estimates,
        },
        signIns: {
          admin: { email: owner.email, password: DEMO_PASSWORD, name: owner.name } satisfies SignIn,
          client: signedClients[0]!,
          /** Every client given the demo password (for the load bench). */
          clients: signedClients,
        },
      };
    });
  } finally {
    await daemon?.stop();
    await watcher.close();
    await infra.close();
  }
}

export type SeedResult = Awaited<ReturnType<typeof seedBusiness>>;

/** Clients already in the event store (the seed's own Postgres store). */
async function clientsIn(db: SeedDeps['db']): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM es_events WHERE type = 'ClientRegistered'`.execute(db);
  return rows[0]?.n ?? 0;
}

async function eventCount(db: SeedDeps['db']): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM es_events`.execute(db);
  return rows[0]?.n ?? 0;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { comparePositions } from '@app/contracts/events/envelope';
import { projections as views } from '@app/projections/registry';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../src/platform/config.ts';
import type { AppDeps } from '../src/platform/deps.ts';
import { openInfrastructure } from '../src/platform/infrastructure.ts';
import { buildApp } from '../src/processes/app.ts';
import { createDeps, createRedis, startProjections, startWorkerProcesses } from '../src/processes/runtime.ts';
import { bootstrapAdmin } from '../src/users/bootstrap.ts';
import { createTestDatabase } from './db.ts';
import { eventually } from './eventually.ts';
import { appFolderPrefix, deleteKeys, testRunId } from './leftovers.ts';

export const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };
/** The password `activate` chooses unless told otherwise (a test signs in with it). */
export const CHOSEN_PASSWORD = 'chosen-password-1';

/**
 * The whole backend against a fresh database: projections (and optionally workers) running in-process,
 * the first admin created, and helpers to call the HTTP API through `app.inject`.
 */
export async function startTestApp(
  options: {
    workers?: boolean;
    env?: Record<string, string>;
    sessionCacheMs?: number;
    /** The address the app reaches its database at (e.g. through a proxy a fault test can cut). */
    databaseUrl?: (url: string) => string | Promise<string>;
    /** The API's request log and request ids (silent, random ids unless given). */
    http?: Pick<FastifyServerOptions, 'logger' | 'genReqId'>;
  } = {},
) {
  const database = await createTestDatabase();
  // Its mail outbox and stored files, removed when it closes.
  const folder = await mkdtemp(join(tmpdir(), appFolderPrefix(testRunId())));
  const outbox = join(folder, 'outbox');
  const config = loadConfig({
    DATABASE_URL: options.databaseUrl ? await options.databaseUrl(database.url) : database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OUTBOX_DIR: outbox,
    FILES_DIR: join(folder, 'files'),
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT: '1000',
    PUBLIC_FORM_RATE_LIMIT: '1000',
    // A loaded test machine can take longer than production's 2 s to show a change; a test that wants the
    // 202 of a change not yet shown pauses the projections instead.
    READ_YOUR_WRITES_TIMEOUT_MS: '10000',
    ...options.env,
  });
  const log = pino({ level: 'silent' });
  const infra = await openInfrastructure(config, 20);
  const redis = createRedis(config);
  let projections = startProjections(infra, log);
  const deps: AppDeps = await createDeps(config, infra, redis, { sessionCacheMs: options.sessionCacheMs });
  // Each test app has its own queues, so parallel test files never take each other's jobs.
  const workers = options.workers ? startWorkerProcesses(deps, log, `ng-${database.name}`) : null;
  await bootstrapAdmin(deps);
  /** Every route the slices added (not the automatic HEADs), as the access-matrix and bad-input tests need. */
  const routes: RouteOptions[] = [];
  const app: FastifyInstance = await buildApp(
    deps,
    { logger: process.env.TEST_LOG ? { level: 'error' } : false, ...options.http },
    (route) => {
      if (route.method !== 'HEAD') routes.push(route);
    },
  );
  await app.ready();

  const call = async (method: string, url: string, body?: unknown, token?: string | null) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const json = res.body ? safeJson(res.body) : null;
    return { status: res.statusCode, body: json, headers: res.headers };
  };
  let created = 0;
  /** Creates an account through the API as the first admin; answers its id, e-mail and temporary password. */
  const createUser = async (
    input: { email?: string; firstName?: string; lastName?: string; role?: string } = {},
  ) => {
    created++;
    const email = input.email ?? `person-${created}@example.com`;
    const body = { firstName: `Person${created}`, lastName: 'Test', role: 'user', ...input, email };
    const res = await call('POST', '/api/auth/create-user', body, adminToken);
    if (res.status !== 201) throw new Error(`create-user failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.user.id as number, email, temporaryPassword: res.body.temporaryPassword as string };
  };
  const login = async (email: string, password: string) => {
    const res = await call('POST', '/api/auth/login', { email, password });
    if (res.status !== 200)
      throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };

  /** Signs in with a temporary password and replaces it, as a new user must; answers the session token. */
  const activate = async (email: string, temporaryPassword: string, newPassword = CHOSEN_PASSWORD) => {
    const token = await login(email, temporaryPassword);
    const res = await call(
      'POST',
      '/api/auth/change-password',
      { currentPassword: temporaryPassword, newPassword },
      token,
    );
    if (res.status !== 200)
      throw new Error(`change-password ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return token;
  };

  const others: { app: FastifyInstance; deps: AppDeps }[] = [];
  /**
   * Another API process on the same database: its own session cache, projection watcher and aggregate cache
   * (sharing this one's pool and Redis), called through its own `call`.
   */
  const anotherApi = async () => {
    const otherDeps = await createDeps(config, infra, redis, { sessionCacheMs: options.sessionCacheMs });
    const other = await buildApp(otherDeps, { logger: false });
    await other.ready();
    others.push({ app: other, deps: otherDeps });
    return async (method: string, url: string, body?: unknown, token?: string | null) => {
      const res = await other.inject({
        method: method as 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: res.statusCode, body: res.body ? safeJson(res.body) : null };
    };
  };

  // A new database's views are made by the projections' first run: a test starts once every view is there and
  // has caught up with what start-up stored, as a person meets a server that has been up for a moment.
  const tables = views.flatMap((p) => p.tables.map((table) => `rm.${table}`));
  const head = await infra.store.headPosition();
  await eventually(
    'the read models made and caught up',
    async () => {
      const { rows } = await sql<{ missing: number }>`
      SELECT count(*)::int AS missing FROM unnest(${tables}::text[]) AS t(name) WHERE to_regclass(t.name) IS NULL`.execute(
        infra.db,
      );
      if (rows[0]?.missing !== 0) return false;
      return views.every((p) => {
        const reached = deps.watcher.positionOf(p.name);
        return reached !== undefined && comparePositions(reached, head) >= 0;
      });
    },
    30_000,
  );
  const adminToken = await login(ADMIN.email, ADMIN.password);
  return {
    app,
    routes,
    deps,
    config,
    outbox,
    database,
    call,
    login,
    activate,
    createUser,
    adminToken,
    anotherApi,
    /** Stops the read models' updates (as a projections process that is down) until `resumeProjections`. */
    pauseProjections: () => projections.stop(),
    resumeProjections: () => {
      projections = startProjections(infra, log);
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await other.deps.watcher.close();
      }
      await app.close();
      await workers?.stop();
      await projections.stop();
      await deps.watcher.close();
      // What this app leaves outside its database: its queues' keys and its folder.
      await deleteKeys(redis, `ng-${database.name}:*`);
      redis.disconnect();
      await infra.close();
      await database.drop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

function safeJson(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

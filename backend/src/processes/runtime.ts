import { randomUUID } from 'node:crypto';
import { projections } from '@app/projections/registry';
import type { ChangeNotice } from '@app/projections/runtime/apply';
import { ProjectionDaemon } from '@app/projections/runtime/daemon';
import { type JobRuntimeOptions, startJobRuntime } from '@app/workers/job-runtime';
import { jobDefinitions } from '@app/workers/jobs/definitions';
import { createMailer } from '@app/workers/mail/mailer';
import { jobDispatcher } from '@app/workers/process-manager';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { forgetStaleSecrets } from '../auth/credentials.ts';
import { SessionCache } from '../auth/session-cache.ts';
import { recordSetupSucceeded } from '../billing/cards.ts';
import { chargeRecurringInvoice } from '../billing/charge.ts';
import { startBillingTimer } from '../billing/issue.ts';
import { clientEventIcs } from '../calendar/ics.ts';
import { startCalendarPulls } from '../calendar-sync/pull.ts';
import { pushKeys } from '../calendar-sync/push.ts';
import { invoicePdfFile } from '../invoices/export-routes.ts';
import { presenceLookup } from '../live/presence.ts';
import { liveNamespace } from '../live/relay.ts';
import { AggregateCache } from '../platform/aggregate-cache.ts';
import { systemActor } from '../platform/command.ts';
import type { Config } from '../platform/config.ts';
import { pipelinedConnections } from '../platform/db.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { Infrastructure } from '../platform/infrastructure.ts';
import { ProjectionWatcher, viewsActingOn } from '../platform/projection-watcher.ts';
import { applyStripeEvent } from '../stripe/apply.ts';
import { voidInvoiceCardPayments } from '../stripe/intents.ts';
import { invoicePaymentsOf } from '../stripe/invoice-payments.ts';
import type { SavedCards } from '../stripe/port.ts';
import { startStripeReconciliation } from '../stripe/reconcile.ts';
import { recordTemporaryPasswordMailed } from '../users/commands.ts';
import { sweepOrphanLogins } from '../users/orphans.ts';
import { buildApp } from './app.ts';

/** The jobs' Redis connection. It reconnects by itself; /readyz reports it while it is down. */
export function createRedis(config: Config) {
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: false });
  redis.on('error', () => undefined); // unhandled, ioredis prints every failed reconnect
  return redis;
}

/** Keeps the read models up to date. */
export function startProjections(infra: Infrastructure, log: Logger) {
  const daemon = new ProjectionDaemon(
    infra.db,
    infra.store,
    projections,
    { info: (o, m) => log.info(o, m), error: (o, m) => log.error(o, m) },
    { pipelined: pipelinedConnections(infra.pool) },
  );
  daemon.start();
  return { stop: () => daemon.stop() };
}

export async function createDeps(
  config: Config,
  infra: Infrastructure,
  redis: Redis,
  options: { sessionCacheMs?: number } = {},
): Promise<AppDeps> {
  const actingViews = viewsActingOn(projections);
  const watcher = new ProjectionWatcher(
    infra.pool,
    infra.db,
    projections.map((p) => p.name),
  );
  await watcher.start();
  const sessions = new SessionCache(options.sessionCacheMs);
  watcher.on('change', (notice) => sessions.onViewChange(notice));
  watcher.on('listening', (listening) => sessions.setFollowing(listening));
  return {
    config,
    db: infra.db,
    rm: infra.rm,
    store: infra.store,
    pool: infra.pool,
    redis,
    watcher,
    aggregates: new AggregateCache(),
    sessions,
    async waitForProjections(result, eventTypes) {
      const views = eventTypes === undefined ? undefined : actingViews(eventTypes);
      return watcher.waitFor(result.lastPosition, config.READ_YOUR_WRITES_TIMEOUT_MS, views);
    },
  };
}

const ORPHAN_SWEEP_MS = 5 * 60_000;

export async function startApi(deps: AppDeps) {
  const app = await buildApp(deps);
  const address = await app.listen({ port: deps.config.PORT, host: deps.config.HOST });
  const sweep = setInterval(() => {
    // On EventStoreDB only: credentials reserved by a process that died before its account's events were
    // stored (see prepareAccount). On Postgres they are written in the append's transaction.
    if (deps.store.kind === 'eventstoredb')
      sweepOrphanLogins(deps).then(
        (removed) => removed.length > 0 && app.log.warn({ removed }, 'removed sign-ins that have no account'),
        (err) => app.log.warn({ err }, 'sweeping sign-ins without an account failed'),
      );
    // Temporary passwords held for a mail that never went out within their 7 days.
    forgetStaleSecrets(deps.db).then(
      (forgotten) => forgotten > 0 && app.log.warn({ forgotten }, 'forgot temporary passwords never mailed'),
      (err) => app.log.warn({ err }, 'forgetting stale held secrets failed'),
    );
  }, ORPHAN_SWEEP_MS);
  sweep.unref();
  return {
    app,
    address,
    stop: async () => {
      clearInterval(sweep);
      await app.close();
    },
  };
}

/**
 * Jobs: the dispatcher (events → rows of the `jobs` table, under the projection runtime, never touching
 * Redis), and the pump and handlers (rows → BullMQ → handlers, outcomes back into the table). `options` are
 * for tests (another Redis address, quicker rounds, fewer retries).
 */
export function startWorkerProcesses(
  deps: AppDeps,
  log: Logger,
  queuePrefix = deps.config.REDIS_NAMESPACE,
  options: JobRuntimeOptions & {
    redisUrl?: string;
    calendarPullMs?: number;
    stripeReconcileMs?: number;
    billingEveryMs?: number;
  } = {},
) {
  const invoicePayments = invoicePaymentsOf(deps);
  const savedCards: SavedCards = {
    recordSetupSucceeded: (actor, setupIntentId) => recordSetupSucceeded(deps, actor, setupIntentId),
  };
  const mailer = createMailer({
    smtpUrl: deps.config.SMTP_URL,
    outboxDir: deps.config.OUTBOX_DIR,
    from: deps.config.MAIL_FROM,
  });
  const jobs = startJobRuntime({
    db: deps.db,
    redisUrl: options.redisUrl ?? deps.config.REDIS_URL,
    prefix: queuePrefix,
    mailer,
    log,
    options,
    deps: {
      db: deps.db,
      publicUrl: deps.config.PUBLIC_URL,
      readStream: (stream) => deps.store.readStream(stream),
      recordMailed: (userId, to, messageId, causationId) =>
        recordTemporaryPasswordMailed(deps, systemActor(randomUUID(), causationId), userId, {
          to,
          messageId,
          issuedBy: causationId,
        }),
      isConnected: presenceLookup(deps.redis, liveNamespace(deps.config)),
      eventIcs: clientEventIcs(deps.config.PUBLIC_URL),
      invoicePdf: (invoiceId) => invoicePdfFile(deps, invoiceId),
      calendarPush: (keys, pushOptions) => pushKeys(deps, keys, pushOptions),
      applyStripeEvent: (eventId, causationId) =>
        applyStripeEvent(deps, invoicePayments, savedCards, eventId, causationId),
      voidInvoiceCardPayments: (invoiceId) => voidInvoiceCardPayments(deps, invoiceId),
      chargeRecurringInvoice: (invoiceId, causationId) =>
        chargeRecurringInvoice(deps, invoicePayments, invoiceId, causationId),
    },
  });
  const onChange = (notice: ChangeNotice) => jobs.onProjectionChange(notice);
  deps.watcher.on('change', onChange);
  const dispatcher = new ProjectionDaemon(deps.db, deps.store, [jobDispatcher(jobDefinitions)], {
    info: (o, m) => log.info(o, m),
    error: (o, m) => log.error(o, m),
  });
  dispatcher.start();
  // Google Calendar pulls (two-way and import-only sync): one process at a time, by an advisory lock.
  const calendarPulls = startCalendarPulls(deps, log, options.calendarPullMs);
  // Card payments whose webhook was lost: one process at a time, by an advisory lock (stripe/reconcile.ts).
  const stripeSweep = startStripeReconciliation(deps, invoicePayments, log, options.stripeReconcileMs);
  // Recurring billing: each plan's due periods invoiced once, one process at a time (billing/issue.ts).
  const billing = startBillingTimer(deps, log, options.billingEveryMs);
  return {
    jobs,
    async stop() {
      deps.watcher.off('change', onChange);
      await calendarPulls.stop();
      await stripeSweep.stop();
      await billing.stop();
      await dispatcher.stop();
      await jobs.stop();
    },
  };
}

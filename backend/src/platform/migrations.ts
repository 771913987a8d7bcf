import { projectionRuntimeFunctionsSql, projectionRuntimeSql } from '@app/projections/runtime/checkpoints';
import { messageMailsTableSql } from '@app/workers/jobs/message-client-mail';
import { jobsRunAtSql, jobsTableSql } from '@app/workers/jobs/table';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { credentialsFollowEventsSql } from '../auth/credentials.ts';
import { billingCardDetailsSql, billingTablesSql } from '../billing/tables.ts';
import { calendarFeedsTableSql } from '../calendar/feed-store.ts';
import { calendarTablesSql } from '../calendar-sync/tables.ts';
import { eventStoreFunctionsSql, eventStoreSchemaSql } from '../eventstore/postgres.ts';
import { stripeTablesSql } from '../stripe/tables.ts';

const raw = (text: string): Migration => ({ up: async (db) => void (await sql.raw(text).execute(db)) });

/** Ordinary tables: the embedded event store, the projection runtime, and secrets that never go into events. */
const migrations: Record<string, Migration> = {
  '0001_event_store': raw(eventStoreSchemaSql),
  '0002_projection_runtime': raw(projectionRuntimeSql),
  '0003_auth': raw(`
    CREATE SEQUENCE IF NOT EXISTS user_ids;
    CREATE TABLE credentials (
      user_id integer PRIMARY KEY,
      email text NOT NULL UNIQUE,
      password_hash text NOT NULL,
      must_change_password boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE temporary_passwords (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES credentials(user_id) ON DELETE CASCADE,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ON temporary_passwords (user_id, id DESC);
    CREATE TABLE sessions (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX ON sessions (user_id);
    -- A temporary password waiting to be mailed, removed once sent. Keyed by the event that issued it.
    CREATE TABLE outgoing_secrets (
      event_id uuid PRIMARY KEY,
      user_id integer NOT NULL,
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );`),
  '0004_consultation_ids': raw('CREATE SEQUENCE IF NOT EXISTS consultation_ids;'),
  '0005_client_project_note_ids': raw(
    'CREATE SEQUENCE IF NOT EXISTS client_ids; CREATE SEQUENCE IF NOT EXISTS project_ids; CREATE SEQUENCE IF NOT EXISTS daily_note_ids;',
  ),
  // Every job an event started and its outcome: the source of truth for jobs, Redis only carries them.
  '0030_jobs': raw(jobsTableSql),
  // A websocket ticket: one use, a few seconds, bound to the session that asked for it (only hashes kept).
  '0040_ws_tickets': raw(`
    CREATE TABLE ws_tickets (
      ticket_hash text PRIMARY KEY,
      session_hash text NOT NULL,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX ON ws_tickets (expires_at);`),
  // The key that signs file addresses, made once by whichever process starts first.
  '0041_file_url_keys': raw(`
    CREATE TABLE file_url_keys (
      id smallint PRIMARY KEY CHECK (id = 1),
      secret bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );`),
  // The record id a create request with an Idempotency-Key got, so its retry makes no second record.
  '0050_idempotency_keys': raw(`
    CREATE TABLE idempotency_keys (
      scope text NOT NULL,
      key text NOT NULL,
      record_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, key)
    );
    CREATE INDEX ON idempotency_keys (created_at);`),
  '0060_document_ids': raw('CREATE SEQUENCE IF NOT EXISTS document_ids;'),
  '0070_form_ids': raw('CREATE SEQUENCE IF NOT EXISTS form_ids;'),
  '0080_message_ids': raw('CREATE SEQUENCE IF NOT EXISTS message_ids;'),
  '0090_message_mails': raw(messageMailsTableSql),
  '0100_appointment_ids': raw('CREATE SEQUENCE IF NOT EXISTS appointment_ids;'),
  '0110_jobs_run_at': raw(jobsRunAtSql),
  // Google Calendar connections (encrypted refresh tokens), their key and the OAuth states under way.
  '0130_calendar_connections': raw(calendarTablesSql),
  // Private calendar subscription addresses (hash and nonce, never the token) and the key they are derived with.
  '0140_calendar_feeds': raw(calendarFeedsTableSql),
  '0150_estimate_ids': raw('CREATE SEQUENCE IF NOT EXISTS estimate_ids;'),
  '0160_invoice_ids': raw('CREATE SEQUENCE IF NOT EXISTS invoice_ids;'),
  // Card payment intents still open: the Stripe reconciliation sweep's work list (stripe/tables.ts).
  '0190_stripe_payment_intents': raw(stripeTablesSql),
  // Recurring billing plans' ids, and each client's Stripe customer and saved card (billing/tables.ts).
  '0200_billing': raw(billingTablesSql),
  // The saved card as the portal shows it, and which SetupIntent it came from (billing/tables.ts).
  '0210_billing_card_details': raw(billingCardDetailsSql),
  // What a session needs of its account, kept with the account's events (auth/credentials.ts), and the
  // expiry of temporary passwords (those already issued count their 7 days from now).
  '0225_credentials_follow_events': raw(credentialsFollowEventsSql),
  // An append that conflicts raises, so a transaction sent in one round trip fails with it (eventstore/postgres.ts).
  '0230_event_store_conflicts_raise': raw(eventStoreFunctionsSql),
  // A checkpoint move that finds one moved raises, so a batch sent with its COMMIT fails (runtime/checkpoints.ts).
  '0231_projection_checkpoint_conflicts_raise': raw(projectionRuntimeFunctionsSql),
  // Trigram indexes, so the lists' searches (`?q=`, any part of a name or title) use an index (issue 23).
  '0240_search_trigrams': raw('CREATE EXTENSION IF NOT EXISTS pg_trgm;'),
};

/** Postgres' "undefined table" and "invalid schema name": a schema or table dropped while it was being listed. */
const DROPPED_MEANWHILE = new Set(['42P01', '3F000']);

export async function migrate(db: Kysely<unknown>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely lists every table of every schema before it migrates; a projections process starting beside this
  // one may drop a rebuild's scratch schema (rm_build_*) in the middle of that listing. The same listing a
  // moment later is right, so it is tried again (a real failure fails every time).
  for (let attempt = 1; error && attempt < 5; attempt++) {
    if (!DROPPED_MEANWHILE.has((error as { code?: string }).code ?? '')) break;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

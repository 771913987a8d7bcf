import type { TRole } from '@app/contracts/api/users';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { RecordWrite } from '../eventstore/port.ts';
import { conflict } from '../platform/errors.ts';

/** How many generated temporary passwords are kept per user (spec part 2, section 6). */
const KEEP_TEMPORARY = 5;
/** A temporary password signs in for this long after it was issued; a held one is forgotten after it too. */
export const TEMPORARY_PASSWORD_DAYS = 7;

/**
 * Sign-in credentials and what a session needs of its account (role, name), in an ordinary table: never in
 * events. Every change to them is a `RecordWrite`, written in the same transaction as the user's events that
 * say so (`runCommand`'s and `commitChange`'s `records`), so they never change for a change that was refused.
 * `role` is null on rows made before it was kept here; the session guard then reads it from the users view.
 */
export const credentialsFollowEventsSql = `
  ALTER TABLE credentials
    ADD COLUMN role text,
    ADD COLUMN first_name text,
    ADD COLUMN last_name text,
    ADD COLUMN created_at timestamptz,
    ADD COLUMN temporary_expires_at timestamptz;
  UPDATE credentials SET temporary_expires_at = now() + interval '${TEMPORARY_PASSWORD_DAYS} days'
    WHERE must_change_password;
  CREATE INDEX ON outgoing_secrets (created_at);`;

export interface Credentials {
  user_id: number;
  email: string;
  password_hash: string;
  must_change_password: boolean;
  /** A temporary password older than `TEMPORARY_PASSWORD_DAYS`. */
  temporary_expired: boolean;
  role: TRole | null;
  first_name: string | null;
  last_name: string | null;
  created_at: Date | null;
}

const columns = sql`user_id, email, password_hash, must_change_password, role, first_name, last_name, created_at,
  (must_change_password AND temporary_expires_at <= now()) IS TRUE AS temporary_expired`;

export async function credentialsByEmail(db: Kysely<unknown>, email: string) {
  const { rows } = await sql<Credentials>`SELECT ${columns}
    FROM credentials WHERE email = ${email.toLowerCase()}`.execute(db);
  return rows[0] ?? null;
}

export async function credentialsById(db: Kysely<unknown>, userId: number) {
  const { rows } =
    await sql<Credentials>`SELECT ${columns} FROM credentials WHERE user_id = ${userId}`.execute(db);
  return rows[0] ?? null;
}

export interface NewCredentials {
  userId: number;
  email: string;
  passwordHash: string;
  temporary: boolean;
  /** Null while reserved on EventStoreDB: no session works until the account's events say who it is. */
  role: TRole | null;
  firstName: string | null;
  lastName: string | null;
}

const EMAIL_TAKEN = 'A user with this email already exists.';

/** 409 when another account signs in with `email` (the unique index still decides a race: `emailTakenOr`). */
export async function refuseTakenEmail(db: Kysely<unknown>, email: string, userId: number) {
  const { rows } = await sql`SELECT 1 FROM credentials
    WHERE email = ${email.toLowerCase()} AND user_id <> ${userId}`.execute(db);
  if (rows.length > 0) throw conflict(EMAIL_TAKEN, 'email_taken');
}

/** A write that met the unique e-mail of another account (two creates racing) as the 409 it is; others as they are. */
export function emailTakenOr(err: unknown): unknown {
  const pg = err as { code?: string; constraint?: string };
  return pg.code === '23505' && pg.constraint === 'credentials_email_key'
    ? conflict(EMAIL_TAKEN, 'email_taken')
    : err;
}

/**
 * A new account's credentials. The unique e-mail column keeps two accounts from sharing one; a row left for
 * the same e-mail and the same id by an earlier attempt of the same request is taken over (EventStoreDB's
 * reservation, see `users/commands.ts`).
 */
export function createCredentials(db: Kysely<unknown>, account: NewCredentials): RecordWrite[] {
  const { userId, passwordHash, temporary, role, firstName, lastName } = account;
  const email = account.email.toLowerCase();
  const writes = [
    sql`INSERT INTO credentials (user_id, email, password_hash, must_change_password, role, first_name, last_name,
        created_at, temporary_expires_at)
      VALUES (${userId}, ${email}, ${passwordHash}, ${temporary}, ${role}, ${firstName}, ${lastName}, now(),
        ${temporary ? sql`now() + interval '${sql.raw(String(TEMPORARY_PASSWORD_DAYS))} days'` : null})
      ON CONFLICT (user_id) DO UPDATE SET password_hash = excluded.password_hash,
        must_change_password = excluded.must_change_password, temporary_expires_at = excluded.temporary_expires_at,
        role = excluded.role, first_name = excluded.first_name, last_name = excluded.last_name,
        created_at = excluded.created_at, updated_at = now()
      WHERE credentials.email = excluded.email`.compile(db),
  ];
  if (temporary)
    writes.push(
      sql`INSERT INTO temporary_passwords (user_id, password_hash) VALUES (${userId}, ${passwordHash})`.compile(
        db,
      ),
    );
  return writes;
}

/** A new temporary password: it replaces the current one, must be changed at sign-in, and expires. */
export const setTemporaryPassword = (db: Kysely<unknown>, userId: number, passwordHash: string) => [
  sql`UPDATE credentials SET password_hash = ${passwordHash}, must_change_password = true,
      temporary_expires_at = now() + interval '${sql.raw(String(TEMPORARY_PASSWORD_DAYS))} days', updated_at = now()
    WHERE user_id = ${userId}`.compile(db),
  sql`INSERT INTO temporary_passwords (user_id, password_hash) VALUES (${userId}, ${passwordHash})`.compile(
    db,
  ),
  sql`DELETE FROM temporary_passwords WHERE user_id = ${userId} AND id NOT IN (
      SELECT id FROM temporary_passwords WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${KEEP_TEMPORARY})`.compile(
    db,
  ),
];

export const setPassword = (db: Kysely<unknown>, userId: number, passwordHash: string) =>
  sql`UPDATE credentials SET password_hash = ${passwordHash}, must_change_password = false,
      temporary_expires_at = NULL, updated_at = now()
    WHERE user_id = ${userId}`.compile(db);

export const setRole = (db: Kysely<unknown>, userId: number, role: TRole) =>
  sql`UPDATE credentials SET role = ${role}, updated_at = now() WHERE user_id = ${userId}`.compile(db);

export const setName = (db: Kysely<unknown>, userId: number, name: { firstName: string; lastName: string }) =>
  sql`UPDATE credentials SET first_name = ${name.firstName}, last_name = ${name.lastName}, updated_at = now()
    WHERE user_id = ${userId}`.compile(db);

/**
 * What a row made before roles were kept here lacks, as the account's stream says: filled once, and never
 * over a role a change has written since (`role IS NULL`).
 */
export const fillAccount = (
  db: Kysely<unknown>,
  userId: number,
  account: { role: TRole; firstName: string; lastName: string; createdAt: string },
) =>
  sql`UPDATE credentials SET role = ${account.role}, first_name = ${account.firstName},
      last_name = ${account.lastName}, created_at = ${account.createdAt}
    WHERE user_id = ${userId} AND role IS NULL`.compile(db);

/** The account is gone: its credentials, its history of temporary passwords and any secret held for mail. */
export const deleteCredentials = (db: Kysely<unknown>, userId: number) => [
  sql`DELETE FROM credentials WHERE user_id = ${userId}`.compile(db),
  sql`DELETE FROM outgoing_secrets WHERE user_id = ${userId}`.compile(db),
];

/** Keeps a temporary password until the mail job has sent it; the event that issued it is the key. */
export const holdSecretForMail = (db: Kysely<unknown>, eventId: string, userId: number, secret: string) =>
  sql`INSERT INTO outgoing_secrets (event_id, user_id, secret) VALUES (${eventId}, ${userId}, ${secret})`.compile(
    db,
  );

/** The held secret is mailed: forgotten with the event that records the mail. */
export const forgetHeldSecret = (db: Kysely<unknown>, eventId: string) =>
  sql`DELETE FROM outgoing_secrets WHERE event_id = ${eventId}`.compile(db);

/** Held secrets never mailed (a mail server down for a week): their passwords have expired anyway. */
export async function forgetStaleSecrets(db: Kysely<unknown>): Promise<number> {
  const result = await sql`DELETE FROM outgoing_secrets
    WHERE created_at < now() - interval '${sql.raw(String(TEMPORARY_PASSWORD_DAYS))} days'`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Writes records now, in one transaction: EventStoreDB's reservation of a new account before its events. */
export async function writeNow(db: Kysely<unknown>, records: readonly RecordWrite[]) {
  await db.transaction().execute(async (tx) => {
    for (const r of records) await tx.executeQuery(CompiledQuery.raw(r.sql, [...r.parameters]));
  });
}

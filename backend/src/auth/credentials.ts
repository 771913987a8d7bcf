import { type Kysely, sql } from 'kysely';
import { conflict } from '../platform/errors.ts';
import { nextId } from '../platform/ids.ts';
import { hashPassword } from './secrets.ts';

/** How many generated temporary passwords are kept per user (spec part 2, section 6). */
const KEEP_TEMPORARY = 5;

export interface Credentials {
  user_id: number;
  email: string;
  password_hash: string;
  must_change_password: boolean;
}

export async function credentialsByEmail(db: Kysely<unknown>, email: string) {
  const { rows } = await sql<Credentials>`SELECT user_id, email, password_hash, must_change_password
    FROM credentials WHERE email = ${email.toLowerCase()}`.execute(db);
  return rows[0] ?? null;
}

export async function credentialsById(db: Kysely<unknown>, userId: number) {
  const { rows } = await sql<Credentials>`SELECT user_id, email, password_hash, must_change_password
    FROM credentials WHERE user_id = ${userId}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Reserves the e-mail for a new user id (from `user_ids`, or `userId` when the caller has one); the unique
 * e-mail column keeps two accounts from sharing one. A row left for the same e-mail and the same id by an
 * earlier attempt of the same request (a retry after the process died) is taken over.
 */
export async function createCredentials(
  db: Kysely<unknown>,
  email: string,
  password: string,
  temporary: boolean,
  givenUserId?: number,
) {
  const hash = await hashPassword(password);
  const userId = givenUserId ?? (await nextId(db, 'user_ids'));
  const inserted = await sql`INSERT INTO credentials (user_id, email, password_hash, must_change_password)
    VALUES (${userId}, ${email.toLowerCase()}, ${hash}, ${temporary})
    ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash,
      must_change_password = excluded.must_change_password, updated_at = now()
    WHERE credentials.user_id = excluded.user_id`.execute(db);
  if (inserted.numAffectedRows !== 1n)
    throw conflict('A user with this email already exists.', 'email_taken');
  if (temporary)
    await sql`INSERT INTO temporary_passwords (user_id, password_hash) VALUES (${userId}, ${hash})`.execute(
      db,
    );
  return userId;
}

export async function setTemporaryPassword(db: Kysely<unknown>, userId: number, temporaryPassword: string) {
  const hash = await hashPassword(temporaryPassword);
  await sql`UPDATE credentials SET password_hash = ${hash}, must_change_password = true, updated_at = now()
    WHERE user_id = ${userId}`.execute(db);
  await sql`INSERT INTO temporary_passwords (user_id, password_hash) VALUES (${userId}, ${hash})`.execute(db);
  await sql`DELETE FROM temporary_passwords WHERE user_id = ${userId} AND id NOT IN (
    SELECT id FROM temporary_passwords WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${KEEP_TEMPORARY})`.execute(
    db,
  );
}

export async function setPassword(db: Kysely<unknown>, userId: number, password: string) {
  const hash = await hashPassword(password);
  await sql`UPDATE credentials SET password_hash = ${hash}, must_change_password = false, updated_at = now()
    WHERE user_id = ${userId}`.execute(db);
}

export async function deleteCredentials(db: Kysely<unknown>, userId: number) {
  await sql`DELETE FROM credentials WHERE user_id = ${userId}`.execute(db);
}

/** Keeps a temporary password until the mail job has sent it; the event that issued it is the key. */
export async function holdSecretForMail(
  db: Kysely<unknown>,
  eventId: string,
  userId: number,
  secret: string,
) {
  await sql`INSERT INTO outgoing_secrets (event_id, user_id, secret) VALUES (${eventId}, ${userId}, ${secret})`.execute(
    db,
  );
}

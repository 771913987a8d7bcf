import type { TRole } from '@app/contracts/api/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { forbidden, unauthorized } from '../platform/errors.ts';
import { hashToken } from './secrets.ts';

export interface SignedInUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: TRole;
  /** SHA-256 of the session token: names this session (to keep it, to bind a websocket ticket to it). */
  sessionHash: string;
  /** Signed in with a temporary password: only the password change (and reading oneself) is open. */
  mustChangePassword: boolean;
  /** When the account was made (ISO 8601). */
  createdAt: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SignedInUser | null;
  }
}

export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 200 ? token : null;
}

/** Resolves a session token to the signed-in user, or null. */
export const userForToken = (deps: Pick<AppDeps, 'db' | 'sessions'>, token: string) =>
  userForSession(deps, hashToken(token));

/**
 * Resolves a session (by its token's hash) to the signed-in user, or null: from the session cache, or one query.
 * The role is the credentials' (written with the events that change it), so a new account's session works and
 * a role change counts at once while the users view is behind (or before the projections made it at all).
 * Rows made before credentials kept the role take it (and the name) from the view until the account's next
 * role change or sign-in fills it in.
 */
export async function userForSession(
  deps: Pick<AppDeps, 'db' | 'sessions'>,
  hash: string,
): Promise<SignedInUser | null> {
  const cached = deps.sessions.get(hash);
  if (cached) return cached;
  const startedAt = deps.sessions.mark();
  const { rows } = await sql<AccountRow & { expires_at: Date }>`
    SELECT c.user_id AS id, c.email, c.first_name, c.last_name, c.role, c.must_change_password, c.created_at,
      s.expires_at
    FROM sessions s JOIN credentials c ON c.user_id = s.user_id
    WHERE s.token_hash = ${hash} AND s.revoked_at IS NULL AND s.expires_at > now()`.execute(deps.db);
  const found = rows[0];
  const row = found?.role === null ? await asTheViewHasIt(deps, found) : found;
  if (!row?.role) return null;
  const user: SignedInUser = {
    id: row.id,
    email: row.email,
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    role: row.role,
    sessionHash: hash,
    mustChangePassword: row.must_change_password,
    createdAt: new Date(row.created_at ?? 0).toISOString(),
  };
  deps.sessions.remember(hash, user, row.expires_at, startedAt);
  return user;
}

interface AccountRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: TRole | null;
  must_change_password: boolean;
  created_at: Date | null;
}

/** A row made before credentials kept the role: the role, name and date as the users view has them. */
async function asTheViewHasIt<R extends AccountRow>(deps: Pick<AppDeps, 'db'>, row: R): Promise<R> {
  const { rows } = await sql<Pick<AccountRow, 'first_name' | 'last_name' | 'role' | 'created_at'>>`
    SELECT first_name, last_name, role, created_at FROM rm.users WHERE id = ${row.id}`.execute(deps.db);
  return { ...row, ...rows[0] };
}

export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user?.id ?? null,
  role: request.user?.role ?? 'anonymous',
  correlationId: request.id,
  clientIp: request.ip,
});

/**
 * preValidation guards (they answer before the input is validated): 401 without a session, 403 without the
 * role, and 403 `password_change_required` while a temporary password has not been replaced.
 */
export function guards(deps: Pick<AppDeps, 'db' | 'sessions'>) {
  async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    const user = token ? await userForToken(deps, token) : null;
    if (!user) throw unauthorized();
    request.user = user;
  }
  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    await requireSession(request, reply);
    if (request.user?.mustChangePassword)
      throw forbidden('Please create a new password to continue.', 'password_change_required');
  }
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    await requireUser(request, reply);
    if (request.user?.role !== 'admin') throw forbidden('Admin access required.');
  }
  return { requireSession, requireUser, requireAdmin };
}

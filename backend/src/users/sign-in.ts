import type { TLoginResponse } from '@app/contracts/api/auth';
import type { TRole } from '@app/contracts/api/users';
import type { TUserEvent } from '@app/contracts/events/users';
import { type Credentials, credentialsByEmail, fillAccount } from '../auth/credentials.ts';
import { userForToken } from '../auth/guard.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/secrets.ts';
import { openSession, revokeSession, sessionRefused } from '../auth/sessions.ts';
import type { RecordWrite } from '../eventstore/port.ts';
import type { Actor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { DomainError, unauthorized } from '../platform/errors.ts';
import { appendActivity } from './activity.ts';
import * as user from './decide.ts';

/**
 * Signing in and out: sessions (secrets, in their own table, opened and ended with the events that record it)
 * and the sign-in events of the audit trail, on the account's activity stream. Decided on the write side (the
 * credentials, the account's stream), never on the users view, which may be behind.
 */
type Deps = Pick<AppDeps, 'store' | 'sessions' | 'db' | 'config' | 'waitForProjections'>;

const LOGIN_FAILED = 'Invalid email or password.';
export const TEMPORARY_PASSWORD_EXPIRED =
  'This temporary password has expired. Ask your administrator for a new one.';

/** The answer to an account's attempt after too many failures: 429 with the time to wait. */
export function tooManyFailures(seconds: number) {
  const wait = seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
  return new DomainError(
    429,
    'rate_limited',
    `Too many failed attempts for this account. Please try again in ${wait}.`,
  );
}

interface Account {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: TRole;
  createdAt: string;
  /** Fills in what a row made before credentials kept the role lacks. */
  fill: RecordWrite | null;
}

/** Who signs in: as their credentials say, or (a row from before they kept it) as the account's stream does. */
async function accountOf(deps: Deps, creds: Credentials): Promise<Account | null> {
  const { user_id: id, email } = creds;
  if (creds.role !== null)
    return {
      id,
      email,
      firstName: creds.first_name ?? '',
      lastName: creds.last_name ?? '',
      role: creds.role,
      createdAt: new Date(creds.created_at ?? 0).toISOString(),
      fill: null,
    };
  const stored = await deps.store.readStream(user.userStream(id));
  const state = stored.reduce(
    (s, e) => user.evolveUser(s, e as unknown as TUserEvent),
    user.initialUserState,
  );
  if (state.status !== 'active') return null;
  const account = { ...state, createdAt: stored[0]!.metadata.occurredAt };
  return { ...account, email, fill: fillAccount(deps.db, id, account) };
}

/**
 * A new session for the right e-mail and password; the same work and answer for an unknown e-mail as for a
 * wrong password (both told to `failed`). A temporary password past its 7 days is refused with its own message.
 */
export async function signIn(
  deps: Deps,
  actor: Actor,
  credentials: { email: string; password: string },
  failed: () => Promise<void> = async () => undefined,
): Promise<TLoginResponse> {
  const creds = await credentialsByEmail(deps.db, credentials.email);
  const ok = await verifyPassword(creds?.password_hash ?? (await dummyPasswordHash()), credentials.password);
  if (!creds || !ok) {
    await failed();
    throw unauthorized(LOGIN_FAILED);
  }
  if (creds.temporary_expired) throw unauthorized(TEMPORARY_PASSWORD_EXPIRED);
  const account = await accountOf(deps, creds);
  if (!account) throw unauthorized(LOGIN_FAILED);
  const session = openSession(deps.db, account.id, deps.config.SESSION_TTL_HOURS, creds.password_hash);
  const withTemporaryPassword = creds.must_change_password;
  try {
    await appendActivity(
      deps,
      { ...actor, id: account.id, role: account.role },
      account.id,
      user.recordLogin(account.id, { withTemporaryPassword }),
      account.fill ? [session.record, account.fill] : [session.record],
    );
  } catch (err) {
    // The password was changed or reset between its check and the session: it is no longer the password.
    if (sessionRefused(err)) throw unauthorized(LOGIN_FAILED);
    throw err;
  }
  const { id, email, firstName, lastName, role, createdAt } = account;
  return {
    token: session.token,
    user: { id, email, firstName, lastName, role, createdAt },
    needsPasswordChange: withTemporaryPassword,
  };
}

/** Ends the session of `token`, if it is one, and records the sign-out. */
export async function signOut(deps: Deps, actor: Actor, token: string | null) {
  const signedIn = token ? await userForToken(deps, token) : null;
  if (!token || !signedIn) return;
  await recordLogout(
    deps,
    { ...actor, id: signedIn.id, role: signedIn.role },
    signedIn.id,
    signedIn.sessionHash,
  );
}

/**
 * Records a sign-out, ending the session `sessionHash` with it. It waits for the read models: the users view's
 * notice of it is what makes every other API process drop the session it remembers, so once answered the token
 * is refused by all of them.
 */
export const recordLogout = (deps: Deps, actor: Actor, userId: number, sessionHash?: string) =>
  appendActivity(
    deps,
    actor,
    userId,
    user.recordLogout(userId),
    sessionHash ? [revokeSession(deps.db, sessionHash)] : [],
    {
      settled: true,
      stored: () => {
        if (sessionHash) deps.sessions.dropSession(sessionHash);
      },
    },
  );

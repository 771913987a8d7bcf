import type { TLoginResponse } from '@app/contracts/api/auth';
import { credentialsByEmail } from '../auth/credentials.ts';
import { userForToken } from '../auth/guard.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/secrets.ts';
import { openSession, revokeSession } from '../auth/sessions.ts';
import { type Actor, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { unauthorized } from '../platform/errors.ts';
import * as user from './decide.ts';
import { toUserDto, userById } from './queries.ts';

/** Signing in and out: sessions (secrets, in their own table) and the sign-in events of the audit trail. */
type Deps = Pick<
  AppDeps,
  'store' | 'aggregates' | 'sessions' | 'db' | 'rm' | 'config' | 'waitForProjections'
>;

const LOGIN_FAILED = 'Invalid email or password.';

/**
 * Sign-ins and sign-outs are audit events. A sign-in goes in without waiting for the read models; a sign-out
 * waits (`settled`), because the users view's notice of it is what makes every other API process drop the
 * session it remembers: once answered, the token is refused by all of them.
 */
const record = (
  deps: Deps,
  actor: Actor,
  userId: number,
  decide: (s: user.UserState) => ReturnType<typeof user.recordLogout>,
  settled = false,
) =>
  runCommand(
    settled ? deps : { ...deps, waitForProjections: async () => true },
    user.userStream(userId),
    user.userDecider,
    actor,
    decide,
  );

/** A new session for the right e-mail and password; the same work and answer for an unknown e-mail as for a wrong password. */
export async function signIn(
  deps: Deps,
  actor: Actor,
  credentials: { email: string; password: string },
): Promise<TLoginResponse> {
  const creds = await credentialsByEmail(deps.db, credentials.email);
  const ok = await verifyPassword(creds?.password_hash ?? (await dummyPasswordHash()), credentials.password);
  if (!creds || !ok) throw unauthorized(LOGIN_FAILED);
  const account = await userById(deps, creds.user_id);
  if (!account) throw unauthorized(LOGIN_FAILED);
  const token = await openSession(deps.db, account.id, deps.config.SESSION_TTL_HOURS);
  const withTemporaryPassword = creds.must_change_password;
  await record(deps, { ...actor, id: account.id, role: account.role }, account.id, (s) =>
    user.recordLogin(s, { withTemporaryPassword }),
  );
  return { token, user: toUserDto(account), needsPasswordChange: withTemporaryPassword };
}

/** Ends the session of `token`, if it is one, and records the sign-out. */
export async function signOut(deps: Deps, actor: Actor, token: string | null) {
  const signedIn = token ? await userForToken(deps, token) : null;
  if (!token || !signedIn) return;
  await revokeSession(deps, token);
  await recordLogout(deps, { ...actor, id: signedIn.id, role: signedIn.role }, signedIn.id);
}

export const recordLogout = (deps: Deps, actor: Actor, userId: number) =>
  record(deps, actor, userId, user.recordLogout, true);

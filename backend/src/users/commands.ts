import type { TRole } from '@app/contracts/api/users';
import type { TUserEvent } from '@app/contracts/events/users';
import {
  createCredentials,
  credentialsByEmail,
  credentialsById,
  deleteCredentials,
  holdSecretForMail,
  setPassword,
  setTemporaryPassword,
} from '../auth/credentials.ts';
import { newTemporaryPassword, verifyPassword } from '../auth/secrets.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { type Actor, commitChange, runCommand, writeFor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { invalid, notFound } from '../platform/errors.ts';
import * as user from './decide.ts';
import { toUserDto, userById } from './queries.ts';

/**
 * The users' command handlers: the I/O around each decision (password hashes, sessions, the secret held for
 * the mail job), then `runCommand` with the pure function of `decide.ts`.
 */
type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'sessions' | 'db' | 'rm' | 'waitForProjections'>;
type Options = Parameters<typeof runCommand>[5];

const run = (
  deps: Deps,
  actor: Actor,
  userId: number,
  decide: (state: user.UserState) => TUserEvent[],
  options?: Options,
) => runCommand(deps, user.userStream(userId), user.userDecider, actor, decide, options);

/** Holds the temporary password for the mail job under the id of the event that issued it. */
async function holdForMail(
  deps: Deps,
  userId: number,
  secret: string,
  events: { id: string; type: string }[],
) {
  const issued = events.find((e) => e.type === 'TemporaryPasswordIssued');
  if (issued) await holdSecretForMail(deps.db, issued.id, userId, secret);
}

type NewAccount = { email: string; firstName: string; lastName: string; role: TRole };

/**
 * A new account's part of a change: its credentials (the unique e-mail of sign-ins) and the temporary password
 * held for the mail job are written first, its events returned to be appended, alone or with another record's
 * (a client's). `undo` removes what was written when that append fails; a process that dies in between leaves
 * credentials with no account, which `sweepOrphanLogins` removes.
 */
export async function prepareAccount(
  deps: Deps,
  actor: Actor,
  input: NewAccount,
  options: { chosenPassword?: string; userId?: number } = {},
) {
  const { chosenPassword } = options;
  const temporaryPassword = chosenPassword ?? newTemporaryPassword();
  const temporary = chosenPassword === undefined;
  const userId = await createCredentials(deps.db, input.email, temporaryPassword, temporary, options.userId);
  const undo = () => deleteCredentials(deps.db, userId);
  try {
    const write = writeFor(
      user.userStream(userId),
      { state: user.initialUserState, revision: 'no_stream' },
      actor,
      (s) => user.createUser(s, { userId, ...input, temporaryPassword: temporary }),
    );
    if (write) await holdForMail(deps, userId, temporaryPassword, write.events);
    return { userId, temporaryPassword, write, undo };
  } catch (err) {
    await undo();
    throw err;
  }
}

/** Creates an account with a generated temporary password (mailed to the user), or with a chosen one. */
export async function createUser(deps: Deps, actor: Actor, input: NewAccount, chosenPassword?: string) {
  const account = await prepareAccount(deps, actor, input, { chosenPassword });
  let outcome: Awaited<ReturnType<typeof commitChange>>;
  try {
    outcome = await commitChange(deps, [account.write]);
  } catch (err) {
    await account.undo();
    throw err;
  }
  const { userId, temporaryPassword } = account;
  // The account as the users view shows it, or (while the view lags, or before the projections process has
  // made its tables at all, as on an API's first start) as it was just created.
  const created = (outcome.visible ? await userById(deps, userId) : undefined) ?? {
    id: userId,
    email: input.email.toLowerCase(),
    first_name: input.firstName,
    last_name: input.lastName,
    role: input.role,
    created_at: new Date(),
  };
  return { user: toUserDto(created), temporaryPassword };
}

/**
 * A new temporary password replaces the old one and signs the user out everywhere (a reset is what one
 * asks for when an account may be in the wrong hands); an admin resetting their own keeps `keepSession`.
 */
export async function issueTemporaryPassword(
  deps: Deps,
  actor: Actor,
  userId: number,
  keepSession: string | null = null,
) {
  const temporaryPassword = newTemporaryPassword();
  await run(deps, actor, userId, user.issueTemporaryPassword, {
    beforeAppend: async (events) => {
      await holdForMail(deps, userId, temporaryPassword, events);
      await setTemporaryPassword(deps.db, userId, temporaryPassword);
      await revokeAllSessions(deps, userId, actor.id === userId ? keepSession : null);
    },
  });
  return temporaryPassword;
}

/**
 * The signed-in user's new password, given the current one; it ends every other session of the user,
 * while `keepSession` (the one that changed it) stays signed in.
 */
export async function changePassword(
  deps: Deps,
  actor: Actor,
  userId: number,
  passwords: { currentPassword: string; newPassword: string },
  keepSession: string,
) {
  const creds = await credentialsById(deps.db, userId);
  if (!creds || !(await verifyPassword(creds.password_hash, passwords.currentPassword))) {
    throw invalid('Current password is incorrect.', 'wrong_password');
  }
  if (passwords.newPassword === passwords.currentPassword) {
    throw invalid('New password must be different from the current password.', 'same_password');
  }
  await run(deps, actor, userId, user.changePassword, {
    beforeAppend: async () => {
      await setPassword(deps.db, userId, passwords.newPassword);
      await revokeAllSessions(deps, userId, keepSession);
    },
  });
}

/** The account id of an e-mail address, for the admin actions that name a user by it. */
export async function accountIdByEmail(deps: Deps, email: string) {
  const creds = await credentialsByEmail(deps.db, email);
  if (!creds) throw notFound('No user with that email address.');
  return creds.user_id;
}

/**
 * A role change. An admin losing the role is signed out everywhere as soon as it is stored, before the read
 * models are waited for: requests are judged by the users view, which may be behind (projections down), and an
 * admin session must not outlive the role.
 */
export const changeRole = (deps: Deps, actor: Actor, userId: number, role: TRole) =>
  run(deps, actor, userId, (s) => user.changeRole(s, { role, actorId: actor.id }), {
    afterAppend: async (events) => {
      const leavesAdmin = events.some(
        (e) => e.type === 'UserRoleChanged' && (e.data as { from: TRole }).from === 'admin',
      );
      if (leavesAdmin) await revokeAllSessions(deps, userId);
    },
  });

export async function deleteUser(deps: Deps, actor: Actor, userId: number) {
  await run(deps, actor, userId, (s) => user.deleteUser(s, { actorId: actor.id }), {
    beforeAppend: () => revokeAllSessions(deps, userId),
  });
  await deleteCredentials(deps.db, userId);
}

export async function recordTemporaryPasswordMailed(
  deps: Deps,
  actor: Actor,
  userId: number,
  to: string,
  messageId: string,
) {
  await run(deps, actor, userId, (s) => user.recordTemporaryPasswordMailed(s, { to, messageId }));
}

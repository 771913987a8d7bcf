import type { TRole } from '@app/contracts/api/users';
import {
  createCredentials,
  deleteCredentials,
  holdSecretForMail,
  setPassword,
  setTemporaryPassword,
} from '../auth/credentials.ts';
import { newTemporaryPassword } from '../auth/secrets.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { type Actor, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { decideUser, type UserCommand, userDecider, userStream } from './decide.ts';
import { toUserDto, userById } from './queries.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'sessions' | 'db' | 'rm' | 'waitForProjections'>;

const run = (deps: Deps, actor: Actor, command: UserCommand, options?: Parameters<typeof runCommand>[5]) =>
  runCommand(deps, userStream(command.userId), userDecider, actor, (s) => decideUser(s, command), options);

/** Holds the temporary password for the mail job under the id of the event that issued it. */
const holdForMail = (deps: Deps, userId: number, secret: string) => ({
  beforeAppend: async (events: { id: string; type: string }[]) => {
    const issued = events.find((e) => e.type === 'TemporaryPasswordIssued');
    if (issued) await holdSecretForMail(deps.db, issued.id, userId, secret);
  },
});

/** Creates an account with a generated temporary password (mailed to the user), or with a chosen one. */
export async function createUser(
  deps: Deps,
  actor: Actor,
  input: { email: string; firstName: string; lastName: string; role: TRole },
  chosenPassword?: string,
) {
  const temporaryPassword = chosenPassword ?? newTemporaryPassword();
  const temporary = chosenPassword === undefined;
  const userId = await createCredentials(deps.db, input.email, temporaryPassword, temporary);
  try {
    const command = { type: 'CreateUser' as const, userId, ...input, temporaryPassword: temporary };
    await run(deps, actor, command, holdForMail(deps, userId, temporaryPassword));
  } catch (err) {
    await deleteCredentials(deps.db, userId);
    throw err;
  }
  const user = await userById(deps, userId);
  if (!user) throw new Error(`User ${userId} was created but is not visible yet`);
  return { user: toUserDto(user), temporaryPassword };
}

export async function issueTemporaryPassword(deps: Deps, actor: Actor, userId: number) {
  const temporaryPassword = newTemporaryPassword();
  await run(
    deps,
    actor,
    { type: 'IssueTemporaryPassword', userId },
    {
      beforeAppend: async (events) => {
        await holdForMail(deps, userId, temporaryPassword).beforeAppend(events);
        await setTemporaryPassword(deps.db, userId, temporaryPassword);
      },
    },
  );
  return temporaryPassword;
}

export async function changePassword(deps: Deps, actor: Actor, userId: number, newPassword: string) {
  await run(
    deps,
    actor,
    { type: 'ChangePassword', userId },
    { beforeAppend: () => setPassword(deps.db, userId, newPassword) },
  );
}

export async function changeRole(deps: Deps, actor: Actor, userId: number, role: TRole) {
  await run(deps, actor, { type: 'ChangeRole', userId, role, actorId: actor.id });
}

export async function deleteUser(deps: Deps, actor: Actor, userId: number) {
  await run(deps, actor, { type: 'DeleteUser', userId, actorId: actor.id });
  await deleteCredentials(deps.db, userId);
  await revokeAllSessions(deps, userId);
}

/** Sign-ins are audit events; they go in without waiting for the read models. */
export async function recordLogin(deps: Deps, actor: Actor, userId: number, withTemporaryPassword: boolean) {
  await run({ ...deps, waitForProjections: async () => undefined }, actor, {
    type: 'RecordLogin',
    userId,
    withTemporaryPassword,
  });
}

export async function recordLogout(deps: Deps, actor: Actor, userId: number) {
  await run({ ...deps, waitForProjections: async () => undefined }, actor, { type: 'RecordLogout', userId });
}

export async function recordTemporaryPasswordMailed(
  deps: Deps,
  actor: Actor,
  userId: number,
  to: string,
  messageId: string,
) {
  await run(deps, actor, { type: 'RecordTemporaryPasswordMailed', userId, to, messageId });
}

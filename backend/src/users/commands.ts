import type { TRole } from '@app/contracts/api/users';
import type { NewEvent } from '@app/contracts/events/envelope';
import type { TUserEvent } from '@app/contracts/events/users';
import {
  createCredentials,
  credentialsByEmail,
  credentialsById,
  deleteCredentials,
  emailTakenOr,
  fillAccount,
  forgetHeldSecret,
  holdSecretForMail,
  refuseTakenEmail,
  setName,
  setPassword,
  setRole,
  setTemporaryPassword,
  writeNow,
} from '../auth/credentials.ts';
import { hashPassword, newTemporaryPassword, verifyPassword } from '../auth/secrets.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import type { RecordWrite, StreamWrite } from '../eventstore/port.ts';
import {
  type Actor,
  type CommandOptions,
  commitChange,
  load,
  runCommand,
  writeFor,
} from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { invalid, notFound } from '../platform/errors.ts';
import { nextId } from '../platform/ids.ts';
import { appendActivity } from './activity.ts';
import * as user from './decide.ts';
import { toUserDto, userById } from './queries.ts';

/**
 * The users' command handlers: the I/O around each decision (password hashes, computed before), then
 * `runCommand` with the pure function of `decide.ts`. Credentials, sessions and the secret held for the mail
 * job are `records` of the change, written in the append's transaction: a refused or failed append changes
 * none of them. This process forgets the sessions it remembers of the user once the events are stored.
 */
type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'sessions' | 'db' | 'rm' | 'waitForProjections'>;

const run = (
  deps: Deps,
  actor: Actor,
  userId: number,
  decide: (state: user.UserState) => TUserEvent[],
  options: CommandOptions<user.UserState> = {},
) =>
  runCommand(deps, user.userStream(userId), user.userDecider, actor, decide, {
    ...options,
    afterAppend: async () => deps.sessions.dropUser(userId),
  });

/** The secret held for the mail job, keyed by the event that issued it. */
function heldFor(deps: Deps, userId: number, secret: string, events: readonly NewEvent[]): RecordWrite[] {
  const issued = events.find((e) => e.type === 'TemporaryPasswordIssued');
  return issued ? [holdSecretForMail(deps.db, issued.id, userId, secret)] : [];
}

type NewAccount = { email: string; firstName: string; lastName: string; role: TRole };

/**
 * A new account's part of a change: its events, to be appended alone or with another record's (a client's),
 * and its `records` (credentials, the temporary password held for the mail job) to write with them. The
 * credentials' unique e-mail refuses an address another account signs in with (409).
 *
 * EventStoreDB has no transaction with Postgres, so there the credentials and the held secret are written
 * first, without the role a session needs (no sign-in works until the events are stored, whose records add it),
 * and `undo` removes them when the append fails; a process that dies in between leaves credentials with no
 * account, which `sweepOrphanLogins` removes. On Postgres nothing is written before the append.
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
  const userId = options.userId ?? (await nextId(deps.db, 'user_ids'));
  await refuseTakenEmail(deps.db, input.email, userId);
  const passwordHash = await hashPassword(temporaryPassword);
  const write = writeFor(
    user.userStream(userId),
    { state: user.initialUserState, revision: 'no_stream' },
    actor,
    (s) => user.createUser(s, { userId, ...input, temporaryPassword: temporary }),
  );
  const held = heldFor(deps, userId, temporaryPassword, write?.events ?? []);
  const credentials = { userId, email: input.email, passwordHash, temporary };
  const names = { role: input.role, firstName: input.firstName, lastName: input.lastName };
  if (deps.store.kind === 'postgres') {
    const records = [...createCredentials(deps.db, { ...credentials, ...names }), ...held];
    return { userId, temporaryPassword, write, records, undo: async () => undefined };
  }
  const reserved = createCredentials(deps.db, {
    ...credentials,
    role: null,
    firstName: null,
    lastName: null,
  });
  await writeNow(deps.db, [...reserved, ...held]).catch((err) => {
    throw emailTakenOr(err);
  });
  const records = [fillAccount(deps.db, userId, { ...names, createdAt: new Date().toISOString() })];
  return {
    userId,
    temporaryPassword,
    write,
    records,
    undo: () => writeNow(deps.db, deleteCredentials(deps.db, userId)),
  };
}

/** Creates an account with a generated temporary password (mailed to the user), or with a chosen one. */
export async function createUser(deps: Deps, actor: Actor, input: NewAccount, chosenPassword?: string) {
  const account = await prepareAccount(deps, actor, input, { chosenPassword });
  let outcome: Awaited<ReturnType<typeof commitChange>>;
  try {
    outcome = await commitChange(deps, [account.write], account.records);
  } catch (err) {
    await account.undo();
    throw emailTakenOr(err);
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
  const passwordHash = await hashPassword(temporaryPassword);
  const keep = actor.id === userId ? keepSession : null;
  await run(deps, actor, userId, user.issueTemporaryPassword, {
    records: (events) => [
      ...setTemporaryPassword(deps.db, userId, passwordHash),
      ...heldFor(deps, userId, temporaryPassword, events),
      revokeAllSessions(deps.db, userId, keep),
    ],
  });
  return temporaryPassword;
}

const wrongPassword = () => invalid('Current password is incorrect.', 'wrong_password');

/**
 * The signed-in user's new password, given the current one; it ends every other session of the user,
 * while `keepSession` (the one that changed it) stays signed in. `failed` is told of a wrong current password.
 */
export async function changePassword(
  deps: Deps,
  actor: Actor,
  userId: number,
  passwords: { currentPassword: string; newPassword: string },
  keepSession: string,
  failed: () => Promise<void> = async () => undefined,
) {
  const { currentPassword, newPassword } = passwords;
  const checked = await credentialsById(deps.db, userId);
  if (!checked || !(await verifyPassword(checked.password_hash, currentPassword))) {
    await failed();
    throw wrongPassword();
  }
  if (newPassword === currentPassword) {
    throw invalid('New password must be different from the current password.', 'same_password');
  }
  const passwordHash = await hashPassword(newPassword);
  await run(deps, actor, userId, user.changePassword, {
    // Read after the stream, so a reset stored since the check makes this append conflict and be decided
    // again; the current password is checked again only if the stored one changed since.
    records: async () => {
      const now = await credentialsById(deps.db, userId);
      const same = now?.password_hash === checked.password_hash;
      if (!now || (!same && !(await verifyPassword(now.password_hash, currentPassword))))
        throw wrongPassword();
      return [setPassword(deps.db, userId, passwordHash), revokeAllSessions(deps.db, userId, keepSession)];
    },
  });
}

/**
 * The records of a user's events decided in another slice's change (a client renamed renames its account):
 * the name its sessions show.
 */
export const accountRecords = (deps: Pick<Deps, 'db'>, write: StreamWrite | null): RecordWrite[] =>
  (write?.events ?? []).flatMap((e) => {
    if (e.type !== 'UserRenamed') return [];
    const { userId, firstName, lastName } = e.data as { userId: number; firstName: string; lastName: string };
    return [setName(deps.db, userId, { firstName, lastName })];
  });

/** The account id of an e-mail address, for the admin actions that name a user by it. */
export async function accountIdByEmail(deps: Deps, email: string) {
  const creds = await credentialsByEmail(deps.db, email);
  if (!creds) throw notFound('No user with that email address.');
  return creds.user_id;
}

/**
 * A role change, effective on the next request: the session guard reads the role from the credentials, which
 * change with the event. An admin losing the role is signed out everywhere with it.
 */
export const changeRole = (deps: Deps, actor: Actor, userId: number, role: TRole) =>
  run(deps, actor, userId, (s) => user.changeRole(s, { role, actorId: actor.id }), {
    records: (events) =>
      events.flatMap((e) => {
        if (e.type !== 'UserRoleChanged') return [];
        const { from, to } = e.data as { from: TRole; to: TRole };
        return [
          setRole(deps.db, userId, to),
          ...(from === 'admin' ? [revokeAllSessions(deps.db, userId)] : []),
        ];
      }),
  });

/** Deletes an account: its sessions end and its credentials go with the event. */
export const deleteUser = (deps: Deps, actor: Actor, userId: number) =>
  run(deps, actor, userId, (s) => user.deleteUser(s, { actorId: actor.id }), {
    records: () => [revokeAllSessions(deps.db, userId), ...deleteCredentials(deps.db, userId)],
  });

/**
 * The mail job's outcome, on the account's activity stream; the held secret is forgotten with it. A user
 * deleted meanwhile has nothing left to record it on (their secrets went with them).
 */
export async function recordTemporaryPasswordMailed(
  deps: Deps,
  actor: Actor,
  userId: number,
  mail: { to: string; messageId: string; issuedBy: string },
) {
  const { state } = await load(deps.store, user.userStream(userId), user.userDecider);
  const decided = user.recordTemporaryPasswordMailed(state, mail);
  await appendActivity(deps, actor, userId, decided, [forgetHeldSecret(deps.db, mail.issuedBy)], {
    settled: true,
  });
}

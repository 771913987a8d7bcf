import type { TUpdateClientBody } from '@app/contracts/api/clients';
import { createCredentials, deleteCredentials, holdSecretForMail } from '../auth/credentials.ts';
import { newTemporaryPassword } from '../auth/secrets.ts';
import { type Actor, commitChange, decideOn, load, writeFor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { nextId } from '../platform/ids.ts';
import { claim, refuseTaken, release, type UniqueScope } from '../platform/unique-values.ts';
import * as user from '../users/decide.ts';
import { clientDecider, clientStream, registerClient, updateClient } from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'db' | 'waitForProjections'>;

/** No two clients share an e-mail (a client and their own sign-in account do). */
export const clientEmail: UniqueScope = {
  name: 'client-email',
  takenMessage: 'A client with this email already exists.',
  normalize: (email) => email.trim().toLowerCase(),
};

/** "Ada May Lovelace" → first name "Ada", last name "May Lovelace". */
export const splitName = (name: string) => {
  const [firstName = name, ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
};

type Details = TUpdateClientBody;

/**
 * A sign-in account for a new client: its credentials (the unique e-mail of sign-ins) and the temporary
 * password held for the mail job are written first, its events returned to be appended with the client's.
 * `undo` removes what was written when that append fails.
 */
async function prepareAccount(deps: Deps, actor: Actor, details: Details) {
  const temporaryPassword = newTemporaryPassword();
  const userId = await createCredentials(deps.db, details.email, temporaryPassword, true);
  const undo = () => deleteCredentials(deps.db, userId);
  try {
    const write = await decideOn(deps, user.userStream(userId), user.userDecider, actor, (s) =>
      user.createUser(s, {
        userId,
        email: details.email,
        ...splitName(details.name),
        role: 'client',
        temporaryPassword: true,
      }),
    );
    const issued = write?.events.find((e) => e.type === 'TemporaryPasswordIssued');
    if (issued) await holdSecretForMail(deps.db, issued.id, userId, temporaryPassword);
    return { userId, temporaryPassword, write, undo };
  } catch (err) {
    await undo();
    throw err;
  }
}

/**
 * A new client, with a sign-in account when `portalAccess`: the e-mail's claim, the account and the client
 * are one change (one append), so no login is left without its client and no two clients share an e-mail.
 */
export async function registerNewClient(deps: Deps, actor: Actor, details: Details, portalAccess: boolean) {
  const clientId = await nextId(deps.db, 'client_ids');
  const owner = clientStream(clientId);
  return refuseTaken([clientEmail], async () => {
    const claimed = await claim(deps, actor, clientEmail, details.email, owner);
    const account = portalAccess ? await prepareAccount(deps, actor, details) : null;
    try {
      const registered = await decideOn(deps, owner, clientDecider, actor, (s) =>
        registerClient(s, { clientId, userId: account?.userId ?? null, details }),
      );
      const outcome = await commitChange(deps, [claimed, account?.write ?? null, registered]);
      return {
        clientId,
        userId: account?.userId ?? null,
        temporaryPassword: account?.temporaryPassword ?? null,
        outcome,
      };
    } catch (err) {
      await account?.undo();
      throw err;
    }
  });
}

/**
 * New details, as one change: a new e-mail moves the claim, a new name renames the client's sign-in account
 * too (the portal greets them and the Users view lists them by it).
 */
export async function changeClient(deps: Deps, actor: Actor, clientId: number, details: Details) {
  const owner = clientStream(clientId);
  return refuseTaken([clientEmail], async () => {
    const loaded = await load(deps.store, owner, clientDecider);
    const { state } = loaded;
    const updated = writeFor(owner, loaded, actor, (s) => updateClient(s, details));
    if (!state.exists || !updated) return commitChange(deps, []);
    const emailMoved = clientEmail.normalize(state.email) !== clientEmail.normalize(details.email);
    const renamed =
      state.name !== details.name && state.userId !== null
        ? await decideOn(deps, user.userStream(state.userId), user.userDecider, actor, (s) =>
            s.status === 'active' ? user.renameUser(s, splitName(details.name)) : [],
          )
        : null;
    return commitChange(deps, [
      emailMoved ? await release(deps, actor, clientEmail, state.email, owner) : null,
      emailMoved ? await claim(deps, actor, clientEmail, details.email, owner) : null,
      updated,
      renamed,
    ]);
  });
}

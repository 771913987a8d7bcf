import type { TUpdateClientBody } from '@app/contracts/api/clients';
import { emailTakenOr } from '../auth/credentials.ts';
import {
  type Actor,
  commitChange,
  copyAsRead,
  decideAgainOnConflict,
  decideOn,
  load,
  writeFor,
} from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { claim, refuseTaken, release, type UniqueScope } from '../platform/unique-values.ts';
import { accountRecords, prepareAccount } from '../users/commands.ts';
import * as user from '../users/decide.ts';
import { clientDecider, clientFieldsChanged, clientStream, registerClient, updateClient } from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'sessions' | 'db' | 'rm' | 'waitForProjections'>;

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
 * A new client, with a sign-in account when `portalAccess`: the e-mail's claim, the account and the client
 * are one change (one append), so no login is left without its client and no two clients share an e-mail.
 */
export async function registerNewClient(
  deps: Deps,
  actor: Actor,
  clientId: number,
  details: Details,
  /** The account's id when the client gets a sign-in (see `createOnce`'s idFor). */
  accountId: (() => Promise<number>) | null,
) {
  const owner = clientStream(clientId);
  return refuseTaken([clientEmail], () =>
    decideAgainOnConflict(deps, async () => {
      const claimed = await claim(deps, actor, clientEmail, details.email, owner);
      const account = accountId
        ? await prepareAccount(
            deps,
            actor,
            { email: details.email, ...splitName(details.name), role: 'client' },
            { userId: await accountId() },
          )
        : null;
      try {
        const registered = await decideOn(deps, owner, clientDecider, actor, (s) =>
          registerClient(s, { clientId, userId: account?.userId ?? null, details }),
        );
        const writes = [claimed, account?.write ?? null, registered];
        const outcome = await commitChange(deps, writes, account?.records ?? []);
        return {
          clientId,
          userId: account?.userId ?? null,
          temporaryPassword: account?.temporaryPassword ?? null,
          outcome,
        };
      } catch (err) {
        await account?.undo();
        throw emailTakenOr(err);
      }
    }),
  );
}

/**
 * New details, as one change: a new e-mail moves the claim, a new name renames the client's sign-in account
 * too (the portal greets them and the Users view lists them by it). `expectedVersion` (If-Match): the version
 * of the client the form was filled from; a detail changed since refuses the change (409).
 */
export async function changeClient(
  deps: Deps,
  actor: Actor,
  clientId: number,
  details: Details,
  expectedVersion?: number,
) {
  const owner = clientStream(clientId);
  return refuseTaken([clientEmail], () =>
    decideAgainOnConflict(deps, async () => {
      const loaded = await load(deps.store, owner, clientDecider);
      const { state } = loaded;
      const updated = writeFor(owner, loaded, actor, (s) => updateClient(s, details));
      if (expectedVersion !== undefined)
        await copyAsRead(deps.store, owner, clientDecider, loaded, expectedVersion, clientFieldsChanged);
      if (!state.exists || !updated) return commitChange(deps, []);
      const emailMoved = clientEmail.normalize(state.email) !== clientEmail.normalize(details.email);
      const renamed =
        state.name !== details.name && state.userId !== null
          ? await decideOn(deps, user.userStream(state.userId), user.userDecider, actor, (s) =>
              s.status === 'active' ? user.renameUser(s, splitName(details.name)) : [],
            )
          : null;
      return commitChange(
        deps,
        [
          emailMoved ? await release(deps, actor, clientEmail, state.email, owner) : null,
          emailMoved ? await claim(deps, actor, clientEmail, details.email, owner) : null,
          updated,
          renamed,
        ],
        accountRecords(deps, renamed),
      );
    }),
  );
}

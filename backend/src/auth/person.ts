import { clientIdForUser } from '../clients/queries.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { SignedInUser } from './guard.ts';

/** Who is acting: an admin, or a signed-in account with the client record linked to it (if any). */
export interface Person {
  userId: number;
  role: string;
  clientId: number | null;
}

/** Staff are admins: every other signed-in account is treated as a client (spec part 1, section 3). */
export const isStaff = (person: Pick<Person, 'role'>) => person.role === 'admin';

/**
 * The signed-in account as the ownership rules (documents, messages) see it: its role and the client record
 * linked to it (an admin has none to look up). The first client record whose account it is, as the portal has it.
 */
export async function personOf(
  deps: Pick<AppDeps, 'rm'> & Partial<Pick<AppDeps, 'watcher'>>,
  user: Pick<SignedInUser, 'id' | 'role'>,
): Promise<Person> {
  if (isStaff(user)) return { userId: user.id, role: user.role, clientId: null };
  return { userId: user.id, role: user.role, clientId: await clientIdForUser(deps, user.id) };
}

import { conversationParts } from '@app/contracts/api/messages';
import { isStaff, type Person, personOf } from '../auth/person.ts';

export type { Person };
export { isStaff };

/**
 * Whether a person belongs to a conversation (may read it, write in it, mark it read, see its typing):
 * a client conversation is the client's (the account linked to that client record) and every admin's;
 * a team conversation is its two members', who must both be staff.
 */
export function mayUseConversation(person: Person, conversationId: string): boolean {
  const parts = conversationParts(conversationId);
  if (!parts) return false;
  if (parts.kind === 'client') return isStaff(person) || person.clientId === parts.clientId;
  return isStaff(person) && parts.userIds.includes(person.userId);
}

/** The signed-in account as the messaging rules see it (the same as documents': backend/src/auth/person.ts). */
export const personForUser = personOf;

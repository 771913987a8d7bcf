import { conversationParts } from '@app/contracts/api/messages';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';
import type { Audience } from './connections.ts';

/**
 * The members of a conversation as sockets are chosen (the same rule as messages/access.ts
 * `mayUseConversation`): a client conversation's account (the account whose first client record it is) and
 * every admin; a team conversation's two members while they are admins. Admins are matched by each socket's
 * current role, so a demoted admin stops hearing at once. Undefined for an id that names no conversation.
 */
export async function conversationAudience(
  deps: Pick<AppDeps, 'db'>,
  conversationId: string,
): Promise<Audience | undefined> {
  const parts = conversationParts(conversationId);
  if (!parts) return undefined;
  if (parts.kind === 'team') return { userIds: new Set(parts.userIds), admins: false, namedAreAdmins: true };
  const { rows } = await sql<{ user_id: number }>`
    SELECT c.user_id FROM rm.clients c
    WHERE c.id = ${parts.clientId} AND c.user_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM rm.clients o WHERE o.user_id = c.user_id AND o.id < c.id)`.execute(
    deps.db,
  );
  return { userIds: new Set(rows.map((r) => r.user_id)), admins: true };
}

/** Views whose changes can change who a conversation's members are (a client's account, a role). */
const MEMBERSHIP_VIEWS = new Set(['clients', 'users']);
const MAX_REMEMBERED = 10_000;

/**
 * `conversationAudience`, remembered until the clients or users view changes anything (every process hears
 * those notices), so a message costs no membership lookup. A lookup under way when such a change arrives is
 * not remembered.
 */
export class AudienceCache {
  private readonly known = new Map<string, Audience | undefined>();
  private generation = 0;

  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async of(conversationId: string): Promise<Audience | undefined> {
    if (this.known.has(conversationId)) return this.known.get(conversationId);
    const generation = this.generation;
    const audience = await conversationAudience(this.deps, conversationId);
    if (generation === this.generation) {
      if (this.known.size >= MAX_REMEMBERED) this.known.clear();
      this.known.set(conversationId, audience);
    }
    return audience;
  }

  onNotice(notice: { projection: string; changed: number }) {
    if (!MEMBERSHIP_VIEWS.has(notice.projection) || notice.changed === 0) return;
    this.generation++;
    this.known.clear();
  }
}

import type {
  TConversation,
  TConversationsPage,
  TConversationsQuery,
  TMessage,
  TMessagingClient,
} from '@app/contracts/api/messages';
import { EMPTY_PAGE } from '@app/contracts/api/paging';
import { clientSearchText } from '@app/projections/clients/projection';
import { userSearchText } from '@app/projections/users/projection';
import { sql } from 'kysely';
import { z } from 'zod';
import { listClients } from '../clients/queries.ts';
import type { AppDeps } from '../platform/deps.ts';
import { countUpTo, decodeCursor, ilike, pageLimit, pageOf, searchPatterns } from '../platform/paging.ts';
import { instant } from '../platform/read-values.ts';
import { ViewTextCache } from '../platform/view-text-cache.ts';
import { isStaff, type Person } from './access.ts';

type Deps = Pick<AppDeps, 'rm'>;

/**
 * Messages with what the API shows of them: `read` when the other side's furthest mark reaches the message
 * (the client for staff messages, any admin for the client's, the other member in a team), and the sender's
 * name as the users view has it now.
 */
const messages = (deps: Deps) =>
  deps.rm
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .leftJoin('users as u', 'u.id', 'm.sender_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.content',
      'm.client_id',
      'm.user_id',
      'm.sender_id',
      'm.is_admin_message',
      'm.message_type',
      'm.created_at',
      sql<boolean>`CASE WHEN m.sender_side = 0 THEN c.side1_read_upto >= m.id ELSE c.side0_read_upto >= m.id END`.as(
        'read',
      ),
      sql<string>`coalesce(u.first_name, '')`.as('first_name'),
      sql<string>`coalesce(u.last_name, '')`.as('last_name'),
      sql<string>`coalesce(u.email, '')`.as('email'),
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof messages>['execute']>>[number];

const toDto = (r: Row): TMessage => ({
  id: r.id,
  conversationId: r.conversation_id,
  content: r.content,
  clientId: r.client_id,
  userId: r.user_id,
  senderId: r.sender_id,
  isAdminMessage: r.is_admin_message,
  messageType: r.message_type as TMessage['messageType'],
  read: r.read,
  createdAt: instant(r.created_at),
  sender: { firstName: r.first_name, lastName: r.last_name, email: r.email },
});

/** The messages with these ids (the hub sends them as NEW_MESSAGE), oldest first; missing ids are left out. */
export async function messagesByIds(deps: Deps, ids: number[]): Promise<TMessage[]> {
  if (ids.length === 0) return [];
  const rows = await messages(deps).where('m.id', 'in', ids).orderBy('m.id').execute();
  return rows.map(toDto);
}

export async function messageById(deps: Deps, id: number): Promise<TMessage | undefined> {
  return (await messagesByIds(deps, [id]))[0];
}

/**
 * A page of messages the person may read, oldest first: one conversation's, or (none named) their own
 * conversations' latest: a client's own conversation, an admin's every client conversation and their team ones.
 * `before` pages back (messages with smaller ids).
 */
export async function messagesFor(
  deps: Deps,
  person: Person,
  options: { conversationId?: string; before?: number; limit: number },
): Promise<TMessage[]> {
  let query = messages(deps);
  if (options.conversationId !== undefined) {
    query = query.where('m.conversation_id', '=', options.conversationId);
  } else if (isStaff(person)) {
    const me = person.userId;
    query = query.where((eb) =>
      eb.or([
        eb('m.client_id', 'is not', null),
        eb('m.user_id', '=', me),
        eb.and([eb('m.client_id', 'is', null), eb('m.sender_id', '=', me)]),
      ]),
    );
  } else {
    if (person.clientId === null) return [];
    query = query.where('m.conversation_id', '=', `client-${person.clientId}`);
  }
  if (options.before !== undefined) query = query.where('m.id', '<', options.before);
  const rows = await query.orderBy('m.id', 'desc').limit(options.limit).execute();
  return rows.reverse().map(toDto);
}

/**
 * The person's conversations, latest activity first: an admin's every client conversation and their own team
 * ones, a client's own. Counts come from counters the view keeps (no counting here): unread is what others wrote
 * past the person's own read mark.
 */
export async function conversationsFor(deps: Deps, person: Person): Promise<TConversation[]> {
  const query = conversationsQuery(deps, person);
  if (!query) return [];
  const rows = await query.execute();
  return rows.map((r) => toConversation(r, person.userId));
}

type ConversationRow = Awaited<ReturnType<ReturnType<typeof withRowColumns>['execute']>>[number];

const toConversation = (r: ConversationRow, me: number): TConversation => ({
  id: r.id,
  kind: r.kind as TConversation['kind'],
  clientId: r.client_id,
  userId: r.kind === 'team' ? (r.user_a === me ? r.user_b : r.user_a) : null,
  title: r.title,
  lastMessage: {
    id: r.last_message_id,
    content: r.last_content,
    senderId: r.last_sender_id,
    createdAt: instant(r.last_at),
  },
  messageCount: r.message_count,
  unreadCount: Math.max(0, r.unread),
});

/** The views a conversation list (whole or a page) is read from. */
export const CONVERSATION_LIST_VIEWS = ['messages', 'clients', 'users'];

/** Whose conversation list an answer is (what it is kept under): the same person sees the same list. */
export const conversationListOwner = (person: Person) => `${person.userId}:${person.role}:${person.clientId}`;

/**
 * Each person's conversation list (`conversationsFor`) as JSON text, kept until the messages, clients or
 * users view changes: the list is read on every visit to Messages, far more often than anyone writes.
 */
export function conversationListCache(deps: Deps & Pick<AppDeps, 'watcher'>) {
  const cache = new ViewTextCache(CONVERSATION_LIST_VIEWS, (view) => deps.watcher.changeMarkOf(view));
  return {
    answer: (person: Person) =>
      cache.answer(conversationListOwner(person), cache.version(''), async () =>
        JSON.stringify(await conversationsFor(deps, person)),
      ),
  };
}

/**
 * The conversations the person may see, with the joins their rows read: an admin's every client conversation
 * and their own team ones, a client's own; undefined when the person has none.
 */
function visibleConversations(deps: Deps, person: Person) {
  const me = person.userId;
  const query = deps.rm
    .selectFrom('conversations as c')
    .leftJoin('conversation_readers as r', (j) =>
      j.onRef('r.conversation_id', '=', 'c.id').on('r.user_id', '=', me),
    )
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .leftJoin('users as u', (j) =>
      j.on(sql<boolean>`u.id = CASE WHEN c.user_a = ${me} THEN c.user_b ELSE c.user_a END`),
    );
  if (isStaff(person))
    return query.where((eb) =>
      eb.or([eb('c.kind', '=', 'client'), eb('c.user_a', '=', me), eb('c.user_b', '=', me)]),
    );
  if (person.clientId === null) return undefined;
  return query.where('c.id', '=', `client-${person.clientId}`);
}

type Visible = NonNullable<ReturnType<typeof visibleConversations>>;

const withRowColumns = (query: Visible) =>
  query
    .select([
      'c.id',
      'c.kind',
      'c.client_id',
      'c.user_a',
      'c.user_b',
      'c.last_message_id',
      'c.last_content',
      'c.last_sender_id',
      'c.last_at',
      'c.message_count',
      sql<number>`c.message_count - coalesce(r.sent_count, 0) - coalesce(r.read_others, 0)`.as('unread'),
      sql<string>`coalesce(cl.name, trim(u.first_name || ' ' || u.last_name), '')`.as('title'),
    ])
    .orderBy('c.last_message_id', 'desc');

/** The query behind `conversationsFor` (exported for its speed check); undefined when the person has none. */
export function conversationsQuery(deps: Deps, person: Person) {
  const visible = visibleConversations(deps, person);
  return visible && withRowColumns(visible);
}

const PAGE_LIST = 'conversations';
/**
 * A page's sort key: the conversation's last message id alone. Every message is in one conversation, so no
 * two conversations share it and it orders them fully (as `c.id` after it would), on its own index.
 */
const ZConversationsCursor = z.tuple([z.number().int()]);

/**
 * A page of the person's conversations (issue 23), latest activity first, as `conversationsFor` lists them:
 * every word of `q` in the client's name, e-mail, phone or address (what the clients list searches), or in
 * the other member's name or e-mail for a team conversation. A conversation that gets a message while
 * someone pages moves before their cursor: it shows on the first page when they look again, not twice.
 */
export async function pageConversations(
  deps: Deps,
  person: Person,
  query: TConversationsQuery,
): Promise<TConversationsPage> {
  let matching = visibleConversations(deps, person);
  if (!matching) return EMPTY_PAGE;
  const limit = pageLimit(query.limit);
  // The conversation's own client row (or, in a team, the other member's) is joined already: each row is
  // searched as the list walks its index, so a page of a common word stops after a page of matches.
  const searched = sql.raw(`coalesce(${clientSearchText('cl.')}, ${userSearchText('u.')}, '')`);
  for (const pattern of searchPatterns(query.q)) matching = matching.where(ilike(searched, pattern));
  let page = withRowColumns(matching).limit(limit + 1);
  if (query.cursor) {
    const [lastMessageId] = decodeCursor(PAGE_LIST, query.cursor, ZConversationsCursor);
    page = page.where('c.last_message_id', '<', lastMessageId);
  }
  const [rows, total] = await Promise.all([page.execute(), countUpTo(deps.rm, matching)]);
  return pageOf(rows, {
    limit,
    total,
    list: PAGE_LIST,
    keyOf: (r) => [r.last_message_id],
    toItem: (r) => toConversation(r, person.userId),
  });
}

/** The clients staff can write to, by name (with or without a portal account). */
export async function clientsForMessaging(deps: Deps): Promise<TMessagingClient[]> {
  return (await listClients(deps)).map((c) => ({ id: c.id, name: c.name, email: c.email, userId: c.userId }));
}

import type { TAccepted } from '@app/contracts/api/accepted';
import type {
  TConversation,
  TMessage,
  TMessagingClient,
  TSendInternalMessageBody,
  TSendMessageBody,
} from '@app/contracts/api/messages';
import type { TPage } from '@app/contracts/api/paging';
import type { TUser } from '@app/contracts/api/users';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { showAccepted } from '../../lib/accepted';
import { apiRequest, createRecord, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { apiRead, listParams, usePagedList } from '../../lib/paged-list';
import { useSocketStatus } from '../../lib/socket';
import { withIncoming, withOpened } from './conversations';
import { oldestId, type Thread, withMessage, withNewestPage, withOlderPage } from './thread';

/**
 * The messages API as the screens call it (spec part 2, sections 2.4b, 2.4c, 7). Every messages read
 * starts with MESSAGES_KEY, so one invalidation (a send, a NEW_MESSAGE frame, the admin's live update
 * for syncType 'message') refreshes all of them. While the socket is down they are read every 5 s.
 */
export const MESSAGES_KEY = '/api/messages';
export const POLL_MS = 5000;

export const threadKey = (conversationId: string) => [MESSAGES_KEY, 'thread', conversationId] as const;
/**
 * GET /api/messages/conversations, paged (issue 23). Its pages' keys start with this path, not MESSAGES_KEY
 * (`usePagedList`), so whatever reads every message again names it too (`refreshMessages`).
 */
export const CONVERSATIONS_PATH = `${MESSAGES_KEY}/conversations`;
/** Conversations the staff list shows at first and loads with each Show More. */
export const CONVERSATION_PAGE = 30;

/** Every messages read done again: threads, the conversation pages and the portal's lists. */
export const refreshMessages = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: [MESSAGES_KEY] }),
    queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_PATH] }),
  ]);

/** Messages a thread shows at first and loads with each Show Earlier Messages. */
export const THREAD_PAGE = 50;

/** GET /api/messages?conversationId=&before=&limit=: one more than a page, to tell whether older ones remain. */
const threadPageUrl = (conversationId: string, before?: number) =>
  `${MESSAGES_KEY}?${new URLSearchParams({
    conversationId,
    limit: String(THREAD_PAGE + 1),
    ...(before === undefined ? {} : { before: String(before) }),
  })}`;

/**
 * The thread, oldest first: its newest page merged with the earlier pages kept and what the socket brought.
 * A refetch (a send, a live update, a reconnect, polling) reads the newest page only.
 */
export const threadQuery = (conversationId: string) =>
  queryOptions({
    queryKey: threadKey(conversationId),
    queryFn: async ({ client }) => {
      const fetched = await apiRequest<TMessage[]>('GET', threadPageUrl(conversationId));
      return withNewestPage(client.getQueryData<Thread>(threadKey(conversationId)), fetched, THREAD_PAGE);
    },
  });

/** GET /api/clients/for-messaging (staff): every client, with their portal account if any. */
export const messagingClientsQuery = queryOptions<TMessagingClient[]>({
  queryKey: ['/api/clients/for-messaging'],
});

/** GET /api/users/admins (staff): the team members one can write to. */
export const adminsQuery = queryOptions<TUser[]>({ queryKey: ['/api/users/admins'] });

/** Polls while the socket is not connected (spec part 2, section 9: every 5 s). */
const usePollWhileDisconnected = () => useSocketStatus((state) => state.status !== 'connected');

export function useThread(conversationId: string | null) {
  const poll = usePollWhileDisconnected();
  return useQuery({
    ...threadQuery(conversationId ?? ''),
    enabled: conversationId !== null,
    refetchInterval: poll ? POLL_MS : false,
  });
}

/**
 * Show Earlier Messages: the page before the oldest message shown, put in front. Its loading and failure
 * belong to the conversation asked for (another one picked meanwhile shows neither).
 */
export function useEarlierMessages(conversationId: string | null, thread: Thread | undefined) {
  const queryClient = useQueryClient();
  const load = useMutation({
    mutationFn: async ({ id, before }: { id: string; before: number }) =>
      apiRead<TMessage[]>(threadPageUrl(id, before)),
    onSuccess: (answer, { id, before }) =>
      queryClient.setQueryData<Thread>(threadKey(id), (current) =>
        withOlderPage(current, before, answer, THREAD_PAGE),
      ),
  });
  const before = thread && oldestId(thread);
  const mine = load.variables?.id === conversationId;
  return {
    shown: Boolean(thread?.hasOlder) && before !== undefined,
    loading: mine && load.isPending,
    failed: mine && load.isError,
    load: () => {
      if (conversationId !== null && before !== undefined) load.mutate({ id: conversationId, before });
    },
  };
}
export type EarlierMessages = ReturnType<typeof useEarlierMessages>;

/**
 * The caller's conversations, latest activity first, a page at a time; `q` searches them on the server. Read
 * every 5 s while the socket is down, as every messages read is.
 */
export function useConversationPages(q: string) {
  const poll = usePollWhileDisconnected();
  return usePagedList<TConversation>(CONVERSATIONS_PATH, listParams({ q }), CONVERSATION_PAGE, {
    refetchInterval: poll ? POLL_MS : false,
  });
}

type ConversationPages = InfiniteData<TPage<TConversation>>;

/** Every loaded conversation page (of any search) as `change` leaves its rows. */
function changeConversations(
  queryClient: QueryClient,
  change: (list: readonly TConversation[]) => TConversation[] | undefined,
) {
  queryClient.setQueriesData<ConversationPages>(
    { queryKey: [CONVERSATIONS_PATH] },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({ ...page, items: change(page.items) ?? page.items })),
      },
  );
}

/**
 * A message now known (the answer to a send, or a NEW_MESSAGE frame): into its thread at once, and into
 * its conversation where a page shows it (its count and unread badge); the pages are read again, which puts
 * the conversation first, or brings it when it is new to them.
 */
export function receiveMessage(
  queryClient: QueryClient,
  message: TMessage,
  me: number,
  openId: string | null,
) {
  const key = threadKey(message.conversationId);
  const notRead = queryClient.getQueryData<Thread>(key) === undefined;
  queryClient.setQueryData<Thread>(key, (current) => withMessage(current, message));
  // A thread not read yet holds this message alone: it is read in full when it is next shown.
  if (notRead) void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  changeConversations(queryClient, (list) => withIncoming(list, message, me, openId));
  void queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_PATH] });
}

type Sent = TMessage | TAccepted;

function useSend<TBody>(url: string, me: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => createRecord<TMessage>(url, body),
    onSuccess: (answer: Sent) => {
      if (isAccepted(answer)) return showAccepted(queryClient, answer, [MESSAGES_KEY, CONVERSATIONS_PATH]);
      receiveMessage(queryClient, answer, me, answer.conversationId);
    },
    onError: (error) => callFailure(error, 'Failed to send message'),
  });
}

/** POST /api/messages `{content, clientId}`: Chat with Support. */
export const useSendMessage = (me: number) => useSend<TSendMessageBody>(MESSAGES_KEY, me);

/** POST /api/messages/internal `{content, isAdminMessage, messageType, clientId or userId}` (staff). */
export const useSendInternalMessage = (me: number) =>
  useSend<TSendInternalMessageBody>(`${MESSAGES_KEY}/internal`, me);

/**
 * POST /api/messages/read: I have seen the conversation up to `messageId`. Its unread count is reset at
 * once; a failure is not shown (the next opening marks it again).
 */
export async function markRead(queryClient: QueryClient, conversationId: string, messageId: number) {
  const opened = (list: readonly TConversation[]) => withOpened(list, conversationId);
  changeConversations(queryClient, opened);
  try {
    await apiRequest('POST', `${MESSAGES_KEY}/read`, { conversationId, messageId });
  } catch {
    return;
  }
  changeConversations(queryClient, opened);
}

import type { TAccepted } from '@app/contracts/api/accepted';
import type {
  TConversation,
  TMessage,
  TMessagingClient,
  TSendInternalMessageBody,
  TSendMessageBody,
} from '@app/contracts/api/messages';
import type { TUser } from '@app/contracts/api/users';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showAccepted } from '../../lib/accepted';
import { apiRequest, createRecord, isAccepted } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { apiRead } from '../../lib/paged-list';
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
export const conversationsKey = [MESSAGES_KEY, 'conversations'] as const;

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

/** GET /api/messages/conversations: the caller's conversations, latest activity first. */
export const conversationsQuery = queryOptions({
  queryKey: conversationsKey,
  queryFn: () => apiRequest<TConversation[]>('GET', `${MESSAGES_KEY}/conversations`),
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

export function useConversations(enabled = true) {
  const poll = usePollWhileDisconnected();
  return useQuery({ ...conversationsQuery, enabled, refetchInterval: poll ? POLL_MS : false });
}

/**
 * A message now known (the answer to a send, or a NEW_MESSAGE frame): into its thread at once, and into
 * the conversation list (the list is read again when the conversation is new to it).
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
  const list = queryClient.getQueryData<TConversation[]>(conversationsKey);
  const next = list && withIncoming(list, message, me, openId);
  if (next) queryClient.setQueryData(conversationsKey, next);
  else void queryClient.invalidateQueries({ queryKey: conversationsKey });
}

type Sent = TMessage | TAccepted;

function useSend<TBody>(url: string, me: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => createRecord<TMessage>(url, body),
    onSuccess: (answer: Sent) => {
      if (isAccepted(answer)) return showAccepted(queryClient, answer, [MESSAGES_KEY]);
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
  const list = queryClient.getQueryData<TConversation[]>(conversationsKey);
  if (list) queryClient.setQueryData(conversationsKey, withOpened(list, conversationId));
  try {
    await apiRequest('POST', `${MESSAGES_KEY}/read`, { conversationId, messageId });
  } catch {
    return;
  }
  const after = queryClient.getQueryData<TConversation[]>(conversationsKey);
  if (after) queryClient.setQueryData(conversationsKey, withOpened(after, conversationId));
}

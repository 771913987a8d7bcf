import type { TMessagingClient } from '@app/contracts/api/messages';
import { conversationParts } from '@app/contracts/api/messages';
import { ZMessageReadEvent, ZTypingEvent } from '@app/contracts/ws';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { SessionUser } from '../../auth/session';
import { holdSocket, onSocketFrame, useSocketStatus } from '../../lib/socket';
import { toast } from '../../ui/toast-store';
import { markRead, messagingClientsQuery, receiveMessage, refreshMessages, threadKey } from './api';
import { newMessageToast } from './compose';
import { useMessagingStore } from './store';
import { applyRead, messageFromFrame, type Thread } from './thread';
import { TYPING_FORGET_MS, typingAfterMessage, typingChanged } from './typing';

/**
 * Messaging over the page's shared socket (lib/socket.ts), for clients and staff alike; mounted once by
 * each shell (the admin dashboard, the client portal). NEW_MESSAGE goes into its thread and the
 * conversation list (a toast when it is someone else's in a conversation not on screen; marked read at once
 * when it is on screen), TYPING_START/STOP into who is typing, MESSAGE_READ turns bubbles to Read. After a
 * reconnect every messages read is done again, for what was sent while the socket was down.
 */
export function useMessagingSocket(user: SessionUser | null) {
  const queryClient = useQueryClient();
  const me = user?.id;
  const staff = user?.role === 'admin';
  useEffect(() => {
    if (me === undefined) return;
    const release = holdSocket();
    const forgetTimers = new Map<string, ReturnType<typeof setTimeout>>();
    const setTyping = (frame: Parameters<typeof typingChanged>[1]) => {
      const { typing } = useMessagingStore.getState();
      useMessagingStore.setState({ typing: typingChanged(typing, frame, me) });
      const key = `${frame.conversationId}:${frame.userId}`;
      clearTimeout(forgetTimers.get(key));
      forgetTimers.delete(key);
      if (frame.type === 'TYPING_START')
        forgetTimers.set(
          key,
          setTimeout(() => setTyping({ ...frame, type: 'TYPING_STOP' }), TYPING_FORGET_MS),
        );
    };

    const unsubscribe = onSocketFrame((frame) => {
      if (frame.type === 'NEW_MESSAGE') {
        const message = messageFromFrame(frame.data);
        if (!message) return void refreshMessages(queryClient);
        const { open, typing } = useMessagingStore.getState();
        receiveMessage(queryClient, message, me, open);
        useMessagingStore.setState({
          typing: typingAfterMessage(typing, message.conversationId, message.senderId),
        });
        if (message.senderId !== me && message.conversationId === open)
          void markRead(queryClient, message.conversationId, message.id);
        const shown = newMessageToast(message, me, open);
        if (shown) toast(shown);
        return;
      }
      if (frame.type === 'TYPING_START' || frame.type === 'TYPING_STOP') {
        const parsed = ZTypingEvent.safeParse(frame);
        if (parsed.success) setTyping(parsed.data);
        return;
      }
      if (frame.type === 'MESSAGE_READ') {
        const parsed = ZMessageReadEvent.safeParse(frame);
        if (parsed.success) readReceived(queryClient, parsed.data, me, staff);
      }
    });

    // Back after a drop: read everything again, for the frames missed meanwhile.
    let wasConnected = useSocketStatus.getState().status === 'connected';
    const unwatch = useSocketStatus.subscribe(({ status }) => {
      if (status === 'connected' && !wasConnected) void refreshMessages(queryClient);
      wasConnected = status === 'connected';
    });

    return () => {
      unsubscribe();
      unwatch();
      for (const timer of forgetTimers.values()) clearTimeout(timer);
      useMessagingStore.setState({ typing: {} });
      release();
    };
  }, [queryClient, me, staff]);
}

/**
 * MESSAGE_READ: the bubbles it covers turn Read at once when it is clear which side read (myself; the
 * staff, for a client; a team conversation; a client's known account); the thread is read again anyway.
 */
function readReceived(
  queryClient: QueryClient,
  read: { conversationId: string; messageId: number; readBy: number },
  me: number,
  staff: boolean,
) {
  const key = threadKey(read.conversationId);
  const parts = conversationParts(read.conversationId);
  let readerIsStaff: boolean | undefined;
  if (read.readBy === me) readerIsStaff = staff;
  else if (!staff || parts?.kind === 'team') readerIsStaff = true;
  else if (parts?.kind === 'client') {
    const clients = queryClient.getQueryData<TMessagingClient[]>(messagingClientsQuery.queryKey);
    const account = clients?.find((client) => client.id === parts.clientId)?.userId;
    if (account !== undefined) readerIsStaff = account !== read.readBy;
  }
  if (readerIsStaff !== undefined) {
    const known = readerIsStaff;
    queryClient.setQueryData<Thread>(
      key,
      (thread) =>
        thread && { ...thread, messages: applyRead(thread.messages, { ...read, readerIsStaff: known }) },
    );
  }
  void queryClient.invalidateQueries({ queryKey: key });
}

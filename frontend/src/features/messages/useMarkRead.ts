import type { TMessage } from '@app/contracts/api/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { markRead, threadKey } from './api';
import { applyRead, hasUnreadFromOthers, lastFromOthers, type Thread } from './thread';

/**
 * Opening a conversation marks others' messages read (spec part 2, section 4 "Messaging"): while the pane
 * shows it, the last message from others is sent to POST /api/messages/read whenever something of
 * theirs is unread, and the conversation's unread count is reset.
 */
export function useMarkReadWhileOpen(
  conversationId: string | null,
  messages: readonly TMessage[] | undefined,
  me: number,
  staff: boolean,
  visible = true,
) {
  const queryClient = useQueryClient();
  const last = messages ? lastFromOthers(messages, me) : undefined;
  const unread = messages ? hasUnreadFromOthers(messages, me, staff) : false;
  useEffect(() => {
    if (!visible || !conversationId || !last || !unread) return;
    queryClient.setQueryData<Thread>(
      threadKey(conversationId),
      (current) =>
        current && {
          ...current,
          messages: applyRead(current.messages, { messageId: last.id, readBy: me, readerIsStaff: staff }),
        },
    );
    void markRead(queryClient, conversationId, last.id);
  }, [queryClient, conversationId, last, unread, me, staff, visible]);
}

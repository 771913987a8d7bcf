import type { TConversation } from '@app/contracts/api/messages';
import type { SessionUser } from '../../../auth/session';
import { failureText } from '../../../lib/api';
import { Spinner } from '../../../ui/Spinner';
import { useEarlierMessages, useSendInternalMessage, useThread } from '../api';
import { MessageComposer } from '../MessageComposer';
import { MessageThread } from '../MessageThread';
import { useOpenConversation, useTypingIn } from '../store';
import { useLoadErrorToast } from '../useLoadErrorToast';
import { useMarkReadWhileOpen } from '../useMarkRead';
import { useTypingNames } from '../useTypingNames';
import { recipientBody } from './recipient';

/** One conversation: its bubbles, who is typing, and the box (POST /api/messages/internal to its member). */
export function ThreadPane({
  conversation,
  user,
  visible,
}: {
  conversation: TConversation;
  user: SessionUser;
  visible: boolean;
}) {
  const thread = useThread(conversation.id);
  const messages = thread.data?.messages;
  const earlier = useEarlierMessages(conversation.id, thread.data);
  const send = useSendInternalMessage(user.id);
  const typing = useTypingNames(useTypingIn(conversation.id), messages, true);
  useOpenConversation(conversation.id, visible);
  useLoadErrorToast(visible ? thread.error : null);
  useMarkReadWhileOpen(conversation.id, messages, user.id, true, visible);
  const recipient =
    conversation.clientId !== null
      ? ({ kind: 'client', id: conversation.clientId } as const)
      : conversation.userId !== null
        ? ({ kind: 'user', id: conversation.userId } as const)
        : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <h3 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        {conversation.title}
      </h3>
      {thread.isError ? (
        <div role="alert" className="m-auto p-6 text-center">
          <p className="font-semibold text-red-900">Error Loading Messages</p>
          <p className="text-sm text-red-900">{failureText(thread.error, thread.error.message)}</p>
        </div>
      ) : messages ? (
        <MessageThread
          messages={messages}
          me={user.id}
          empty="No messages yet. Start a conversation!"
          typing={typing}
          earlier={earlier}
        />
      ) : (
        <div className="m-auto">
          <Spinner label="Loading Messages" />
        </div>
      )}
      <MessageComposer
        conversationId={conversation.id}
        disabled={recipient === null}
        sending={send.isPending}
        onSend={async (content) => {
          if (!recipient) return false;
          try {
            await send.mutateAsync({ content, ...recipientBody(recipient) });
            return true;
          } catch {
            return false;
          }
        }}
      />
    </div>
  );
}

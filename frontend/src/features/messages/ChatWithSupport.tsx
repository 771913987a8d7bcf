import { clientConversationId, NO_CLIENT_PROFILE } from '@app/contracts/api/messages';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import type { SessionUser } from '../../auth/session';
import { failureText } from '../../lib/api';
import { Spinner } from '../../ui/Spinner';
import { messagingClientsQuery, useEarlierMessages, useSendMessage, useThread } from './api';
import { ConnectionStatus } from './ConnectionStatus';
import { MessageComposer } from './MessageComposer';
import { MessageThread } from './MessageThread';
import { useOpenConversation, useTypingIn } from './store';
import { useLoadErrorToast } from './useLoadErrorToast';
import { useMarkReadWhileOpen } from './useMarkRead';
import { useTypingNames } from './useTypingNames';

/**
 * 'Chat with Support' (spec part 2, section 2.4b), for a client and for staff: a card 600 px high with the
 * conversation, the message box and the connection indicator. A client writes in their own conversation;
 * staff choose the client (the first one at the start, as the spec has it, then any other).
 */
export function ChatWithSupport({
  user,
  clientId,
  visible = true,
  openWith,
}: {
  user: SessionUser;
  /** A client's own record; null when their account has none. Unused for staff. */
  clientId: number | null;
  visible?: boolean;
  /** Staff: the client to open with (the Clients view's Chat button), instead of the first. */
  openWith?: number | undefined;
}) {
  const staff = user.role === 'admin';
  const pickerId = useId();
  const clients = useQuery({ ...messagingClientsQuery, enabled: staff });
  const [picked, setPicked] = useState<number | null>(openWith ?? null);
  useEffect(() => {
    if (openWith !== undefined) setPicked(openWith);
  }, [openWith]);
  useEffect(() => {
    if (staff && picked === null && clients.data?.[0]) setPicked(clients.data[0].id);
  }, [staff, picked, clients.data]);
  const chosen = staff ? picked : clientId;
  const conversationId = chosen === null ? null : clientConversationId(chosen);
  const thread = useThread(conversationId);
  const messages = thread.data?.messages;
  const earlier = useEarlierMessages(conversationId, thread.data);
  const send = useSendMessage(user.id);
  const typingNames = useTypingNames(useTypingIn(conversationId), messages, staff);
  useOpenConversation(conversationId, visible);
  useLoadErrorToast(visible ? thread.error : null);
  useMarkReadWhileOpen(conversationId, messages, user.id, staff, visible);

  let body: ReactNode;
  if (!staff && clientId === null)
    body = <p className="m-auto p-6 text-center text-slate-800">{NO_CLIENT_PROFILE}</p>;
  else if (staff && clients.isSuccess && clients.data.length === 0)
    body = <p className="m-auto p-6 text-center text-slate-800">No clients yet.</p>;
  else if (thread.isError)
    body = (
      <div role="alert" className="m-auto p-6 text-center">
        <p className="font-semibold text-red-900">Error Loading Messages</p>
        <p className="text-sm text-red-900">{failureText(thread.error, thread.error.message)}</p>
      </div>
    );
  else if (!messages)
    body = (
      <div className="m-auto">
        <Spinner label="Loading Messages" />
      </div>
    );
  else
    body = (
      <MessageThread
        messages={messages}
        me={user.id}
        empty="No messages yet. Start a conversation!"
        typing={typingNames}
        earlier={earlier}
      />
    );

  return (
    <section
      aria-labelledby={`${pickerId}-title`}
      className="flex h-[600px] flex-col rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="chat-card"
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
        <h3 id={`${pickerId}-title`} className="mr-auto text-lg font-semibold text-slate-900">
          Chat with Support
        </h3>
        {staff && (clients.data?.length ?? 0) > 0 && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            Client
            <select
              value={picked ?? ''}
              onChange={(event) => setPicked(Number(event.target.value))}
              className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            >
              {clients.data?.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <ConnectionStatus />
      </header>
      {body}
      <MessageComposer
        conversationId={conversationId}
        disabled={chosen === null}
        sending={send.isPending}
        onSend={async (content) => {
          if (chosen === null) return false;
          try {
            await send.mutateAsync({ content, clientId: chosen });
            return true;
          } catch {
            return false;
          }
        }}
      />
    </section>
  );
}

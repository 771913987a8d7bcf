import { type ReactNode, useState } from 'react';
import type { SessionUser } from '../../../auth/session';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { useConversations } from '../api';
import { ConnectionStatus } from '../ConnectionStatus';
import { totalUnread } from '../conversations';
import { useLoadErrorToast } from '../useLoadErrorToast';
import { ConversationList } from './ConversationList';
import { NewMessageDialog } from './NewMessageDialog';
import { ThreadPane } from './ThreadPane';

/**
 * Internal messaging (spec part 2, section 2.4c): the conversation list beside the open thread, and
 * New Message. Its states: 'Authentication Required', 'Loading Messages', 'Error Loading Messages' (with
 * a toast of the failure), 'No conversations yet', 'Select a conversation'.
 */
export function InternalMessaging({ user, visible }: { user: SessionUser | null; visible: boolean }) {
  const conversations = useConversations(user !== null);
  const [selected, setSelected] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);
  const error = conversations.error;
  useLoadErrorToast(error);

  if (!user)
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
        <h3 className="text-lg font-semibold text-slate-900">Authentication Required</h3>
        <p className="text-slate-700">Please log in to access messaging</p>
      </div>
    );

  const list = conversations.data ?? [];
  const open = list.find((conversation) => conversation.id === selected);
  let listBody: ReactNode;
  if (conversations.isPending)
    listBody = (
      <div className="grid place-items-center p-6">
        <Spinner label="Loading Messages" />
        <p className="mt-2 text-sm text-slate-700">Loading Messages</p>
      </div>
    );
  else if (conversations.isError)
    listBody = (
      <div role="alert" className="p-4 text-center text-red-900">
        <p className="font-semibold">Error Loading Messages</p>
        <p className="text-sm">{failureText(error, error?.message ?? '')}</p>
      </div>
    );
  else if (list.length === 0)
    listBody = <p className="p-4 text-center text-sm text-slate-700">No conversations yet</p>;
  else listBody = <ConversationList conversations={list} selected={selected} onSelect={setSelected} />;

  const unread = totalUnread(list);
  return (
    <div className="flex h-[600px] flex-col rounded-lg border border-slate-200 bg-white shadow-sm md:flex-row">
      <div className="flex min-h-0 flex-col border-slate-200 md:w-80 md:border-r">
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3">
          <h3 className="mr-auto font-semibold text-slate-900">
            Conversations ({list.length}){unread > 0 && <span className="sr-only">, {unread} unread</span>}
          </h3>
          <ConnectionStatus />
          <Button onClick={() => setComposing(true)}>New Message</Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{listBody}</div>
      </div>
      <div className="flex min-h-0 flex-1 flex-col">
        {open ? (
          <ThreadPane key={open.id} conversation={open} user={user} visible={visible} />
        ) : selected ? (
          <div className="m-auto">
            <Spinner label="Loading Messages" />
          </div>
        ) : (
          <p className="m-auto p-6 text-center text-slate-700">Select a conversation</p>
        )}
      </div>
      <NewMessageDialog
        open={composing}
        onClose={() => setComposing(false)}
        user={user}
        onSent={setSelected}
      />
    </div>
  );
}

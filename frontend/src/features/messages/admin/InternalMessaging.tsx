import type { TConversation } from '@app/contracts/api/messages';
import { type ReactNode, useEffect, useState } from 'react';
import type { SessionUser } from '../../../auth/session';
import { failureText } from '../../../lib/api';
import { useSettled } from '../../../lib/paged-list';
import { showing } from '../../../lib/showing';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { useConversationPages } from '../api';
import { ConnectionStatus } from '../ConnectionStatus';
import { totalUnread } from '../conversations';
import { useLoadErrorToast } from '../useLoadErrorToast';
import { ConversationList } from './ConversationList';
import { NewMessageDialog } from './NewMessageDialog';
import { ThreadPane } from './ThreadPane';

const showingConversations = showing('conversation', 'conversations');

/**
 * Internal messaging (spec part 2, section 2.4c): the conversation list beside the open thread, and
 * New Message. Its states: 'Authentication Required', 'Loading Messages', 'Error Loading Messages' (with
 * a toast of the failure), 'No conversations yet', 'Select a conversation'.
 */
export function InternalMessaging({ user, visible }: { user: SessionUser | null; visible: boolean }) {
  if (!user)
    return (
      <div className="rounded-lg border border-slate-200 bg-white p-8 text-center">
        <h3 className="text-lg font-semibold text-slate-900">Authentication Required</h3>
        <p className="text-slate-700">Please log in to access messaging</p>
      </div>
    );
  return <Messaging user={user} visible={visible} />;
}

/**
 * The list is paged and searched on the server (issue 23): the first 30 conversations, Show More for the
 * next, and a search over every one of them.
 */
function Messaging({ user, visible }: { user: SessionUser; visible: boolean }) {
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const conversations = useConversationPages(q);
  const [selected, setSelected] = useState<string | null>(null);
  const [composing, setComposing] = useState(false);
  const error = conversations.error;
  useLoadErrorToast(error);

  const list = conversations.items;
  // The open conversation stays open when a search or a refresh leaves it off the pages loaded.
  const found = list.find((conversation) => conversation.id === selected);
  const [lastOpen, setLastOpen] = useState<TConversation | undefined>(undefined);
  useEffect(() => {
    if (found) setLastOpen(found);
  }, [found]);
  const open = found ?? (lastOpen?.id === selected ? lastOpen : undefined);

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
        <Button variant="outline" className="mt-3" onClick={() => void conversations.refetch()}>
          Try Again
        </Button>
      </div>
    );
  else if (list.length === 0)
    listBody = (
      <p className="p-4 text-center text-sm text-slate-700">
        {q ? 'No conversations match the search.' : 'No conversations yet'}
      </p>
    );
  else
    listBody = (
      <>
        <ConversationList conversations={list} selected={selected} onSelect={setSelected} />
        <div className="border-t border-slate-200 p-3">
          <PagedFooter
            list={conversations}
            shown={list.length}
            showing={showingConversations}
            label="Show More"
          />
        </div>
      </>
    );

  const unread = totalUnread(list);
  const total = `${conversations.total}${conversations.totalAtLeast ? '+' : ''}`;
  return (
    <div className="flex h-[600px] flex-col rounded-lg border border-slate-200 bg-white shadow-sm md:flex-row">
      <div className="flex min-h-0 flex-col border-slate-200 md:w-80 md:border-r">
        <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-3">
          <h3 className="mr-auto font-semibold text-slate-900">
            Conversations ({total}){unread > 0 && <span className="sr-only">, {unread} unread</span>}
          </h3>
          <ConnectionStatus />
          <Button onClick={() => setComposing(true)}>New Message</Button>
          <div className="w-full">
            <TextField
              label="Search conversations"
              type="search"
              placeholder="Client or team member"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
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
        onSent={(conversationId) => {
          // A new conversation comes first on the unsearched list, where it can be found.
          setSearch('');
          setSelected(conversationId);
        }}
      />
    </div>
  );
}

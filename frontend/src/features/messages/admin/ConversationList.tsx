import type { TConversation } from '@app/contracts/api/messages';
import { preview } from '../conversations';

/** The conversations, latest activity first: title, last message, message count and unread badge. */
export function ConversationList({
  conversations,
  selected,
  onSelect,
}: {
  conversations: readonly TConversation[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-200">
      {conversations.map((conversation) => (
        <li key={conversation.id}>
          <button
            type="button"
            onClick={() => onSelect(conversation.id)}
            aria-current={conversation.id === selected ? 'true' : undefined}
            data-testid={`conversation-${conversation.id}`}
            className={`w-full px-3 py-2.5 text-left focus-visible:outline-2 focus-visible:outline-blue-700 ${
              conversation.id === selected ? 'bg-blue-50' : 'hover:bg-slate-50'
            }`}
          >
            <span className="flex items-center gap-2">
              <span className="mr-auto truncate font-medium text-slate-900">{conversation.title}</span>
              {conversation.unreadCount > 0 && (
                <span
                  data-testid="unread-badge"
                  className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white"
                >
                  {conversation.unreadCount}
                  <span className="sr-only"> unread</span>
                </span>
              )}
            </span>
            <span className="block truncate text-sm text-slate-700">
              {preview(conversation) || 'No messages yet'}
            </span>
            <span className="block text-xs text-slate-700">
              {conversation.messageCount} {conversation.messageCount === 1 ? 'message' : 'messages'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

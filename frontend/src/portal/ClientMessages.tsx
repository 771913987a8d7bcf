import type { TClientMessage } from '@app/contracts/api/portal';
import { formatInstant } from '../lib/format';
import { EmptyState } from './EmptyState';

/** The messages the business has sent this client, newest first. */
export function ClientMessages({ messages }: { messages: TClientMessage[] }) {
  if (messages.length === 0)
    return <EmptyState title="No messages yet" text="Messages from our team will appear here." />;
  const newestFirst = [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ul aria-label="Messages" className="space-y-3">
      {newestFirst.map((message) => (
        <li key={message.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <p className="text-sm whitespace-pre-line text-slate-900">{message.content}</p>
          <p className="mt-2 text-xs text-slate-700">
            <time dateTime={message.createdAt}>{formatInstant(message.createdAt)}</time>
            {!message.read && <span className="ml-2 font-semibold text-blue-800">New</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}

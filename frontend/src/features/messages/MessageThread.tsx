import type { TMessage } from '@app/contracts/api/messages';
import { useEffect, useRef } from 'react';
import { formatInstant } from '../../lib/format';
import { deliveryLabel, senderName } from './thread';

/**
 * A conversation's messages as bubbles, oldest first: my own on the right with Delivered or Read under
 * them, others' on the left with the sender's name. It keeps the newest in view as messages arrive.
 */
export function MessageThread({
  messages,
  me,
  empty,
  typing,
}: {
  messages: readonly TMessage[];
  me: number;
  empty: string;
  /** Names of the people typing here now. */
  typing?: readonly string[];
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.id;
  const typingCount = typing?.length ?? 0;
  useEffect(() => {
    if (last !== undefined || typingCount > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [last, typingCount]);

  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto p-4" data-testid="message-thread">
      {messages.length === 0 ? (
        <p className="m-auto text-center text-sm text-slate-700">{empty}</p>
      ) : (
        <ol aria-label="Messages" className="space-y-3">
          {messages.map((message) => {
            const own = message.senderId === me;
            const label = deliveryLabel(message, me);
            return (
              <li
                key={message.id}
                data-testid="message-bubble"
                data-own={own ? 'true' : 'false'}
                className={`flex flex-col ${own ? 'items-end' : 'items-start'}`}
              >
                {!own && (
                  <span className="mb-0.5 text-xs font-medium text-slate-700">{senderName(message)}</span>
                )}
                <p
                  className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${
                    own ? 'bg-blue-700 text-white' : 'bg-slate-100 text-slate-900'
                  }`}
                >
                  {message.content}
                </p>
                <span className="mt-0.5 text-xs text-slate-700">
                  <time dateTime={message.createdAt}>{formatInstant(message.createdAt)}</time>
                  {label && (
                    <span data-testid="delivery" className="ml-2">
                      {label}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {typingCount > 0 && (
        <p className="mt-3 text-xs text-slate-700 italic" aria-live="polite" data-testid="typing-indicator">
          {typing?.join(', ')} {typingCount === 1 ? 'is' : 'are'} typing…
        </p>
      )}
      <div ref={end} />
    </div>
  );
}

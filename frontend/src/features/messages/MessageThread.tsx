import type { TMessage } from '@app/contracts/api/messages';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { formatInstant } from '../../lib/format';
import { Button } from '../../ui/Button';
import type { EarlierMessages } from './api';
import { deliveryLabel, senderName } from './thread';

/** The message at the top of the reader's view, and where it is on screen. */
type Anchor = { id: string; top: number };

function topMessage(box: HTMLElement): Anchor | null {
  const boxTop = box.getBoundingClientRect().top;
  for (const item of box.querySelectorAll<HTMLElement>('[data-message-id]')) {
    const { top, bottom } = item.getBoundingClientRect();
    if (bottom > boxTop) return { id: item.dataset.messageId!, top };
  }
  return null;
}

/**
 * A conversation's messages as bubbles, oldest first: my own on the right with Delivered or Read under
 * them, others' on the left with the sender's name. It keeps the newest in view as messages arrive. With
 * `earlier`, Show Earlier Messages at the top puts the page before in front, the message the reader was
 * looking at staying where it was.
 */
export function MessageThread({
  messages,
  me,
  empty,
  typing,
  earlier,
}: {
  messages: readonly TMessage[];
  me: number;
  empty: string;
  /** Names of the people typing here now. */
  typing?: readonly string[];
  earlier?: EarlierMessages;
}) {
  const box = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const anchor = useRef<Anchor | null>(null);
  const first = messages[0]?.id;
  const last = messages.at(-1)?.id;
  const typingCount = typing?.length ?? 0;
  useEffect(() => {
    if (last !== undefined || typingCount > 0) end.current?.scrollIntoView?.({ block: 'end' });
  }, [last, typingCount]);
  // Before the browser paints the earlier page, scroll by what it added above the anchored message.
  useLayoutEffect(() => {
    const saved = anchor.current;
    anchor.current = null;
    if (!saved || first === undefined || !box.current) return;
    const item = box.current.querySelector<HTMLElement>(`[data-message-id="${saved.id}"]`);
    if (item) box.current.scrollTop += item.getBoundingClientRect().top - saved.top;
  }, [first]);

  return (
    // The earlier page keeps the reader's place by the effect above, in every browser alike (no native anchoring).
    <div
      ref={box}
      className="flex min-h-0 flex-1 flex-col overflow-y-auto p-4 [overflow-anchor:none]"
      data-testid="message-thread"
    >
      {earlier?.shown && messages.length > 0 && (
        <div className="mb-3 flex flex-col items-center gap-1">
          {/* Not disabled while loading: the button keeps the keyboard focus. */}
          <Button
            variant="outline"
            aria-busy={earlier.loading}
            onClick={() => {
              if (earlier.loading) return;
              anchor.current = box.current && topMessage(box.current);
              earlier.load();
            }}
          >
            {earlier.loading && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700"
              />
            )}
            Show Earlier Messages
          </Button>
          {earlier.failed && !earlier.loading && (
            <p role="alert" className="text-sm text-red-900">
              Could not load earlier messages. Please try again.
            </p>
          )}
        </div>
      )}
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
                data-message-id={message.id}
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

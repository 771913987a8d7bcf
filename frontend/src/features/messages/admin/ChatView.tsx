import { useSearch } from '@tanstack/react-router';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useSessionUser } from '../../../auth/use-session';
import { tabAfterKey } from '../../../ui/tab-keys';
import { ChatWithSupport } from '../ChatWithSupport';
import { InternalMessaging } from './InternalMessaging';

const TABS = [
  { id: 'support', label: 'Chat with Support' },
  { id: 'internal', label: 'Internal Messages' },
] as const;

/**
 * The admin's 'chat' view: Chat with Support and Internal Messages side by side as tabs. Both stay
 * mounted; only the shown one counts as open (its messages raise no toast and are marked read).
 */
export function ChatView() {
  const user = useSessionUser();
  // `?clientId=` (the Clients view's Chat button): Chat with Support opens with that client.
  const { clientId: openWith } = useSearch({ strict: false }) as { clientId?: number };
  const [selected, setSelected] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(event.key, selected, TABS.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    buttons.current[next]?.focus();
  };

  // Messaging needs a signed-in user (spec part 2, section 6): the internal pane says so.
  if (!user) return <InternalMessaging user={null} visible={false} />;
  return (
    <div>
      <div role="tablist" aria-label="Chat" className="flex flex-wrap gap-1 border-b border-slate-300">
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            onKeyDown={onKeyDown}
            className={`-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-700 ${
              index === selected
                ? 'border-blue-700 text-blue-800'
                : 'border-transparent text-slate-700 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          hidden={index !== selected}
          className="pt-6"
        >
          {tab.id === 'support' ? (
            <ChatWithSupport user={user} clientId={null} visible={selected === index} openWith={openWith} />
          ) : (
            <InternalMessaging user={user} visible={selected === index} />
          )}
        </div>
      ))}
    </div>
  );
}

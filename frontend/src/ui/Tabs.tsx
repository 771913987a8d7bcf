import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { tabAfterKey } from './tab-keys';

/** A tab's panel; as a function it is told whether it is the one shown (it stays mounted either way). */
export type Tab = { id: string; label: string; panel: ReactNode | ((shown: boolean) => ReactNode) };

/**
 * A tablist with automatic activation: arrow keys, Home and End move between tabs. Every panel stays
 * mounted (hidden when not selected) so unsaved edits survive a switch of tabs.
 */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const [selected, setSelected] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = (index: number) => `${baseId}-panel-${index}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(event.key, selected, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    buttons.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-300">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            aria-selected={index === selected}
            aria-controls={panelId(index)}
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
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          hidden={index !== selected}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel a focus stop
          tabIndex={0}
          className="pt-6 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          {typeof tab.panel === 'function' ? tab.panel(index === selected) : tab.panel}
        </div>
      ))}
    </div>
  );
}

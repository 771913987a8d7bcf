import { useCombobox } from 'downshift';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { inputClass } from './Field';

/**
 * A field that finds a record by typing (downshift's accessible combobox): the caller asks the server for
 * `items` matching what was typed (`onSearch`), the person picks one with the mouse or the arrow keys and
 * Enter. Each option shows enough (`describe`) to tell look-alikes apart.
 */
export function SearchCombobox<T>({
  label,
  items,
  selected,
  onSelect,
  onSearch,
  toText,
  describe,
  keyOf,
  loading = false,
  placeholder,
  error,
  emptyText = 'Nothing matches what you typed.',
}: {
  label: string;
  items: readonly T[];
  selected: T | null;
  onSelect: (item: T | null) => void;
  onSearch: (text: string) => void;
  /** The option's name, shown in the field once picked. */
  toText: (item: T) => string;
  /** A second line that tells look-alikes apart (the client, the status, a date). */
  describe?: (item: T) => ReactNode;
  keyOf: (item: T) => string | number;
  /** While what was typed is still being searched (the options shown are the last search's). */
  loading?: boolean;
  placeholder?: string;
  error?: string | null;
  emptyText?: string;
}) {
  const errorId = useId();
  const inputId = useId();
  const [inputValue, setInputValue] = useState(selected ? toText(selected) : '');
  // A choice made or cleared from outside (Clear Filters, a record read later) shows in the field.
  const selectedKey = selected ? keyOf(selected) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a different choice resets the field's text
  useEffect(() => setInputValue(selected ? toText(selected) : ''), [selectedKey]);
  const combobox = useCombobox<T>({
    inputId,
    inputValue,
    items: [...items],
    selectedItem: selected,
    itemToString: (item) => (item ? toText(item) : ''),
    itemToKey: (item) => (item ? keyOf(item) : null),
    onSelectedItemChange: ({ selectedItem }) => onSelect(selectedItem ?? null),
    onInputValueChange: ({ inputValue, type }) => {
      setInputValue(inputValue ?? '');
      // Typing searches; the field showing the picked option's name is not a search.
      if (type !== useCombobox.stateChangeTypes.InputChange) return;
      onSearch(inputValue ?? '');
      // An emptied field chooses nothing.
      if (!inputValue && selected !== null) onSelect(null);
    },
  });
  const { isOpen, highlightedIndex } = combobox;
  return (
    <div className="relative">
      <label
        {...combobox.getLabelProps()}
        htmlFor={inputId}
        className="block text-sm font-medium text-slate-800"
      >
        {label}
      </label>
      <input
        {...combobox.getInputProps({
          placeholder,
          onFocus: () => {
            if (!isOpen) combobox.openMenu();
          },
        })}
        className={inputClass}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      />
      <ul
        {...combobox.getMenuProps()}
        aria-busy={loading}
        className={`absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-md border border-slate-300 bg-white shadow-lg ${
          isOpen ? '' : 'hidden'
        }`}
      >
        {isOpen &&
          items.map((item, index) => (
            <li
              key={keyOf(item)}
              {...combobox.getItemProps({ item, index })}
              className={`cursor-pointer px-3 py-2 text-sm ${
                highlightedIndex === index ? 'bg-blue-50 text-slate-900' : 'text-slate-900'
              }`}
            >
              <span className="block font-medium">{toText(item)}</span>
              {describe && <span className="block text-xs text-slate-700">{describe(item)}</span>}
            </li>
          ))}
        {isOpen && items.length === 0 && (
          <li className="px-3 py-2 text-sm text-slate-700" aria-disabled="true">
            {loading ? 'Searching…' : emptyText}
          </li>
        )}
      </ul>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

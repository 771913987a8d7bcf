import type { RequestSet } from './consultation-list';

const OPTIONS: { value: RequestSet; label: string }[] = [
  { value: 'active', label: 'Active Requests' },
  { value: 'previous', label: 'Previous Requests' },
];

/** Two toggle buttons: which requests the list, the tiles and the filter apply to. */
export function RequestSetSelector({
  value,
  onChange,
}: {
  value: RequestSet;
  onChange: (value: RequestSet) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="block text-sm font-medium text-slate-800">Show</legend>
      <div className="mt-1 inline-flex rounded-md border border-slate-400 bg-white p-0.5">
        {OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={value === option.value}
            onClick={() => onChange(option.value)}
            className={`rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700 ${
              value === option.value ? 'bg-blue-700 text-white' : 'text-slate-800 hover:bg-slate-100'
            }`}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** A project's progress: a bar named for what it measures, and the percentage as text. */
export function ProgressBar({ value, label = 'Progress' }: { value: number; label?: string }) {
  return (
    <span className="flex items-center gap-2">
      <progress aria-label={label} max={100} value={value} className="h-2 w-full max-w-48 accent-blue-700" />
      <span className="text-sm text-slate-900">{value}%</span>
    </span>
  );
}

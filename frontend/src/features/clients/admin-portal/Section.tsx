import { type ReactNode, useId } from 'react';

/** A titled card of the portal's tabs. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-700">{children}</p>;
}

const PILL_COLOURS: Record<string, string> = {
  completed: 'bg-green-100 text-green-900',
  confirmed: 'bg-blue-100 text-blue-900',
  scheduled: 'bg-violet-100 text-violet-900',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

export function StatusPill({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${PILL_COLOURS[status] ?? 'bg-slate-200 text-slate-800'}`}
    >
      {label}
    </span>
  );
}

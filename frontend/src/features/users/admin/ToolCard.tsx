import { type ReactNode, useId } from 'react';

/** One of the account tools beside the list (create admin, make admin, temporary password). */
export function ToolCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{description}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

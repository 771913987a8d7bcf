import { useId } from 'react';

/**
 * The three required-document templates (spec part 1, section 3), always 'Pending' until documents can
 * be signed. Uploading and listing documents arrive with the documents slice; until then there is no
 * upload button that could not work.
 */
export const REQUIRED_DOCUMENTS = [
  { id: 'property-permission', title: 'Property Permission Form' },
  { id: 'insurance-certificate', title: 'Insurance Certificate' },
  { id: 'service-agreement', title: 'Service Agreement' },
] as const;

export function DocumentsTab() {
  const id = useId();
  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-required`}>
        <h3 id={`${id}-required`} className="text-base font-semibold text-slate-900">
          Required Documents
        </h3>
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
          {REQUIRED_DOCUMENTS.map((document) => (
            <li key={document.id} className="flex items-center justify-between gap-3 p-3">
              <div>
                <p className="text-sm font-medium text-slate-900">{document.title}</p>
                <p className="text-xs text-slate-700">PDF Document · Required</p>
              </div>
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                Pending
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${id}-uploaded`}>
        <h3 id={`${id}-uploaded`} className="text-base font-semibold text-slate-900">
          Uploaded Documents
        </h3>
        <p className="mt-3 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
          No documents uploaded yet
        </p>
      </section>
    </div>
  );
}

import type { TDocument } from '@app/contracts/api/documents';
import type { FormTemplate } from '@app/contracts/forms/templates';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { DocumentStatusBadge } from './DocumentStatusBadge';
import { requiredDocuments } from './document-status';
import { RequiredFormDialog } from './RequiredFormDialog';

/**
 * A project's three required documents (spec part 1, section 3), real forms the client fills and signs:
 * each Pending until a signed one exists for the project, then Signed. One made and not yet signed opens
 * (to read, or for its client to sign); one not yet made offers 'Fill & Sign' where the client may fill it.
 */
export function RequiredDocumentList({
  docs,
  projectId,
  loading,
  canFill,
  onOpen,
}: {
  docs: readonly TDocument[];
  projectId: number;
  /** The documents are still loading: nothing is offered to fill yet. */
  loading: boolean;
  /** The client's own view: a required form not yet made can be filled and signed. */
  canFill: boolean;
  onOpen: (documentId: number) => void;
}) {
  const id = useId();
  const [filling, setFilling] = useState<FormTemplate | null>(null);
  const required = requiredDocuments(docs, projectId);
  return (
    <section aria-labelledby={`${id}-required`}>
      <h3 id={`${id}-required`} className="text-base font-semibold text-slate-900">
        Required Documents
      </h3>
      <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
        {required.map(({ template, signed, pending }) => (
          <li
            key={template.id}
            data-testid="required-document"
            className="flex flex-wrap items-center justify-between gap-3 p-3"
          >
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{template.title}</p>
              <p className="text-xs text-slate-700">PDF Document · Required</p>
            </div>
            <div className="flex items-center gap-2">
              <DocumentStatusBadge
                label={signed ? { label: 'Signed', tone: 'green' } : { label: 'Pending', tone: 'yellow' }}
              />
              {signed || pending ? (
                <Button
                  variant="outline"
                  aria-label={`${signed ? 'View' : 'Open'} ${template.title}`}
                  onClick={() => onOpen((signed ?? pending)!.id)}
                >
                  {signed ? 'View' : 'Open'}
                </Button>
              ) : (
                canFill && (
                  <Button
                    aria-label={`Fill & Sign ${template.title}`}
                    onClick={() => setFilling(template)}
                    disabled={loading}
                  >
                    Fill & Sign
                  </Button>
                )
              )}
            </div>
          </li>
        ))}
      </ul>
      <RequiredFormDialog template={filling} projectId={projectId} onClose={() => setFilling(null)} />
    </section>
  );
}

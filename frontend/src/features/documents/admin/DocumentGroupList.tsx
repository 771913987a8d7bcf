import type { TDocument } from '@app/contracts/api/documents';
import { useId, useState } from 'react';
import { DocumentRow } from './DocumentRow';
import type { DocumentGroup } from './document-list';

type Actions = {
  onView: (doc: TDocument) => void;
  onSign: (doc: TDocument) => void;
  onReview: (doc: TDocument) => void;
  reviewing: number | null;
  onDelete: (doc: TDocument) => void;
};

/** A project's (or the unassigned) documents under a heading that folds them away, with their count. */
function Group({ group, ...actions }: { group: DocumentGroup<TDocument> } & Actions) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const count = group.documents.length;
  return (
    <section data-testid="document-group" className="rounded-lg border border-slate-200 bg-white">
      <h4>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-3 rounded-lg px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-700"
        >
          <span>
            <span className="font-semibold text-slate-900">{group.title}</span>
            {group.subtitle && <span className="ml-2 text-sm text-slate-700">{group.subtitle}</span>}
          </span>
          <span className="flex items-center gap-2 text-sm text-slate-700">
            <span className="rounded-full bg-slate-100 px-2 py-0.5" data-testid="document-count">
              {count} {count === 1 ? 'document' : 'documents'}
            </span>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </span>
        </button>
      </h4>
      <ul id={listId} hidden={!open} className="divide-y divide-slate-200 border-t border-slate-200">
        {group.documents.map((doc) => (
          <DocumentRow key={doc.id} doc={doc} {...actions} />
        ))}
      </ul>
    </section>
  );
}

export function DocumentGroupList({ groups, ...actions }: { groups: DocumentGroup<TDocument>[] } & Actions) {
  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <Group key={group.key} group={group} {...actions} />
      ))}
    </div>
  );
}

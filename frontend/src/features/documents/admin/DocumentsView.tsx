import type { TDocument } from '@app/contracts/api/documents';
import { customFormIdOf } from '@app/contracts/api/forms';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from '../../../ui/Tabs';
import { customFormsQuery } from '../api';
import { DocumentsPanel } from './DocumentsPanel';
import { FormsTab } from './FormsTab';

/** The admin's Documents view (spec part 2, section 2.4a): the Forms and Documents tabs. */
export function DocumentsView() {
  const forms = useQuery(customFormsQuery);
  const definitionOf = (doc: TDocument) => {
    const id = customFormIdOf(doc.templateType);
    return id === undefined ? undefined : forms.data?.find((form) => form.id === id);
  };
  return (
    <Tabs
      label="Documents"
      tabs={[
        { id: 'forms', label: 'Forms', panel: <FormsTab /> },
        { id: 'documents', label: 'Documents', panel: <DocumentsPanel definitionOf={definitionOf} /> },
      ]}
    />
  );
}

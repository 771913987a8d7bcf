import type { TProject } from '@app/contracts/api/projects';
import { useQuery } from '@tanstack/react-query';
import { DocumentList, newestFirst, useOpenDocument } from '../../documents/DocumentList';
import { projectTitleOf } from './portal-view';
import { clientDocumentsQuery } from './queries';
import { Section } from './Section';

/**
 * The client's documents as staff see them (GET /api/documents/client/{id}): title, type, project, date,
 * status and View, newest first; 'No documents available' when there are none.
 */
export function DocumentsTab({ clientId, projects }: { clientId: number; projects: readonly TProject[] }) {
  const query = useQuery(clientDocumentsQuery(clientId));
  const opener = useOpenDocument();
  const titleOf = projectTitleOf(projects);
  return (
    <Section title="Documents">
      <DocumentList
        query={query}
        docs={newestFirst(query.data ?? [])}
        empty="No documents available"
        onOpen={opener.open}
        audience="staff"
        projectTitleOf={(doc) => titleOf(doc.projectId)}
        testId="portal-document"
      />
      {opener.dialogs}
    </Section>
  );
}

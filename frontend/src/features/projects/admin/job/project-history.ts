import type { TAuditEntry } from '@app/contracts/api/audit';
import { queryOptions } from '@tanstack/react-query';
import { historyKey } from '../../save-project';

/**
 * GET /api/audit?stream=project-{id}: who changed the job or its documents, when and what (admin only); a
 * refresh of the projects or the documents (another admin's or the client's change) reads it again.
 */
export const projectHistoryQuery = (id: number) =>
  queryOptions<TAuditEntry[] | null>({
    queryKey: [historyKey(id)],
    meta: { summarises: ['/api/projects', '/api/documents'] },
  });

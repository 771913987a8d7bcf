import type { TAuditEntry } from '@app/contracts/api/audit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { usePagedList } from '../../../../lib/paged-list';

const AUDIT_KEY = '/api/audit';
/** History entries are tall (a line per changed field): a first page fits a few screens. */
export const HISTORY_PAGE = 20;

/** A refresh of the projects or the documents (a save, another admin's or the client's change) reads it again. */
const SUMMARISES = { summarises: ['/api/projects', '/api/documents'] };

/**
 * GET /api/audit?stream=project-{id}&limit=: who changed the job or its documents, when and what (admin only),
 * newest first, page after page as the admin asks for older entries (issue 23).
 */
export function useProjectHistory(id: number) {
  const queryClient = useQueryClient();
  useState(() => queryClient.setQueryDefaults([AUDIT_KEY, 'pages'], { meta: SUMMARISES }));
  return usePagedList<TAuditEntry>(AUDIT_KEY, { stream: `project-${id}` }, HISTORY_PAGE);
}

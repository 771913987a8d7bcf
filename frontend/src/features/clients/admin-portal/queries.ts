import type { TClient } from '@app/contracts/api/clients';
import type { TDocument } from '@app/contracts/api/documents';
import type { TPayment } from '@app/contracts/api/invoices';
import type { TAppointment, TClientMessage } from '@app/contracts/api/portal';
import type { TProject } from '@app/contracts/api/projects';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/**
 * The portal page's reads. Each key starts with its list's key (['/api/projects', 'client', 7]) so the
 * invalidation that refreshes a list, a save's or a live update's, refreshes this page's copy too.
 */
export const clientQuery = (clientId: number) =>
  queryOptions({
    queryKey: ['/api/clients', clientId],
    queryFn: () => apiRequest<TClient>('GET', `/api/clients/${clientId}`),
  });

const listOf =
  <T>(base: string) =>
  (clientId: number) =>
    queryOptions({
      queryKey: [base, 'client', clientId],
      queryFn: () => apiRequest<T[]>('GET', `${base}/client/${clientId}`),
    });

export const clientProjectsQuery = listOf<TProject>('/api/projects');
export const clientMessagesQuery = listOf<TClientMessage>('/api/messages');
export const clientAppointmentsQuery = listOf<TAppointment>('/api/appointments');
export const clientPaymentsQuery = listOf<TPayment>('/api/payments');
/** GET /api/documents/client/{id}: under the documents key, so a documents change or live update refreshes it. */
export const clientDocumentsQuery = listOf<TDocument>('/api/documents');

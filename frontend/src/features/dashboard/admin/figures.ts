import type { TDashboardStats } from '@app/contracts/api/portal';
import type { AdminViewId } from '../../../admin/views';

export type StatCard = {
  key: keyof TDashboardStats;
  label: string;
  detail: string;
  view: AdminViewId;
};

/** The four cards of spec part 2, 2.1, each with the view it opens. */
export const STAT_CARDS: readonly StatCard[] = [
  { key: 'totalClients', label: 'Total Clients', detail: 'Everyone on the books', view: 'clients' },
  { key: 'activeProjects', label: 'Active Projects', detail: 'In progress', view: 'tracking' },
  { key: 'pendingDocuments', label: 'Pending Documents', detail: 'Awaiting signature', view: 'documents' },
  { key: 'pendingPayments', label: 'Pending Payments', detail: 'Not yet paid', view: 'payments' },
];

/** A card opens its view only when that view has landed; otherwise it is a plain figure. */
export const cardTarget = (card: StatCard, landed: readonly { id: AdminViewId }[]): AdminViewId | null =>
  landed.some((view) => view.id === card.view) ? card.view : null;

/**
 * The admin dashboard's views in the spec's sidebar order (part 2, section 2.1). Only views whose slice
 * of work has landed are listed in LANDED_VIEWS; the others are never shown as placeholders.
 */
export const ADMIN_VIEWS = [
  { id: 'dashboard', label: 'Dashboard' },
  { id: 'documents', label: 'Documents' },
  { id: 'chat', label: 'Chat' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'tracking', label: 'Project Tracking' },
  { id: 'all-estimates', label: 'All Estimates' },
  { id: 'payments', label: 'Payments' },
  { id: 'clients', label: 'Clients' },
  { id: 'users', label: 'Users' },
  { id: 'consultations', label: 'Consultations' },
  { id: 'settings', label: 'Settings' },
  { id: 'content', label: 'Content Management' },
] as const;
export type AdminViewId = (typeof ADMIN_VIEWS)[number]['id'];

const LANDED: readonly AdminViewId[] = [
  'dashboard',
  'documents',
  'chat',
  'schedule',
  'tracking',
  'all-estimates',
  'payments',
  'clients',
  'users',
  'consultations',
  'settings',
  'content',
];
export const LANDED_VIEWS = ADMIN_VIEWS.filter((view) => LANDED.includes(view.id));

export const VIEW_STORAGE_KEY = 'adminDashboardView';

const isLanded = (value: unknown): value is AdminViewId =>
  typeof value === 'string' && LANDED.includes(value as AdminViewId);

/**
 * `?view=`: a landed view; any other value (unknown, or a view not built yet) falls back to the Dashboard.
 * `?clientId=`: the client a view opens with (the Clients view's Chat button opens the chat with that
 * client); anything but a record id is dropped. Every key is answered, even when unset: the router keeps
 * raw search values a validator leaves out.
 */
export const parseAdminSearch = (
  search: Record<string, unknown>,
): { view?: AdminViewId; clientId?: number } => {
  const id = Number(search.clientId);
  const clientId = Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : undefined;
  if (search.view === undefined) return { view: undefined, clientId };
  return { view: isLanded(search.view) ? search.view : 'dashboard', clientId };
};

/** The query parameter wins; otherwise the remembered view; otherwise the first view in the sidebar. */
export function chooseView(fromQuery: unknown, remembered: string | null): AdminViewId {
  if (isLanded(fromQuery)) return fromQuery;
  if (isLanded(remembered)) return remembered;
  return LANDED_VIEWS[0]!.id;
}

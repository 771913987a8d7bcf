import { showing } from '../../../lib/showing';

/** "12 clients", or "3 clients found" for a search ("1000+ clients found" past what the server counts). */
export const clientCountText = (total: number, found?: 'found', atLeast = false) =>
  `${total === 1 && !atLeast ? '1 client' : `${total}${atLeast ? '+' : ''} clients`}${found ? ' found' : ''}`;

/** Under a page of the list: how many rows are on screen of how many the list (with its search) holds. */
export const showingClientsText = showing('clients', 'clients');

/** The list's order; the server sorts (`sort=name` or `sort=-name`, by name whatever its case). */
export type SortOrder = 'az' | 'za';
export const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'az', label: 'Name A-Z' },
  { value: 'za', label: 'Name Z-A' },
];

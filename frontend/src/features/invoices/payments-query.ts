import type { TInvoice, ZRevenueByMonth } from '@app/contracts/api/invoices';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../lib/api';

/**
 * The invoices and payments reads. Every payments list starts with PAYMENTS_KEY and every invoice page with
 * INVOICES_KEY, so one invalidation after a change (or the admin's live update) refreshes them together.
 */
export const PAYMENTS_KEY = '/api/payments';
export const INVOICES_KEY = '/api/invoices';
export const REVENUE_KEY = '/api/dashboard/revenue';

/** GET /api/payments/client: the signed-in client's own invoices (the portal pages them). */
export const CLIENT_PAYMENTS_KEY = `${PAYMENTS_KEY}/client`;

/** GET /api/invoices/{id}: the invoice page (admins, and the invoice's own client; anyone else 404). */
export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [INVOICES_KEY, id],
    queryFn: () => apiRequest<TInvoice>('GET', `${INVOICES_KEY}/${id}`),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

/** GET /api/dashboard/revenue: completed payments by month, the last 12 months. */
export const revenueQuery = queryOptions<z.infer<typeof ZRevenueByMonth>>({
  queryKey: [REVENUE_KEY],
  meta: { summarises: [PAYMENTS_KEY] },
});

/** Where an invoice's page is, and its PDF. */
export const invoicePath = (id: number) => `/invoice/${id}`;
export const invoicePdfUrl = (id: number) => `${INVOICES_KEY}/${id}/pdf`;

/**
 * The server's invoice address (made with its public URL) as a path of this site, so a page opened from it
 * stays on the origin the person is signed in on.
 */
export const localPath = (url: string) => {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
};

/** The numeric id of a route parameter, or null for anything that cannot be an invoice id. */
export function invoiceIdOf(param: string): number | null {
  if (!/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

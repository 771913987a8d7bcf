import type { QueryClient } from '@tanstack/react-query';
import { CLIENT_PAYMENTS_KEY, INVOICES_KEY, PAYMENTS_KEY } from './payments-query';

/** After any change to an invoice: its lists (admin, portal) and any open invoice page are read again. */
export function invalidatePayments(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: [PAYMENTS_KEY] });
  void queryClient.invalidateQueries({ queryKey: [CLIENT_PAYMENTS_KEY] });
  void queryClient.invalidateQueries({ queryKey: [INVOICES_KEY] });
}

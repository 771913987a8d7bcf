import { recordPayment, recordPaymentFailure, recordPaymentIntent } from '../invoices/commands.ts';
import type { AppDeps } from '../platform/deps.ts';
import type { InvoicePayments } from './port.ts';

/** The invoices slice's commands that card payments send, bound to the process's deps. */
export const invoicePaymentsOf = (
  deps: Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections'>,
): InvoicePayments => ({
  recordPayment: (actor, input) => recordPayment(deps, actor, input),
  recordPaymentIntent: (actor, input) => recordPaymentIntent(deps, actor, input),
  recordPaymentFailure: (actor, input) => recordPaymentFailure(deps, actor, input),
});

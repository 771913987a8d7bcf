import { dollars } from '@app/contracts/estimates/quote-text';
import type { InvoiceNow } from '@app/contracts/invoices/invoice-now';
import { invoiceAddress } from '@app/contracts/invoices/invoice-text';
import { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';
import { defineJob, type JobContext } from './define.ts';
import { billedClient, type InvoiceMailDeps, invoiceOf } from './invoice-mail.ts';

/** The client's card was declined: the invoice, why, and its page to pay it another way or with another card. */
export function chargeFailedMailFor(
  input: { invoice: InvoiceNow; clientName: string; to: string; message: string },
  publicUrl: string,
): OutgoingMail {
  const { invoice } = input;
  return {
    to: input.to,
    subject: `Your card was declined for invoice ${invoice.invoiceNumber}`,
    text: [
      `Hello ${input.clientName},`,
      '',
      `We tried to charge your saved card ${dollars(invoice.balanceCents)} for invoice ${invoice.invoiceNumber} (${invoice.description}), and it was declined.`,
      '',
      `  Reason: ${input.message}`,
      '',
      `Please pay it online, with another card or another way: ${invoiceAddress(publicUrl, invoice.invoiceId)}`,
    ].join('\n'),
  };
}

/** Mails the client once per declined automatic charge, unless the invoice was paid or deleted meanwhile. */
export const billingChargeFailedMail = defineJob({
  id: 'billing.charge-failed.mail',
  version: 1,
  queue: 'mail',
  payload: z.object({ invoiceId: z.number().int(), message: z.string() }),
  startedBy: 'BillingChargeFailed',
  payloadFor: (data) => ({ invoiceId: data.invoiceId, message: data.message }),
  waitsFor: ['users', 'clients', 'projects', 'site-settings'],
  async handle(payload, ctx: JobContext, deps: InvoiceMailDeps) {
    const invoice = await invoiceOf(deps, `invoice-${payload.invoiceId}`);
    if (!invoice) return { sent: false, reason: 'no such invoice' };
    if (invoice.voided) return { sent: false, reason: 'voided' };
    if (invoice.balanceCents <= 0) return { sent: false, reason: 'paid meanwhile' };
    const client = await billedClient(deps.db, invoice);
    if (!client) return { sent: false, reason: 'the client has no e-mail' };
    const mail = chargeFailedMailFor(
      { invoice, clientName: client.name, to: client.email, message: payload.message },
      deps.publicUrl,
    );
    const { messageId } = await ctx.sendMail(mail);
    return { sent: true, messageId };
  },
});

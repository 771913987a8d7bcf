import { dollars } from '@app/contracts/estimates/quote-text';
import type { InvoiceNow } from '@app/contracts/invoices/invoice-now';
import { invoiceAddress, longDate } from '@app/contracts/invoices/invoice-text';
import type { OutgoingMail } from '../mail/mailer.ts';
import { defineJob, type JobContext } from './define.ts';
import {
  billedClient,
  type InvoiceMailDeps,
  invoiceOf,
  pdfAttachment,
  ZInvoicePayload,
} from './invoice-mail.ts';

export type InvoiceMailDecision = { send: true; invoice: InvoiceNow } | { send: false; reason: string };

/** The new invoice is mailed unless it was voided before the job ran (a paid one is still sent: it says Paid). */
export function issuedMailDecision(invoice: InvoiceNow | null): InvoiceMailDecision {
  if (!invoice) return { send: false, reason: 'no such invoice' };
  if (invoice.voided) return { send: false, reason: 'voided' };
  return { send: true, invoice };
}

/** The new invoice: what for, how much, when due (Alaska), and its page to read and pay it online. */
export function issuedMailFor(
  input: { invoice: InvoiceNow; clientName: string; to: string },
  publicUrl: string,
): OutgoingMail {
  const { invoice } = input;
  return {
    to: input.to,
    subject: `Invoice ${invoice.invoiceNumber}: ${dollars(invoice.amountCents)} due ${longDate(invoice.dueDate)}`,
    text: [
      `Hello ${input.clientName},`,
      '',
      'Here is your invoice:',
      '',
      `  Invoice: ${invoice.invoiceNumber}`,
      `  For: ${invoice.description}`,
      `  Amount: ${dollars(invoice.amountCents)}`,
      `  Invoice date: ${longDate(invoice.invoiceDate)}`,
      `  Due date: ${longDate(invoice.dueDate)}`,
      ...(invoice.paidCents > 0
        ? [`  Paid so far: ${dollars(invoice.paidCents)}`, `  Balance due: ${dollars(invoice.balanceCents)}`]
        : []),
      '',
      `Read it and pay it online: ${invoiceAddress(publicUrl, invoice.invoiceId)}`,
      '',
      'The invoice is attached as a PDF.',
    ].join('\n'),
  };
}

/** Mails the client the new invoice, its PDF attached and the link to its page; once per invoice. */
export const invoiceIssuedMail = defineJob({
  id: 'invoice.issued.mail',
  version: 1,
  queue: 'mail',
  payload: ZInvoicePayload,
  startedBy: 'InvoiceIssued',
  payloadFor: (data) => ({ invoiceId: data.invoiceId }),
  waitsFor: ['users', 'clients', 'projects', 'site-settings'],
  async handle(_payload, ctx: JobContext, deps: InvoiceMailDeps) {
    const decision = issuedMailDecision(await invoiceOf(deps, ctx.event.stream));
    if (!decision.send) return { sent: false, reason: decision.reason };
    const { invoice } = decision;
    const client = await billedClient(deps.db, invoice);
    if (!client) return { sent: false, reason: 'the client has no e-mail' };
    const file = await deps.invoicePdf(invoice.invoiceId);
    if (!file) return { sent: false, reason: 'no invoice to print' };
    const mail = issuedMailFor({ invoice, clientName: client.name, to: client.email }, deps.publicUrl);
    const { messageId } = await ctx.sendMail({ ...mail, attachments: [pdfAttachment(file)] });
    return { sent: true, messageId };
  },
});

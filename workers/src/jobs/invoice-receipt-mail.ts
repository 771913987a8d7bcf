import { alaskaLongDay, dollars } from '@app/contracts/estimates/quote-text';
import type { InvoiceNow } from '@app/contracts/invoices/invoice-now';
import { invoiceAddress } from '@app/contracts/invoices/invoice-text';
import type { OutgoingMail } from '../mail/mailer.ts';
import { defineJob, type JobContext } from './define.ts';
import type { InvoiceMailDecision } from './invoice-issued-mail.ts';
import {
  billedClient,
  type InvoiceMailDeps,
  invoiceOf,
  pdfAttachment,
  ZInvoicePayload,
} from './invoice-mail.ts';

/**
 * Whether the event a receipt job stands for is the one that made the invoice paid in full (the payment that
 * reached its total, or staff marking it completed), judged from the stream when the job runs. Every payment
 * and status change starts a job; only that event's job sends, so the receipt goes once per invoice (paid,
 * reopened and paid again: still the first). Voided or reopened before the job ran: nothing.
 */
export function receiptDecision(invoice: InvoiceNow | null, startedBy: string): InvoiceMailDecision {
  if (!invoice) return { send: false, reason: 'no such invoice' };
  if (invoice.voided) return { send: false, reason: 'voided' };
  if (invoice.paidBy === null) return { send: false, reason: 'not paid in full' };
  if (invoice.paidBy !== startedBy)
    return { send: false, reason: 'another event paid it in full: that one sends the receipt' };
  if (invoice.status !== 'completed') return { send: false, reason: `no longer paid (${invoice.status})` };
  return { send: true, invoice };
}

/** The receipt: paid in full, the payments received, and the invoice page. */
export function receiptMailFor(
  input: { invoice: InvoiceNow; clientName: string; to: string },
  publicUrl: string,
): OutgoingMail {
  const { invoice } = input;
  return {
    to: input.to,
    subject: `Receipt: invoice ${invoice.invoiceNumber} is paid in full`,
    text: [
      `Hello ${input.clientName},`,
      '',
      `Thank you: we have received payment in full for invoice ${invoice.invoiceNumber} (${invoice.description}).`,
      '',
      `  Total: ${dollars(invoice.amountCents)}`,
      ...invoice.payments.map((p) => `  Received ${alaskaLongDay(p.paidAt)}: ${dollars(p.amountCents)}`),
      ...(invoice.paidAt ? [`  Paid in full on ${alaskaLongDay(invoice.paidAt)}`] : []),
      '  Balance due: $0.00',
      '',
      `Your invoice, marked paid, is attached and stays online: ${invoiceAddress(publicUrl, invoice.invoiceId)}`,
    ].join('\n'),
  };
}

async function sendReceipt(ctx: JobContext, deps: InvoiceMailDeps) {
  const decision = receiptDecision(await invoiceOf(deps, ctx.event.stream), ctx.event.id);
  if (!decision.send) return { sent: false, reason: decision.reason };
  const { invoice } = decision;
  const client = await billedClient(deps.db, invoice);
  if (!client) return { sent: false, reason: 'the client has no e-mail' };
  const file = await deps.invoicePdf(invoice.invoiceId);
  const mail = receiptMailFor({ invoice, clientName: client.name, to: client.email }, deps.publicUrl);
  const { messageId } = await ctx.sendMail(file ? { ...mail, attachments: [pdfAttachment(file)] } : mail);
  return { sent: true, messageId };
}

/** A payment recorded: the receipt, when this payment paid the invoice in full. */
export const invoicePaidReceiptMail = defineJob({
  id: 'invoice.receipt.mail.payment',
  version: 1,
  queue: 'mail',
  payload: ZInvoicePayload,
  startedBy: 'InvoicePaymentRecorded',
  payloadFor: (data) => ({ invoiceId: data.invoiceId }),
  waitsFor: ['users', 'clients', 'projects', 'site-settings'],
  handle: (_payload, ctx: JobContext, deps: InvoiceMailDeps) => sendReceipt(ctx, deps),
});

/** Staff marked the invoice completed: the receipt, when that is what paid it in full. */
export const invoiceCompletedReceiptMail = defineJob({
  id: 'invoice.receipt.mail.completed',
  version: 1,
  queue: 'mail',
  payload: ZInvoicePayload,
  startedBy: 'InvoiceStatusChanged',
  startsWhen: (data) => data.status === 'completed',
  payloadFor: (data) => ({ invoiceId: data.invoiceId }),
  waitsFor: ['users', 'clients', 'projects', 'site-settings'],
  handle: (_payload, ctx: JobContext, deps: InvoiceMailDeps) => sendReceipt(ctx, deps),
});

export const invoiceReceiptMails = [invoicePaidReceiptMail, invoiceCompletedReceiptMail] as const;

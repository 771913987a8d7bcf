import { addDays, localToUtc, utcToLocal } from '@app/contracts/calendar/time-zone';
import { dollars } from '@app/contracts/estimates/quote-text';
import type { InvoiceNow } from '@app/contracts/invoices/invoice-now';
import { dueText, invoiceAddress, longDate } from '@app/contracts/invoices/invoice-text';
import { REMINDER_DAYS } from '@app/contracts/invoices/rules';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';
import { type AnyJobDefinition, defineJob, type JobContext } from './define.ts';
import type { InvoiceMailDecision } from './invoice-issued-mail.ts';
import { billedClient, type InvoiceMailDeps, invoiceOf } from './invoice-mail.ts';

/** Reminders go out at this hour of the business day (Alaska). */
export const REMINDER_TIME = '09:00';

/** When the reminder `offsetDays` from a due date falls due: 09:00 in Alaska on that day. */
export const reminderAt = (dueDate: string, offsetDays: number) =>
  localToUtc(addDays(dueDate, offsetDays), REMINDER_TIME);

/**
 * Whether the reminder a job stands for still stands, judged from the invoice's stream when it runs: not for a
 * paid or voided invoice, nor one whose due date moved (the change scheduled its own), nor one whose due date was
 * last set by another event (a change that kept the date: the job of the event that set it sends). When the next
 * reminder is already due too (the workers were down, or Redis was refilled late), this one stands down for it,
 * so a client gets one mail, not a burst.
 */
export function reminderDecision(
  invoice: InvoiceNow | null,
  job: { startedBy: string; dueDate: string; offsetDays: number },
  now: Date,
): InvoiceMailDecision {
  if (!invoice) return { send: false, reason: 'no such invoice' };
  if (invoice.voided) return { send: false, reason: 'voided' };
  if (invoice.status === 'completed' || invoice.balanceCents <= 0) return { send: false, reason: 'paid' };
  if (invoice.dueDate !== job.dueDate)
    return { send: false, reason: `the due date moved to ${invoice.dueDate}` };
  if (invoice.dueDateSetBy !== job.startedBy)
    return { send: false, reason: 'a later change kept this due date: its reminders send' };
  const next = REMINDER_DAYS.find((d) => d > job.offsetDays);
  if (next !== undefined && reminderAt(job.dueDate, next).getTime() <= now.getTime())
    return { send: false, reason: `the reminder ${next} days from the due date is due already` };
  return { send: true, invoice };
}

/** The reminder: how far the due date is (counted on the day it is sent, in Alaska), the balance, the page. */
export function reminderMailFor(
  input: { invoice: InvoiceNow; clientName: string; to: string; today: string },
  publicUrl: string,
): OutgoingMail {
  const { invoice } = input;
  const when = dueText(invoice.dueDate, input.today);
  return {
    to: input.to,
    subject: `Reminder: invoice ${invoice.invoiceNumber} is ${when}`,
    text: [
      `Hello ${input.clientName},`,
      '',
      `This is a friendly reminder that invoice ${invoice.invoiceNumber} (${invoice.description}) is ${when}.`,
      '',
      `  Due date: ${longDate(invoice.dueDate)}`,
      `  Total: ${dollars(invoice.amountCents)}`,
      ...(invoice.paidCents > 0 ? [`  Paid so far: ${dollars(invoice.paidCents)}`] : []),
      `  Balance due: ${dollars(invoice.balanceCents)}`,
      '',
      `Read it and pay it online: ${invoiceAddress(publicUrl, invoice.invoiceId)}`,
      '',
      'If you have already paid, thank you, and please disregard this reminder.',
    ].join('\n'),
  };
}

/** Whether another job already mailed this reminder (same invoice, due date and day), e.g. moved away and back. */
async function alreadyReminded(db: Kysely<unknown>, jobId: string, payload: Payload) {
  const { rows } = await sql<{ id: string }>`
    SELECT id FROM jobs WHERE name LIKE 'invoice.reminder.mail.%' AND id <> ${jobId}
      AND (payload->>'invoiceId')::int = ${payload.invoiceId} AND payload->>'dueDate' = ${payload.dueDate}
      AND (payload->>'offsetDays')::int = ${payload.offsetDays} AND outcome ? 'mail' LIMIT 1`.execute(db);
  return rows.length > 0;
}

const ZPayload = z.object({
  invoiceId: z.number().int(),
  dueDate: z.string(),
  offsetDays: z.number().int(),
});
type Payload = z.output<typeof ZPayload>;

async function remind(payload: Payload, ctx: JobContext, deps: InvoiceMailDeps) {
  const now = deps.now?.() ?? new Date();
  const invoice = await invoiceOf(deps, ctx.event.stream);
  const decision = reminderDecision(invoice, { startedBy: ctx.event.id, ...payload }, now);
  if (!decision.send) return { sent: false, reason: decision.reason };
  const client = await billedClient(deps.db, decision.invoice);
  if (!client) return { sent: false, reason: 'the client has no e-mail' };
  if (await alreadyReminded(deps.db, ctx.jobId, payload))
    return { sent: false, reason: 'already reminded for this day' };
  const today = utcToLocal(now).date;
  const mail = reminderMailFor(
    { invoice: decision.invoice, clientName: client.name, to: client.email, today },
    deps.publicUrl,
  );
  const { messageId } = await ctx.sendMail(mail);
  return { sent: true, messageId, dueDate: payload.dueDate, offsetDays: payload.offsetDays };
}

const offsetName = (d: number) => (d < 0 ? `before${-d}` : `after${d}`);
/** Only reminders still ahead of the event that set the due date are scheduled (a backdated invoice skips the past ones). */
const ahead = (dueDate: string, offsetDays: number, at: string) =>
  reminderAt(dueDate, offsetDays).getTime() > Date.parse(at);

/** Each reminder of a newly issued invoice, one job per REMINDER_DAYS offset (`invoice.reminder.mail.issued.after7`). */
export const invoiceIssuedReminders: AnyJobDefinition[] = REMINDER_DAYS.map((offsetDays) =>
  defineJob<'InvoiceIssued', typeof ZPayload, InvoiceMailDeps>({
    id: `invoice.reminder.mail.issued.${offsetName(offsetDays)}`,
    version: 1,
    queue: 'mail',
    payload: ZPayload,
    startedBy: 'InvoiceIssued',
    startsWhen: (data) => ahead(data.dueDate, offsetDays, data.issuedAt),
    payloadFor: (data) => ({ invoiceId: data.invoiceId, dueDate: data.dueDate, offsetDays }),
    runAt: (data) => reminderAt(data.dueDate, offsetDays),
    waitsFor: ['users', 'clients'],
    handle: (payload, ctx, deps: InvoiceMailDeps) => remind(payload, ctx, deps),
  }),
);

/** The reminders of a new due date; those of the old one stand down when they run (the date moved). */
export const invoiceDueDateReminders: AnyJobDefinition[] = REMINDER_DAYS.map((offsetDays) =>
  defineJob<'InvoiceDueDateChanged', typeof ZPayload, InvoiceMailDeps>({
    id: `invoice.reminder.mail.due-date-changed.${offsetName(offsetDays)}`,
    version: 1,
    queue: 'mail',
    payload: ZPayload,
    startedBy: 'InvoiceDueDateChanged',
    startsWhen: (data) => ahead(data.dueDate, offsetDays, data.changedAt),
    payloadFor: (data) => ({ invoiceId: data.invoiceId, dueDate: data.dueDate, offsetDays }),
    runAt: (data) => reminderAt(data.dueDate, offsetDays),
    waitsFor: ['users', 'clients'],
    handle: (payload, ctx, deps: InvoiceMailDeps) => remind(payload, ctx, deps),
  }),
);

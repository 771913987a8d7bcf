import type { StoredEvent } from '@app/contracts/events/envelope';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import { invoiceNow } from '@app/contracts/invoices/invoice-now';
import { describe, expect, it } from 'vitest';
import { issuedMailDecision, issuedMailFor } from './invoice-issued-mail.ts';
import { pdfAttachment } from './invoice-mail.ts';
import { invoiceCompletedReceiptMail, receiptDecision, receiptMailFor } from './invoice-receipt-mail.ts';
import {
  invoiceDueDateReminders,
  invoiceIssuedReminders,
  reminderAt,
  reminderDecision,
  reminderMailFor,
} from './invoice-reminder-mail.ts';

const URL_BASE = 'https://ng.example.com';
let n = 0;
const stored = (e: TInvoiceEvent): StoredEvent =>
  ({ id: `ev-${++n}`, streamName: 'invoice-12', revision: BigInt(n), type: e.type, data: e.data }) as never;

const issuedData = {
  invoiceId: 12,
  invoiceNumber: 'INV-202602-003',
  projectId: 5,
  clientId: 7,
  description: 'Six wired cameras and Starlink',
  amountCents: 314_650,
  currency: 'usd' as const,
  invoiceDate: '2026-02-02',
  dueDate: '2026-03-04',
  kind: 'full' as const,
  estimateId: null,
  billingPlanId: null,
  paymentMethod: null,
  customMethod: null,
  issuedBy: 1,
  issuedAt: '2026-02-02T20:00:00.000Z',
};
const issue = (data: Partial<typeof issuedData> = {}) =>
  stored({ type: 'InvoiceIssued', data: { ...issuedData, ...data } });
const pay = (paymentId: string, amountCents: number) =>
  stored({
    type: 'InvoicePaymentRecorded',
    data: {
      invoiceId: 12,
      paymentId,
      amountCents,
      method: 'check',
      customMethod: null,
      transactionId: null,
      source: 'offline',
      paidAt: '2026-02-20T20:00:00.000Z',
      recordedBy: 1,
      recordedAt: '2026-02-20T20:00:00.000Z',
    },
  });
const status = (to: 'pending' | 'completed' | 'failed') =>
  stored({
    type: 'InvoiceStatusChanged',
    data: {
      invoiceId: 12,
      status: to,
      paidAt: to === 'completed' ? '2026-02-21T20:00:00.000Z' : null,
      changedBy: 1,
      changedAt: '2026-02-21T20:00:00.000Z',
      reason: null,
    },
  });
const moveDue = (dueDate: string) =>
  stored({
    type: 'InvoiceDueDateChanged',
    data: { invoiceId: 12, dueDate, changedBy: 1, changedAt: '2026-02-10T20:00:00.000Z' },
  });
const voided = () =>
  stored({
    type: 'InvoiceVoided',
    data: {
      invoiceId: 12,
      reason: 'Duplicate',
      voidedBy: 1,
      voidedAt: '2026-02-11T20:00:00.000Z',
      paidCents: 0,
    },
  });

describe('invoice.issued.mail', () => {
  it('mails a new invoice, not a voided one', () => {
    expect(issuedMailDecision(invoiceNow([issue()])).send).toBe(true);
    expect(issuedMailDecision(invoiceNow([issue(), voided()]))).toEqual({ send: false, reason: 'voided' });
    expect(issuedMailDecision(null)).toEqual({ send: false, reason: 'no such invoice' });
  });

  it('says the number, what for, the amount, the Alaska dates and the page to pay it', () => {
    const mail = issuedMailFor(
      { invoice: invoiceNow([issue()])!, clientName: 'Mara Jensen', to: 'mara@example.com' },
      URL_BASE,
    );
    expect(mail.to).toBe('mara@example.com');
    expect(mail.subject).toBe('Invoice INV-202602-003: $3,146.50 due March 4, 2026');
    expect(mail.text).toContain('Hello Mara Jensen,');
    expect(mail.text).toContain('  For: Six wired cameras and Starlink');
    expect(mail.text).toContain('  Invoice date: February 2, 2026');
    expect(mail.text).toContain('Read it and pay it online: https://ng.example.com/invoice/12');
    expect(
      pdfAttachment({ filename: 'Invoice-INV-202602-003.pdf', pdf: new Uint8Array([37, 80, 68, 70]) }),
    ).toEqual({
      filename: 'Invoice-INV-202602-003.pdf',
      content: 'JVBERg==',
      encoding: 'base64',
      contentType: 'application/pdf',
    });
  });
});

describe('invoice.receipt.mail', () => {
  it('only the event that paid it in full sends, once per invoice', () => {
    const part = pay('a', 100_000);
    const rest = pay('b', 214_650);
    const completed = status('completed');
    const events = [issue(), part, rest, completed];
    const invoice = invoiceNow(events);
    expect(receiptDecision(invoiceNow([issue(), part]), part.id)).toEqual({
      send: false,
      reason: 'not paid in full',
    });
    expect(receiptDecision(invoice, rest.id).send).toBe(true);
    // The status change their decider appends with the last payment: the payment's job sends.
    expect(receiptDecision(invoice, completed.id).send).toBe(false);
    // Reopened and paid again: still the first event's receipt, which no longer sends while reopened.
    const reopened = status('pending');
    const again = status('completed');
    expect(receiptDecision(invoiceNow([...events, reopened, again]), again.id).send).toBe(false);
    expect(receiptDecision(invoiceNow([...events, reopened]), rest.id)).toEqual({
      send: false,
      reason: 'no longer paid (pending)',
    });
    expect(receiptDecision(invoiceNow([...events, voided()]), rest.id)).toEqual({
      send: false,
      reason: 'voided',
    });
  });

  it('staff marking it completed starts a job, other status changes do not', () => {
    expect(invoiceCompletedReceiptMail.startsWhen?.(status('completed').data as never)).toBe(true);
    expect(invoiceCompletedReceiptMail.startsWhen?.(status('failed').data as never)).toBe(false);
    const byHand = status('completed');
    expect(receiptDecision(invoiceNow([issue(), byHand]), byHand.id).send).toBe(true);
  });

  it('lists the payments received and the balance of $0.00', () => {
    const mail = receiptMailFor(
      {
        invoice: invoiceNow([issue(), pay('a', 100_000), pay('b', 214_650)])!,
        clientName: 'Mara Jensen',
        to: 'mara@example.com',
      },
      URL_BASE,
    );
    expect(mail.subject).toBe('Receipt: invoice INV-202602-003 is paid in full');
    expect(mail.text).toContain('  Received February 20, 2026: $1,000.00');
    expect(mail.text).toContain('  Received February 20, 2026: $2,146.50');
    expect(mail.text).toContain('  Balance due: $0.00');
    expect(mail.text).toContain('https://ng.example.com/invoice/12');
  });
});

describe('invoice.reminder.mail', () => {
  const at = (iso: string) => new Date(iso);

  it('falls due at 09:00 in Alaska, 3 days before and 1, 7 and 14 days after the due date', () => {
    // March 4th 2026 is before the clock change on March 8th (AKST, UTC-9); March 18th after it (AKDT, UTC-8).
    expect(reminderAt('2026-03-04', -3).toISOString()).toBe('2026-03-01T18:00:00.000Z');
    expect(reminderAt('2026-03-04', 1).toISOString()).toBe('2026-03-05T18:00:00.000Z');
    expect(reminderAt('2026-03-04', 14).toISOString()).toBe('2026-03-18T17:00:00.000Z');
    const event = issue();
    const ids = invoiceIssuedReminders.map((d) => d.id);
    expect(ids).toEqual([
      'invoice.reminder.mail.issued.before3',
      'invoice.reminder.mail.issued.after1',
      'invoice.reminder.mail.issued.after7',
      'invoice.reminder.mail.issued.after14',
    ]);
    expect(invoiceIssuedReminders.map((d) => d.runAt?.(event.data as never, event)?.toISOString())).toEqual([
      '2026-03-01T18:00:00.000Z',
      '2026-03-05T18:00:00.000Z',
      '2026-03-11T17:00:00.000Z', // the clocks went forward on March 8th
      '2026-03-18T17:00:00.000Z',
    ]);
    expect(invoiceIssuedReminders[1]!.payloadFor(event.data as never, event)).toEqual({
      invoiceId: 12,
      dueDate: '2026-03-04',
      offsetDays: 1,
    });
  });

  it('schedules only the reminders still ahead of the event (a backdated invoice skips the past ones)', () => {
    const starts = (data: Partial<typeof issuedData>) =>
      invoiceIssuedReminders.map((d) => d.startsWhen!({ ...issuedData, ...data }));
    expect(starts({})).toEqual([true, true, true, true]);
    expect(starts({ dueDate: '2026-02-03' })).toEqual([false, true, true, true]);
    expect(starts({ dueDate: '2026-01-28' })).toEqual([false, false, true, true]);
    const change = moveDue('2026-02-11').data;
    expect(invoiceDueDateReminders.map((d) => d.startsWhen!(change as never))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('sends while unpaid at its due date; not when paid, voided, moved or set by a later change', () => {
    const first = issue();
    const job = (offsetDays: number, dueDate = '2026-03-04', startedBy = first.id) => ({
      startedBy,
      dueDate,
      offsetDays,
    });
    const onTime = at('2026-03-01T18:00:05Z');
    expect(reminderDecision(invoiceNow([first]), job(-3), onTime).send).toBe(true);
    expect(reminderDecision(invoiceNow([first, pay('a', 1_000)]), job(-3), onTime).send).toBe(true);
    expect(reminderDecision(invoiceNow([first, pay('a', 314_650)]), job(-3), onTime)).toEqual({
      send: false,
      reason: 'paid',
    });
    expect(reminderDecision(invoiceNow([first, status('completed')]), job(-3), onTime)).toEqual({
      send: false,
      reason: 'paid',
    });
    expect(reminderDecision(invoiceNow([first, voided()]), job(-3), onTime)).toEqual({
      send: false,
      reason: 'voided',
    });
    const moved = moveDue('2026-03-20');
    expect(reminderDecision(invoiceNow([first, moved]), job(-3), onTime)).toEqual({
      send: false,
      reason: 'the due date moved to 2026-03-20',
    });
    expect(
      reminderDecision(
        invoiceNow([first, moved]),
        job(-3, '2026-03-20', moved.id),
        at('2026-03-17T18:00:01Z'),
      ).send,
    ).toBe(true);
    // Moved away and back: the change that set it again sends; the first event's job stands down.
    const back = moveDue('2026-03-04');
    const events = [first, moved, back];
    expect(reminderDecision(invoiceNow(events), job(-3), onTime).send).toBe(false);
    expect(reminderDecision(invoiceNow(events), job(-3, '2026-03-04', back.id), onTime).send).toBe(true);
    // A change to the same day keeps the first event's reminders.
    const same = moveDue('2026-03-04');
    expect(reminderDecision(invoiceNow([first, same]), job(-3), onTime).send).toBe(true);
    expect(reminderDecision(invoiceNow([first, same]), job(-3, '2026-03-04', same.id), onTime).send).toBe(
      false,
    );
  });

  it('one mail, not a burst: a reminder whose next one is due already stands down', () => {
    const first = issue();
    const late = at('2026-03-06T00:00:00Z'); // past the day-after reminder
    const job = (offsetDays: number) => ({ startedBy: first.id, dueDate: '2026-03-04', offsetDays });
    expect(reminderDecision(invoiceNow([first]), job(-3), late)).toEqual({
      send: false,
      reason: 'the reminder 1 days from the due date is due already',
    });
    expect(reminderDecision(invoiceNow([first]), job(1), late).send).toBe(true);
    expect(reminderDecision(invoiceNow([first]), job(14), at('2027-01-01T00:00:00Z')).send).toBe(true);
  });

  it('says "due in 3 days" or "overdue by N days", counted on the day it is sent in Alaska', () => {
    const invoice = invoiceNow([issue(), pay('a', 100_000)])!;
    const mail = (today: string) =>
      reminderMailFor({ invoice, clientName: 'Mara Jensen', to: 'mara@example.com', today }, URL_BASE);
    expect(mail('2026-03-01').subject).toBe('Reminder: invoice INV-202602-003 is due in 3 days');
    expect(mail('2026-03-05').subject).toBe('Reminder: invoice INV-202602-003 is overdue by 1 day');
    expect(mail('2026-03-18').subject).toBe('Reminder: invoice INV-202602-003 is overdue by 14 days');
    const text = mail('2026-03-11').text;
    expect(text).toContain('is overdue by 7 days.');
    expect(text).toContain('  Due date: March 4, 2026');
    expect(text).toContain('  Paid so far: $1,000.00');
    expect(text).toContain('  Balance due: $2,146.50');
    expect(text).toContain('Read it and pay it online: https://ng.example.com/invoice/12');
  });
});

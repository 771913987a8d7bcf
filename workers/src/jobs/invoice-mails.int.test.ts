import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, utcToLocal } from '@app/contracts/calendar/time-zone';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, toNewEvents } from '../../../backend/src/platform/command.ts';
import { portalClientWithProject } from '../../../backend/test/clients.ts';
import { eventually } from '../../../backend/test/eventually.ts';
import { jobIdFor } from './define.ts';
import { invoiceIssuedMail } from './invoice-issued-mail.ts';
import { invoiceCompletedReceiptMail, invoicePaidReceiptMail } from './invoice-receipt-mail.ts';
import { invoiceDueDateReminders, invoiceIssuedReminders, reminderAt } from './invoice-reminder-mail.ts';
import { findJob } from './table.ts';
import { outboxMails, startJobsApp } from './testing.ts';

type JobsApp = Awaited<ReturnType<typeof startJobsApp>>;
const DAY = 86_400_000;
const until = <T>(what: string, probe: () => Promise<T | null | undefined | false>) =>
  eventually(what, probe, 30_000);

/**
 * The invoice mails with the real dispatcher, pump and handlers: invoice events appended to the store as the
 * invoices slice appends them, mails in the outbox. Reminders are tested without waiting days by invoices
 * issued in the past: reminders whose time has come run at once, the later ones wait with their `run_at`.
 */
describe('invoice mails', () => {
  let app: JobsApp;
  let client: Awaited<ReturnType<typeof portalClientWithProject>>;
  const today = utcToLocal(new Date()).date;
  const longAgo = new Date(Date.now() - 40 * DAY).toISOString();

  const issued = (invoiceId: number, dueDate: string, issuedAt: string): TInvoiceEvent => ({
    type: 'InvoiceIssued',
    data: {
      invoiceId,
      invoiceNumber: `INV-202611-${invoiceId}`,
      projectId: client.projectId,
      clientId: client.clientId,
      description: `Cameras, invoice ${invoiceId}`,
      amountCents: 120_000,
      currency: 'usd',
      invoiceDate: utcToLocal(issuedAt).date,
      dueDate,
      kind: 'full',
      estimateId: null,
      billingPlanId: null,
      paymentMethod: null,
      customMethod: null,
      issuedBy: 1,
      issuedAt,
    },
  });
  const payment = (invoiceId: number, paymentId: string, amountCents: number): TInvoiceEvent => ({
    type: 'InvoicePaymentRecorded',
    data: {
      invoiceId,
      paymentId,
      amountCents,
      method: 'check',
      customMethod: null,
      transactionId: 'Check 77',
      source: 'offline',
      paidAt: new Date().toISOString(),
      recordedBy: 1,
      recordedAt: new Date().toISOString(),
    },
  });
  const completed = (invoiceId: number): TInvoiceEvent => ({
    type: 'InvoiceStatusChanged',
    data: {
      invoiceId,
      status: 'completed',
      paidAt: new Date().toISOString(),
      changedBy: 1,
      changedAt: new Date().toISOString(),
      reason: null,
    },
  });
  /** Appends to an invoice's stream as one change; answers the stream's events. */
  const append = async (invoiceId: number, events: TInvoiceEvent[]) => {
    const stream = `invoice-${invoiceId}`;
    const before = await app.t.deps.store.readStream(stream);
    await app.t.deps.store.append(
      stream,
      toNewEvents(events, systemActor()),
      before.length === 0 ? 'no_stream' : before.at(-1)!.revision,
    );
    return app.t.deps.store.readStream(stream);
  };
  const done = (jobId: string) =>
    until(`job ${jobId}`, async () => {
      const job = await findJob(app.t.deps.db, jobId);
      return job?.status === 'done' ? job : null;
    });
  const mailsTo = async (subject: string) =>
    (await outboxMails(app.t.outbox)).filter((m) =>
      m.replace(/\r?\n\s+/g, ' ').includes(`Subject: ${subject}`),
    );

  beforeAll(async () => {
    app = await startJobsApp();
    client = await portalClientWithProject(app.t, { name: 'Kenai Lodge', email: 'kenai@example.com' });
  });
  afterAll(() => app?.close());

  it('a new invoice: mailed with its PDF and page link; its reminders wait for 09:00 Alaska; paid: one receipt', async () => {
    const dueDate = addDays(today, 30);
    const [event] = await append(9001, [issued(9001, dueDate, new Date().toISOString())]);
    const job = await done(jobIdFor(invoiceIssuedMail.id, event!.id));
    expect(job.outcome).toMatchObject({ sent: true });
    const [mail] = await mailsTo('Invoice INV-202611-9001: $1,200.00 due');
    expect(mail).toBeDefined();
    expect(mail).toContain('To: kenai@example.com');
    expect(mail).toContain(`${app.t.config.PUBLIC_URL.replace(/\/$/, '')}/invoice/9001`);
    expect(mail).toMatch(/Content-Type: application\/pdf; name=Invoice-INV-202611-9001\.pdf/);
    const pdf = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail!)?.[1];
    const file = join(app.t.outbox, 'attached.pdf');
    writeFileSync(file, Buffer.from(pdf!.replace(/\s/g, ''), 'base64'));
    const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
    expect(text).toContain('Invoice INV-202611-9001');
    expect(text).toContain('Bill To Kenai Lodge kenai@example.com');
    expect(text).toContain('Status: Due');

    for (const def of invoiceIssuedReminders) {
      const reminder = await until(`${def.id}`, () => findJob(app.t.deps.db, jobIdFor(def.id, event!.id)));
      expect(reminder).toMatchObject({ status: 'pending', attempts: 0 });
    }
    const { rows } = await sql<{ name: string; run_at: Date }>`
      SELECT name, run_at FROM jobs WHERE event_id = ${event!.id}::uuid AND name LIKE 'invoice.reminder.mail.%'`.execute(
      app.t.deps.db,
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.run_at.toISOString()]))).toEqual({
      'invoice.reminder.mail.issued.before3': reminderAt(dueDate, -3).toISOString(),
      'invoice.reminder.mail.issued.after1': reminderAt(dueDate, 1).toISOString(),
      'invoice.reminder.mail.issued.after7': reminderAt(dueDate, 7).toISOString(),
      'invoice.reminder.mail.issued.after14': reminderAt(dueDate, 14).toISOString(),
    });

    // Paid in part, then the rest with the status change the invoices slice appends with it.
    const events = await append(9001, [payment(9001, 'p1', 20_000)]);
    expect((await done(jobIdFor(invoicePaidReceiptMail.id, events[1]!.id))).outcome).toEqual({
      sent: false,
      reason: 'not paid in full',
    });
    const paid = await append(9001, [payment(9001, 'p2', 100_000), completed(9001)]);
    expect((await done(jobIdFor(invoicePaidReceiptMail.id, paid[2]!.id))).outcome).toMatchObject({
      sent: true,
    });
    expect((await done(jobIdFor(invoiceCompletedReceiptMail.id, paid[3]!.id))).outcome).toEqual({
      sent: false,
      reason: 'another event paid it in full: that one sends the receipt',
    });
    const receipts = await mailsTo('Receipt: invoice INV-202611-9001 is paid in full');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toContain('Balance due: $0.00');
  });

  it('reminders that are due: one mail while unpaid, counted in Alaska days; a moved due date, paid or voided: nothing', async () => {
    const overdue = addDays(today, -2);
    const unpaid = await append(9002, [issued(9002, overdue, longAgo)]);
    const moved = await append(9003, [
      issued(9003, overdue, longAgo),
      {
        type: 'InvoiceDueDateChanged',
        data: { invoiceId: 9003, dueDate: addDays(today, -3), changedBy: 1, changedAt: longAgo },
      },
    ]);
    const paid = await append(9004, [issued(9004, overdue, longAgo), payment(9004, 'p', 120_000)]);
    const voided = await append(9005, [
      issued(9005, overdue, longAgo),
      {
        type: 'InvoiceVoided',
        data: { invoiceId: 9005, reason: 'Duplicate', voidedBy: 1, voidedAt: longAgo, paidCents: 0 },
      },
    ]);
    const [before3, after1, after7, after14] = invoiceIssuedReminders.map((d) => d.id);
    const outcome = async (def: string, eventId: string) => (await done(jobIdFor(def, eventId))).outcome;

    // Unpaid, two days overdue: the day-after reminder sends; the one before the due date stands down for it.
    expect(await outcome(after1!, unpaid[0]!.id)).toMatchObject({ sent: true, offsetDays: 1 });
    expect(await outcome(before3!, unpaid[0]!.id)).toEqual({
      sent: false,
      reason: 'the reminder 1 days from the due date is due already',
    });
    for (const later of [after7!, after14!])
      expect(await findJob(app.t.deps.db, jobIdFor(later, unpaid[0]!.id))).toMatchObject({
        status: 'pending',
      });
    const [reminder] = await mailsTo('Reminder: invoice INV-202611-9002 is overdue by 2 days');
    expect(reminder).toContain('Balance due: $1,200.00');

    // The due date moved: the old date's reminders stand down, the new date's send.
    expect(await outcome(after1!, moved[0]!.id)).toEqual({
      sent: false,
      reason: `the due date moved to ${addDays(today, -3)}`,
    });
    const changedAfter1 = invoiceDueDateReminders.find((d) => d.id.endsWith('.after1'))!.id;
    expect(await outcome(changedAfter1, moved[1]!.id)).toMatchObject({ sent: true });
    expect(await mailsTo('Reminder: invoice INV-202611-9003 is overdue by 3 days')).toHaveLength(1);

    expect(await outcome(after1!, paid[0]!.id)).toEqual({ sent: false, reason: 'paid' });
    expect(await outcome(after1!, voided[0]!.id)).toEqual({ sent: false, reason: 'voided' });
    expect(await outcome(invoiceIssuedMail.id, voided[0]!.id)).toEqual({ sent: false, reason: 'voided' });
    expect(await mailsTo('Reminder: invoice INV-202611-9004')).toHaveLength(0);
    expect(await mailsTo('Reminder: invoice INV-202611-9005')).toHaveLength(0);
    // None twice: one reminder mail per invoice here.
    expect(await mailsTo('Reminder: invoice INV-202611-9002')).toHaveLength(1);
  });

  it('through the invoices API: created → mailed; due date changed → reminders for the new date; confirmed → receipt', async () => {
    const token = app.t.adminToken;
    const created = await app.t.call(
      'POST',
      '/api/invoices',
      { projectId: client.projectId, amount: '640.25', description: 'Starlink install' },
      token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, invoiceNumber } = created.body as { id: number; invoiceNumber: string };
    const stream = `invoice-${id}`;
    const [issuedEvent] = await app.t.deps.store.readStream(stream);
    expect((await done(jobIdFor(invoiceIssuedMail.id, issuedEvent!.id))).outcome).toMatchObject({
      sent: true,
    });
    const [mail] = await mailsTo(`Invoice ${invoiceNumber}: $640.25 due`);
    expect(mail).toContain(`/invoice/${id}`);
    expect(mail).toContain(`Invoice-${invoiceNumber}.pdf`);

    const newDue = addDays(today, 45);
    const moved = await app.t.call('PATCH', `/api/invoices/${id}/due-date`, { dueDate: newDue }, token);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const change = (await app.t.deps.store.readStream(stream)).find(
      (e) => e.type === 'InvoiceDueDateChanged',
    )!;
    for (const def of invoiceDueDateReminders) {
      const jobId = jobIdFor(def.id, change.id);
      const job = await until(def.id, async () => {
        const { rows } = await sql<{ payload: unknown; status: string; run_at: Date }>`
          SELECT payload, status, run_at FROM jobs WHERE id = ${jobId}`.execute(app.t.deps.db);
        return rows[0];
      });
      const offsetDays = (job.payload as { offsetDays: number }).offsetDays;
      expect(job.payload).toEqual({ invoiceId: id, dueDate: newDue, offsetDays });
      expect(job.status).toBe('pending');
      expect(job.run_at.toISOString()).toBe(reminderAt(newDue, offsetDays).toISOString());
    }

    const confirmed = await app.t.call(
      'PATCH',
      `/api/payments/${id}/confirm`,
      { paymentMethod: 'cash' },
      token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const payment = (await app.t.deps.store.readStream(stream)).find(
      (e) => e.type === 'InvoicePaymentRecorded',
    )!;
    expect((await done(jobIdFor(invoicePaidReceiptMail.id, payment.id))).outcome).toMatchObject({
      sent: true,
    });
    expect(await mailsTo(`Receipt: invoice ${invoiceNumber} is paid in full`)).toHaveLength(1);
  });
});

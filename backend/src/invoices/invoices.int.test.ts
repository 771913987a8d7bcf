import { gunzipSync } from 'node:zlib';
import { ESTIMATE_NOT_FOUND, QUOTE_PROJECT_NOT_CLIENTS } from '@app/contracts/api/estimates';
import {
  AMOUNT_ONLY_WITH_EXTRA,
  CUSTOM_METHOD_REQUIRED,
  DELETE_REASON_REQUIRED,
  DUE_BEFORE_INVOICE,
  EXTRA_AMOUNT_REQUIRED,
  INVOICE_NOT_FOUND,
  METHOD_UNKNOWN,
  OVERPAYMENT,
  type TInvoice,
  type TPayment,
  USD_ONLY,
} from '@app/contracts/api/invoices';
import { AMOUNT_CENTS, AMOUNT_MIN, AMOUNT_POSITIVE } from '@app/contracts/api/primitives';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { dollars } from '@app/contracts/estimates/quote-text';
import { defaultDueDate, depositOf, invoiceNumberFor } from '@app/contracts/invoices/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount, SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { holdReads } from '../../test/hold-reads.ts';
import { systemActor, toNewEvents } from '../platform/command.ts';
import { recordPayment } from './commands.ts';
import { invoiceStream, PROJECT_NOT_FOUND } from './decide.ts';

const today = () => utcToLocal(new Date()).date;
const month = () => today().slice(0, 7).replace('-', '');

describe('invoices and payments API', () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; projectId: number };
  let theirs: { token: string; clientId: number; projectId: number };

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Ada Invoices', email: 'inv1@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Bo Other', email: 'inv2@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = async (url: string, payload: unknown, key?: string, token = t.adminToken) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const issue = async (over: Record<string, unknown> = {}) => {
    const res = await post('/api/invoices', {
      projectId: mine.projectId,
      amount: 1250.5,
      description: 'Cabin cameras',
      ...over,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as TPayment & { paymentLink: string; customInvoiceUrl: string };
  };
  const call = async (method: string, url: string, payload?: unknown, token = t.adminToken) =>
    (await t.call(method, url, payload, token)) as { status: number; body: TPayment & { message: string } };
  /** A refused request: its status and message, and no event stored. */
  const refused = async (
    method: string,
    url: string,
    payload: unknown,
    status: number,
    message: string,
    token = t.adminToken,
  ) => {
    const before = await eventCount(t);
    const res = await t.call(method, url, payload, token);
    expect({ status: res.status, message: res.body?.message }).toEqual({ status, message });
    expect(await eventCount(t)).toBe(before);
  };
  const audit = async (id: number) =>
    (await call('GET', `/api/audit?stream=invoice-${id}`)).body as unknown as {
      type: string;
      actorId: number | null;
      changes: unknown;
    }[];

  it('issues an invoice in integer cents, numbered for the month in Alaska, due in 30 days', async () => {
    const made = await issue({ currency: 'USD', paymentMethod: 'check' });
    expect(made).toMatchObject({
      projectId: mine.projectId,
      projectTitle: 'Job',
      clientId: mine.clientId,
      clientName: 'Ada Invoices',
      amount: 1250.5,
      amountCents: 125_050,
      paidCents: 0,
      balanceCents: 125_050,
      status: 'pending',
      kind: 'full',
      paymentMethod: 'check',
      invoiceDate: today(),
      dueDate: defaultDueDate(today()),
      overdue: false,
      paidAt: null,
    });
    expect(made.invoiceNumber).toMatch(new RegExp(`^INV-${month()}-\\d{3}$`));
    expect(made.paymentLink).toBe(`${made.invoiceUrl}`);
    expect(made.customInvoiceUrl).toMatch(new RegExp(`/invoice/${made.id}$`));
    const list = (await call('GET', '/api/payments')).body as unknown as TPayment[];
    expect(list[0]?.id).toBe(made.id);
    // POST /api/payments is the same command.
    const other = await post('/api/payments', {
      projectId: mine.projectId,
      amount: '20',
      description: 'Visit',
      status: 'pending',
    });
    expect(other.status).toBe(201);
    expect(other.body.amountCents).toBe(2000);
    expect((await audit(made.id)).map((e) => e.type)).toEqual(['InvoiceIssued']);
    // The project's History includes its invoices' events.
    const history = (await call('GET', `/api/audit?stream=project-${mine.projectId}`)).body as unknown as {
      stream: string;
      type: string;
    }[];
    expect(history.filter((e) => e.stream === `invoice-${made.id}`).map((e) => e.type)).toEqual([
      'InvoiceIssued',
    ]);
  });

  it('refuses bad money, an unknown method, a missing project, other currencies, and stores nothing', async () => {
    const base = { projectId: mine.projectId, description: 'Bad' };
    await refused(
      'POST',
      '/api/invoices',
      { ...base, amount: 10, currency: 'eur' },
      400,
      `currency: ${USD_ONLY}`,
    );
    await refused('POST', '/api/invoices', { ...base, amount: 0 }, 400, `amount: ${AMOUNT_POSITIVE}`);
    await refused('POST', '/api/invoices', { ...base, amount: -5 }, 400, `amount: ${AMOUNT_POSITIVE}`);
    await refused('POST', '/api/invoices', { ...base, amount: 10.005 }, 400, `amount: ${AMOUNT_CENTS}`);
    await refused(
      'POST',
      '/api/invoices',
      { ...base, amount: 10, paymentMethod: 'gold' },
      400,
      `paymentMethod: ${METHOD_UNKNOWN}`,
    );
    await refused(
      'POST',
      '/api/invoices',
      { ...base, amount: 10, paymentMethod: 'custom' },
      400,
      CUSTOM_METHOD_REQUIRED,
    );
    await refused(
      'POST',
      '/api/invoices',
      { ...base, projectId: 999_999, amount: 10 },
      400,
      PROJECT_NOT_FOUND,
    );
    await refused(
      'POST',
      '/api/invoices',
      { ...base, amount: 10, dueDate: '2000-01-01' },
      400,
      DUE_BEFORE_INVOICE,
    );
  });

  it('refuses money below a cent or past two decimals with a clear 400, never rounding it to 0 cents', async () => {
    const made = await issue({ amount: 40 });
    const confirm = { paymentMethod: 'cash' };
    for (const [amount, message] of [
      [1e-9, AMOUNT_MIN],
      ['1e-9', AMOUNT_MIN],
      [0.004, AMOUNT_MIN],
      [5.001, AMOUNT_CENTS],
      ['12.345', AMOUNT_CENTS],
      [1e-7 + 3, AMOUNT_CENTS],
    ] as const) {
      await refused(
        'PATCH',
        `/api/payments/${made.id}/confirm`,
        { ...confirm, amount },
        400,
        `amount: ${message}`,
      );
      await refused(
        'POST',
        '/api/invoices',
        { projectId: mine.projectId, description: 'Tiny', amount },
        400,
        `amount: ${message}`,
      );
    }
    await refused(
      'POST',
      '/api/billing-plans',
      {
        clientId: mine.clientId,
        projectId: mine.projectId,
        service: 'camera_monitoring',
        description: 'Monitoring',
        amount: 1e-9,
        firstBillingDay: '2099-01-31',
      },
      400,
      `amount: ${AMOUNT_MIN}`,
    );
    // Two decimals, however a float spells them, are whole cents: 0.07 and 1.15 are not 7.000000000000001.
    const part = await call('PATCH', `/api/payments/${made.id}/confirm`, { ...confirm, amount: 1.15 });
    expect(part.status).toBe(200);
    expect(part.body.paidCents).toBe(115);
    const page = (await call('GET', `/api/invoices/${made.id}`)).body as unknown as TInvoice;
    expect(page.payments.map((p) => p.amountCents)).toEqual([115]);
  });

  it('a typed number is claimed once (409 after) and leaves the month counter alone', async () => {
    const typed = `INV-${month()}-900`;
    const made = await issue({ invoiceNumber: typed.toLowerCase() });
    expect(made.invoiceNumber).toBe(typed);
    await refused(
      'POST',
      '/api/invoices',
      { ...{ projectId: mine.projectId, amount: 5, description: 'x' }, invoiceNumber: typed },
      409,
      'This invoice number is taken.',
    );
  });

  it("takes the month's next number without reading the month's counter again, and reads only its last event after another process's", async () => {
    await issue(); // the counter of the month is now this process's
    const store = t.deps.store;
    const readStream = store.readStream.bind(store);
    const readLast = store.readLast.bind(store);
    const counterReads: string[] = [];
    store.readStream = (stream) => {
      if (stream.startsWith('invoice-numbers-')) counterReads.push(`all ${stream}`);
      return readStream(stream);
    };
    store.readLast = (stream) => {
      if (stream.startsWith('invoice-numbers-')) counterReads.push(`last ${stream}`);
      return readLast(stream);
    };
    const counterStream = `invoice-numbers-${month()}`;
    try {
      const numbers = [
        (await issue()).invoiceNumber,
        (await issue()).invoiceNumber,
        (await issue()).invoiceNumber,
      ];
      const sequence = numbers.map((n) => Number(n.slice(-3)));
      expect(sequence).toEqual([sequence[0], sequence[0]! + 1, sequence[0]! + 2]);
      expect(counterReads).toEqual([]);
      // As in a process that did not make the last number: the month's last number taken, one event read.
      t.deps.aggregates.forget(counterStream);
      expect(Number((await issue()).invoiceNumber.slice(-3))).toBe(sequence[2]! + 1);
      expect(counterReads).toEqual([`last ${counterStream}`]);
    } finally {
      store.readStream = readStream;
      store.readLast = readLast;
    }
  });

  it('16 concurrent creations in a month get 16 consecutive numbers, no gap, no duplicate', async () => {
    const before = await issue();
    const start = Number(before.invoiceNumber.slice(-3));
    const made = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        post('/api/invoices', { projectId: mine.projectId, amount: i + 1, description: `Batch ${i}` }),
      ),
    );
    for (const res of made) expect([201, 202], JSON.stringify(res.body)).toContain(res.status);
    const { rows } = await t.database.pool.query<{ data: { sequence: number; invoiceId: number } }>(
      'SELECT data FROM es_events WHERE stream_name = $1 ORDER BY global_position',
      [`invoice-numbers-${month()}`],
    );
    const sequences = rows.map((r) => r.data.sequence);
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => i + 1));
    const batch = sequences.slice(-16);
    expect(batch).toEqual(Array.from({ length: 16 }, (_, i) => start + 1 + i));
    const numbers = (
      await t.database.pool.query<{ n: string }>(
        `SELECT data->>'invoiceNumber' AS n FROM es_events WHERE type = 'InvoiceIssued'`,
      )
    ).rows.map((r) => r.n);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const s of batch) expect(numbers).toContain(invoiceNumberFor(month(), s));
  });

  it('an Idempotency-Key retry answers the same invoice and makes no second one', async () => {
    const body = { projectId: mine.projectId, amount: 77, description: 'Once' };
    const first = await post('/api/invoices', body, 'invoice-key-1');
    const before = await eventCount(t);
    const again = await post('/api/invoices', body, 'invoice-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.invoiceNumber).toBe(first.body.invoiceNumber);
    expect(await eventCount(t)).toBe(before);
  });

  it('shows the invoice page to staff and its own client; anyone else is told it does not exist', async () => {
    const made = await issue();
    const page = await call('GET', `/api/invoices/${made.id}`, undefined, mine.token);
    expect(page.status).toBe(200);
    expect(page.body as unknown as TInvoice).toMatchObject({
      id: made.id,
      status: 'pending',
      amountCents: 125_050,
      balanceCents: 125_050,
      cardPayments: false,
      stripePublishableKey: null,
      paymentIntentId: null,
      client: { name: 'Ada Invoices', email: 'inv1@example.com' },
      project: { id: mine.projectId, title: 'Job' },
    });
    expect((await call('GET', `/api/invoices/${made.id}`)).status).toBe(200);
    const other = await call('GET', `/api/invoices/${made.id}`, undefined, theirs.token);
    expect({ status: other.status, message: other.body.message }).toEqual({
      status: 404,
      message: INVOICE_NOT_FOUND,
    });
    // Clients cannot reach staff routes.
    for (const [method, url, body] of [
      ['GET', '/api/payments', undefined],
      ['POST', '/api/invoices', { projectId: mine.projectId, amount: 1, description: 'x' }],
      ['PATCH', `/api/payments/${made.id}/confirm`, { paymentMethod: 'cash' }],
      ['DELETE', `/api/payments/${made.id}`, undefined],
    ] as const)
      expect((await call(method, url, body, mine.token)).status).toBe(403);
    // The client's own list, and the admin's view of it.
    const own = (await call('GET', '/api/payments/client', undefined, mine.token))
      .body as unknown as TPayment[];
    expect(own.every((p) => p.clientId === mine.clientId)).toBe(true);
    expect(own.map((p) => p.id)).toContain(made.id);
    const theirList = (await call('GET', '/api/payments/client', undefined, theirs.token))
      .body as unknown as TPayment[];
    expect(theirList.map((p) => p.id)).not.toContain(made.id);
    const viewed = (await call('GET', `/api/payments/client/${mine.clientId}`)).body as unknown as TPayment[];
    expect(viewed.map((p) => p.id)).toEqual(own.map((p) => p.id));
  });

  it('filters the list by project and shows renames of the project and client', async () => {
    const made = await issue({ projectId: theirs.projectId });
    await call('PATCH', `/api/projects/${theirs.projectId}`, { title: 'Renamed job' });
    const list = (await call('GET', `/api/payments?projectId=${theirs.projectId}`))
      .body as unknown as TPayment[];
    expect(list.map((p) => p.id)).toEqual([made.id]);
    expect(list[0]!.projectTitle).toBe('Renamed job');
  });

  it('answers the list the database writes as the rows the API reads one by one: renames, overdue, escapes', async () => {
    const own = await portalClientWithProject(t, { name: 'Cy List', email: 'inv3@example.com' });
    const first = await issue({ projectId: own.projectId, description: 'Line "one"\nand \\ two, ñandú ✓' });
    const second = await issue({
      projectId: own.projectId,
      amount: 10,
      paymentMethod: 'custom',
      customMethod: 'Barter: <firewood> & "fish"',
    });
    // A due date already past (the API refuses one before the invoice date, so the event is written here).
    await t.deps.store.append(
      invoiceStream(second.id),
      toNewEvents(
        [
          {
            type: 'InvoiceDueDateChanged',
            data: {
              invoiceId: second.id,
              dueDate: '2001-01-01',
              changedBy: 1,
              changedAt: new Date().toISOString(),
            },
          },
        ],
        systemActor(),
      ),
      'any',
    );
    const renamed = 'Cy "List" \\ Ñandú';
    const put = await t.call(
      'PUT',
      `/api/clients/${own.clientId}`,
      { name: renamed, email: 'inv3@example.com' },
      t.adminToken,
    );
    expect(put.status).toBe(200);
    const list = await eventually('the list shows the rename and the overdue invoice', async () => {
      const rows = (await call('GET', `/api/payments?projectId=${own.projectId}`))
        .body as unknown as TPayment[];
      const done =
        rows.every((p) => p.clientName === renamed) && rows.find((p) => p.id === second.id)?.overdue;
      return done ? rows : null;
    });
    expect(list.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(list[1]).toMatchObject({
      overdue: false,
      description: 'Line "one"\nand \\ two, ñandú ✓',
      invoiceUrl: first.invoiceUrl,
      dueDate: first.dueDate,
      createdAt: first.createdAt,
    });
    expect(list[0]).toMatchObject({
      overdue: true,
      dueDate: '2001-01-01',
      customMethod: 'Barter: <firewood> & "fish"',
    });
    const oneByOne = (await call('GET', `/api/payments/client/${own.clientId}`))
      .body as unknown as TPayment[];
    expect(list).toEqual(oneByOne);
    expect((await call('GET', '/api/payments')).body).toEqual(
      expect.arrayContaining(oneByOne.map((p) => expect.objectContaining(p))),
    );
  });

  it('changes the due date (never before the invoice date) and the method (custom needs its text)', async () => {
    const made = await issue();
    const due = await call('PATCH', `/api/invoices/${made.id}/due-date`, { dueDate: '2099-01-31' });
    expect(due.status).toBe(200);
    expect(due.body.dueDate).toBe('2099-01-31');
    await refused(
      'PATCH',
      `/api/invoices/${made.id}/due-date`,
      { dueDate: '2001-01-01' },
      400,
      DUE_BEFORE_INVOICE,
    );
    await refused(
      'PATCH',
      `/api/payments/${made.id}/method`,
      { paymentMethod: 'custom' },
      400,
      `customMethod: ${CUSTOM_METHOD_REQUIRED}`,
    );
    const method = await call('PATCH', `/api/payments/${made.id}/method`, {
      paymentMethod: 'custom',
      customMethod: 'Barter: firewood',
    });
    expect(method.body).toMatchObject({ paymentMethod: 'custom', customMethod: 'Barter: firewood' });
    expect((await audit(made.id)).map((e) => e.type)).toEqual([
      'InvoicePaymentMethodChanged',
      'InvoiceDueDateChanged',
      'InvoiceIssued',
    ]);
  });

  it('records offline payments on the ledger; the last one completes it; overpayment is refused', async () => {
    const made = await issue({ amount: 100 });
    await refused(
      'PATCH',
      `/api/payments/${made.id}/confirm`,
      { paymentMethod: 'cash', amount: 100.01 },
      400,
      OVERPAYMENT,
    );
    await refused(
      'PATCH',
      `/api/payments/${made.id}/confirm`,
      { paymentMethod: 'cash', amount: 10, currency: 'cad' },
      400,
      `currency: ${USD_ONLY}`,
    );
    const part = await call('PATCH', `/api/payments/${made.id}/confirm`, {
      paymentMethod: 'venmo',
      amount: 30,
      transactionId: 'V-1',
    });
    expect(part.body).toMatchObject({ paidCents: 3000, balanceCents: 7000, status: 'pending', paidAt: null });
    const paidAt = '2026-11-20T18:00:00.000Z';
    const rest = await call('PATCH', `/api/payments/${made.id}/confirm`, {
      status: 'completed',
      paymentMethod: 'check',
      paidAt,
    });
    expect(rest.body).toMatchObject({ paidCents: 10_000, balanceCents: 0, status: 'completed', paidAt });
    await refused('PATCH', `/api/payments/${made.id}/confirm`, { paymentMethod: 'cash' }, 400, OVERPAYMENT);
    const page = (await call('GET', `/api/invoices/${made.id}`)).body as unknown as TInvoice;
    expect(page.status).toBe('paid');
    expect(page.payments.map((p) => [p.amountCents, p.method, p.source])).toEqual([
      [3000, 'venmo', 'offline'],
      [7000, 'check', 'offline'],
    ]);
  });

  it('sets the status by hand: completing records the balance on the ledger, un-completing keeps why', async () => {
    const made = await issue({ amount: 40, paymentMethod: 'cashapp' });
    const done = await call('PATCH', `/api/payments/${made.id}/complete`, { status: 'completed' });
    expect(done.body).toMatchObject({ status: 'completed', paidCents: 4000, balanceCents: 0 });
    expect(Date.now() - Date.parse(done.body.paidAt!)).toBeLessThan(60_000);
    const undone = await call('PATCH', `/api/payments/${made.id}/status`, {
      status: 'pending',
      reason: 'Check bounced',
    });
    expect(undone.body).toMatchObject({ status: 'pending', paidAt: null });
    const failed = await call('PATCH', `/api/payments/${made.id}/status`, { status: 'failed' });
    expect(failed.body.status).toBe('failed');
    const events = await audit(made.id);
    expect(events.map((e) => e.type)).toEqual([
      'InvoiceStatusChanged',
      'InvoiceStatusChanged',
      'InvoiceStatusChanged',
      'InvoicePaymentRecorded',
      'InvoiceIssued',
    ]);
    expect(JSON.stringify(events[1]!.changes)).toContain('Check bounced');
  });

  it('deletes an unpaid invoice; a paid one needs a reason, which is recorded with who', async () => {
    const unpaid = await issue();
    const deleted = await call('DELETE', `/api/payments/${unpaid.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await call('GET', `/api/invoices/${unpaid.id}`)).status).toBe(404);
    const paid = await issue({ amount: 10 });
    await call('PATCH', `/api/payments/${paid.id}/confirm`, { paymentMethod: 'cash' });
    await refused('DELETE', `/api/payments/${paid.id}`, undefined, 400, DELETE_REASON_REQUIRED);
    await refused('DELETE', `/api/payments/${paid.id}`, { reason: '  ' }, 400, DELETE_REASON_REQUIRED);
    expect((await call('DELETE', `/api/payments/${paid.id}`, { reason: 'Billed twice' })).status).toBe(200);
    const list = (await call('GET', '/api/payments')).body as unknown as TPayment[];
    expect(list.map((p) => p.id)).not.toContain(paid.id);
    const [voided] = await audit(paid.id);
    expect(voided!.type).toBe('InvoiceVoided');
    expect(JSON.stringify(voided!.changes)).toContain('Billed twice');
    expect(voided!.actorId).not.toBeNull();
  });

  it('records a card payment once per payment id (for the Stripe slice) and refuses overpayment', async () => {
    const made = await issue({ amount: 50 });
    const actor = { id: null, role: 'system' as const, correlationId: 'stripe-test', clientIp: null };
    const payment = {
      invoiceId: made.id,
      paymentId: 'stripe-pi_1',
      amountCents: 2000,
      method: 'stripe' as const,
      source: 'stripe' as const,
      transactionId: 'pi_1',
      paidAt: new Date().toISOString(),
    };
    await recordPayment(t.deps, actor, payment);
    const before = await eventCount(t);
    await recordPayment(t.deps, actor, payment);
    expect(await eventCount(t)).toBe(before);
    await expect(
      recordPayment(t.deps, actor, { ...payment, paymentId: 'stripe-pi_2', amountCents: 3001 }),
    ).rejects.toThrow(OVERPAYMENT);
    const row = (await call('GET', `/api/invoices/${made.id}`)).body as unknown as TInvoice;
    expect(row.paidCents).toBe(2000);
  });

  /** A quote of `client`, sent, and accepted by them when `accept`. */
  const quote = async (client: typeof mine, accept: boolean) => {
    const made = await post('/api/estimates', {
      title: 'Gate cameras',
      clientId: client.clientId,
      projectId: client.projectId,
      cameraType: 'wired',
      cameraCount: 4,
      propertyType: 'house',
    });
    const id = made.body.id as number;
    await call('POST', `/api/estimates/${id}/send`);
    if (accept) {
      const res = await call(
        'POST',
        `/api/estimates/${id}/accept`,
        { signerName: 'Ada Invoices', signatureData: SIGNATURE_DATA_URL },
        client.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    return { id, totalCents: made.body.totalCents as number };
  };

  it("converts a quote to an invoice for a project of the quote's client", async () => {
    const q = await quote(mine, false);
    const res = await post('/api/quotes/convert-to-invoice', { estimateId: q.id, projectId: mine.projectId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.invoiceUrl).toMatch(new RegExp(`/invoice/${res.body.invoiceId}$`));
    const row = (await call('GET', `/api/invoices/${res.body.invoiceId}`)).body as unknown as TInvoice;
    expect(row).toMatchObject({ amountCents: q.totalCents, kind: 'full' });
    expect(row.description).toContain('Gate cameras');
    const list = (await call('GET', '/api/payments')).body as unknown as TPayment[];
    expect(list.find((p) => p.id === res.body.invoiceId)?.estimateId).toBe(q.id);
    await refused(
      'POST',
      '/api/quotes/convert-to-invoice',
      { estimateId: q.id, projectId: theirs.projectId },
      400,
      QUOTE_PROJECT_NOT_CLIENTS,
    );
    await refused(
      'POST',
      '/api/quotes/convert-to-invoice',
      { estimateId: 999_999, projectId: mine.projectId },
      404,
      ESTIMATE_NOT_FOUND,
    );
  });

  it('lets the client choose a deposit or the full amount after accepting, once', async () => {
    const open = await quote(mine, false);
    await refused(
      'POST',
      `/api/estimates/${open.id}/invoice`,
      { choice: 'full' },
      409,
      'Only an accepted quote can be invoiced.',
      mine.token,
    );
    const q = await quote(mine, true);
    await refused(
      'POST',
      `/api/estimates/${q.id}/invoice`,
      { choice: 'deposit' },
      404,
      ESTIMATE_NOT_FOUND,
      theirs.token,
    );
    const first = await post(`/api/estimates/${q.id}/invoice`, { choice: 'deposit' }, undefined, mine.token);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const page = (await call('GET', `/api/invoices/${first.body.invoiceId}`, undefined, mine.token))
      .body as unknown as TInvoice;
    expect(page).toMatchObject({ amountCents: depositOf(q.totalCents), kind: 'deposit' });
    const before = await eventCount(t);
    const second = await post(`/api/estimates/${q.id}/invoice`, { choice: 'full' }, undefined, mine.token);
    expect(second.status).toBe(200);
    expect(second.body.invoiceId).toBe(first.body.invoiceId);
    expect(await eventCount(t)).toBe(before);
    const whole = await quote(mine, true);
    const full = await post(`/api/estimates/${whole.id}/invoice`, { choice: 'full' }, undefined, mine.token);
    const fullPage = (await call('GET', `/api/invoices/${full.body.invoiceId}`)).body as unknown as TInvoice;
    expect(fullPage).toMatchObject({ amountCents: whole.totalCents, kind: 'full' });
  });

  it("never bills a quote past its total: after the deposit Convert bills the rest, again is 409 naming both; a deleted invoice frees its part; an admin's explicit extra is billed", async () => {
    const q = await quote(mine, true);
    const convert = { estimateId: q.id, projectId: mine.projectId };
    const page = async (id: number) => (await call('GET', `/api/invoices/${id}`)).body as unknown as TInvoice;
    const deposit = await post(
      `/api/estimates/${q.id}/invoice`,
      { choice: 'deposit' },
      undefined,
      mine.token,
    );
    expect(deposit.status).toBe(201);
    const rest = await post('/api/quotes/convert-to-invoice', convert);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    const [depositPage, restPage] = [await page(deposit.body.invoiceId), await page(rest.body.invoiceId)];
    expect(depositPage).toMatchObject({ amountCents: depositOf(q.totalCents), kind: 'deposit' });
    expect(restPage).toMatchObject({ amountCents: q.totalCents - depositOf(q.totalCents), kind: 'final' });
    const fully = `This quote's ${dollars(q.totalCents)} is already invoiced: ${depositPage.invoiceNumber} (${dollars(depositPage.amountCents)}), ${restPage.invoiceNumber} (${dollars(restPage.amountCents)}). Nothing remains to bill.`;
    await refused('POST', '/api/quotes/convert-to-invoice', convert, 409, fully);
    expect((await t.call('POST', '/api/quotes/convert-to-invoice', convert, t.adminToken)).body.error).toBe(
      'quote_fully_invoiced',
    );
    // The client's second choice still answers their first invoice, and bills nothing more.
    const second = await post(`/api/estimates/${q.id}/invoice`, { choice: 'full' }, undefined, mine.token);
    expect([second.status, second.body.invoiceId]).toEqual([200, deposit.body.invoiceId]);

    // A deleted invoice no longer counts: its part can be billed again.
    expect((await call('DELETE', `/api/payments/${rest.body.invoiceId}`)).status).toBe(200);
    const again = await post('/api/quotes/convert-to-invoice', convert);
    expect(again.status).toBe(201);
    expect((await page(again.body.invoiceId)).amountCents).toBe(restPage.amountCents);

    // Beyond the quote only as an explicit extra, with its amount.
    await refused(
      'POST',
      '/api/quotes/convert-to-invoice',
      { ...convert, allowExtra: true },
      400,
      `amount: ${EXTRA_AMOUNT_REQUIRED}`,
    );
    await refused(
      'POST',
      '/api/quotes/convert-to-invoice',
      { ...convert, amount: 50 },
      400,
      `amount: ${AMOUNT_ONLY_WITH_EXTRA}`,
    );
    const extra = await post('/api/quotes/convert-to-invoice', { ...convert, allowExtra: true, amount: 50 });
    expect(extra.status).toBe(201);
    expect(await page(extra.body.invoiceId)).toMatchObject({ amountCents: 5_000, kind: 'milestone' });
    const billed = (await t.deps.store.readStream(`quote-invoices-${q.id}`)).map((e) => e.data);
    expect(billed).toMatchObject([
      { invoiceId: deposit.body.invoiceId, kind: 'deposit', extraCents: 0 },
      { invoiceId: rest.body.invoiceId, kind: 'final', extraCents: 0 },
      { invoiceId: again.body.invoiceId, kind: 'final', extraCents: 0 },
      { invoiceId: extra.body.invoiceId, kind: 'milestone', amountCents: 5_000, extraCents: 5_000 },
    ]);
  });

  it('two conversions of one quote at once, both after reading what it billed: one bills it, the other is decided again and refused', async () => {
    const q = await quote(mine, false);
    const stream = `quote-invoices-${q.id}`;
    // Hold both conversions after their read of the quote's billing until both have read it.
    const held = holdReads(t.deps.store, stream, 2);
    const convert = { estimateId: q.id, projectId: mine.projectId };
    let answers: { status: number; body: { invoiceId?: number; message?: string } }[];
    try {
      answers = await Promise.all([
        post('/api/quotes/convert-to-invoice', convert),
        post('/api/quotes/convert-to-invoice', convert),
      ]);
    } finally {
      held.restore();
    }
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    // The loser read the billing again (a third read) and found the quote billed.
    expect(held.reads()).toBeGreaterThanOrEqual(3);
    const made = answers.find((a) => a.status === 201)!.body.invoiceId;
    expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/is already invoiced: INV-/);
    expect((await t.deps.store.readStream(stream)).map((e) => e.data)).toMatchObject([
      { invoiceId: made, amountCents: q.totalCents },
    ]);
    const list = (await call('GET', '/api/payments')).body as unknown as TPayment[];
    expect(list.filter((p) => p.estimateId === q.id).map((p) => p.id)).toEqual([made]);
  });

  it('answers revenue by month and the dashboard figures from money received', async () => {
    type Month = { month: string; cents: number };
    type Stats = { totalRevenue: number; averageProjectValue: number; pendingPayments: number };
    const revenue = async () => (await call('GET', '/api/dashboard/revenue')).body as unknown as Month[];
    const stats = async () => (await call('GET', '/api/dashboard/stats')).body as unknown as Stats;
    const [monthsBefore, statsBefore] = [await revenue(), await stats()];
    expect(monthsBefore).toHaveLength(12);
    expect(monthsBefore.at(-1)!.month).toBe(today().slice(0, 7));
    expect(monthsBefore.map((m) => m.month)).toEqual([...monthsBefore.map((m) => m.month)].sort());
    const made = await issue({ amount: 123.45 });
    expect((await stats()).pendingPayments).toBe(statsBefore.pendingPayments + 1);
    await call('PATCH', `/api/payments/${made.id}/confirm`, { paymentMethod: 'cash', amount: 100.05 });
    const [monthsAfter, statsAfter] = [await revenue(), await stats()];
    expect(monthsAfter.at(-1)!.cents - monthsBefore.at(-1)!.cents).toBe(10_005);
    expect(monthsAfter.slice(0, -1)).toEqual(monthsBefore.slice(0, -1));
    expect(Math.round((statsAfter.totalRevenue - statsBefore.totalRevenue) * 100)).toBe(10_005);
    // Deleting a paid invoice (with its reason) takes its money out of the figures.
    await call('DELETE', `/api/payments/${made.id}`, { reason: 'Entered by mistake' });
    expect((await revenue()).at(-1)!.cents).toBe(monthsBefore.at(-1)!.cents);
    expect((await stats()).totalRevenue).toBe(statsBefore.totalRevenue);
    expect((await call('GET', '/api/dashboard/revenue', undefined, mine.token)).status).toBe(403);
  });

  it('the month counter moves past a number an admin typed, so no number is given twice', async () => {
    const last = Number((await issue()).invoiceNumber.slice(-3));
    await issue({ invoiceNumber: invoiceNumberFor(month(), last + 1) });
    expect((await issue()).invoiceNumber).toBe(invoiceNumberFor(month(), last + 2));
  });

  it('keeps the list while other views change, and shows each change of its own at once', async () => {
    const own = await portalClientWithProject(t, { name: 'Di Cache', email: 'inv-cache@example.com' });
    const list = async () =>
      (await call('GET', `/api/payments?projectId=${own.projectId}`)).body as unknown as TPayment[];
    const mark = () => t.deps.watcher.changeMarkOf('payments');
    expect(await list()).toEqual([]);
    // A consultation is no part of the list: its events pass the payments view without changing its mark.
    const before = mark();
    const consult = await t.call('POST', '/api/consultations', {
      name: 'Passing By',
      email: 'passing@example.com',
      phone: '907-555-0100',
      preferredDate: today(),
      serviceType: 'starlink',
      description: 'Only passing',
      preferredTime: 'morning',
      propertyType: 'residential',
    });
    expect(consult.status, JSON.stringify(consult.body)).toBe(201);
    await t.call('GET', '/api/consultations', undefined, t.adminToken);
    expect(mark()).toBe(before);
    // Each change the list shows is there in the answer that follows the command's, with no wait.
    const made = await issue({ projectId: own.projectId, amount: 42 });
    expect((await list()).map((p) => p.id)).toEqual([made.id]);
    await t.call(
      'PUT',
      `/api/clients/${own.clientId}`,
      { name: 'Di Renamed', email: 'inv-cache@example.com' },
      t.adminToken,
    );
    expect((await list())[0]!.clientName).toBe('Di Renamed');
    // A browser that kept the list asks with its tag: unchanged, no body; changed, the new list and tag.
    const url = `/api/payments?projectId=${own.projectId}`;
    const kept = await t.app.inject({ url, headers: { authorization: `Bearer ${t.adminToken}` } });
    const tag = kept.headers.etag as string;
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    const again = () =>
      t.app.inject({ url, headers: { authorization: `Bearer ${t.adminToken}`, 'if-none-match': tag } });
    const unchanged = await again();
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);
    expect((await call('DELETE', `/api/payments/${made.id}`)).status).toBe(200);
    const changed = await again();
    expect([changed.statusCode, changed.json()]).toEqual([200, []]);
    expect(changed.headers.etag).not.toBe(tag);
    // A browser takes gzip: the same list, compressed (made once for this version).
    for (let i = 0; i < 10; i++)
      await issue({ projectId: own.projectId, amount: 7, description: 'Dish '.repeat(200) });
    const plain = await t.app.inject({ url, headers: { authorization: `Bearer ${t.adminToken}` } });
    const zipped = await t.app.inject({
      url,
      headers: { authorization: `Bearer ${t.adminToken}`, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect([plain.headers['content-encoding'], zipped.headers['content-encoding']]).toEqual([
      undefined,
      'gzip',
    ]);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });
});

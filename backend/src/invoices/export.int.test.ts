import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { systemActor, toNewEvents } from '../platform/command.ts';

/**
 * GET /api/invoices/{invoiceId}/pdf through the API: invoices appended to the store as the invoices slice
 * appends them, the PDF read back with poppler.
 */
describe('invoice PDF download', () => {
  let t: TestApp;
  let mine: Awaited<ReturnType<typeof portalClientWithProject>>;
  let theirs: Awaited<ReturnType<typeof portalClientWithProject>>;
  const work = mkdtempSync(join(tmpdir(), 'invoice-export-'));

  const issue = (invoiceId: number, owner: typeof mine): TInvoiceEvent => ({
    type: 'InvoiceIssued',
    data: {
      invoiceId,
      invoiceNumber: `INV-202611-${String(invoiceId).padStart(3, '0')}`,
      projectId: owner.projectId,
      clientId: owner.clientId,
      description: 'Six wired cameras',
      amountCents: 250_075,
      currency: 'usd',
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-20',
      kind: 'full',
      estimateId: null,
      billingPlanId: null,
      paymentMethod: null,
      customMethod: null,
      issuedBy: 1,
      issuedAt: '2026-11-20T19:00:00.000Z',
    },
  });
  const append = (invoiceId: number, events: TInvoiceEvent[], expected: 'no_stream' | bigint = 'no_stream') =>
    t.deps.store.append(`invoice-${invoiceId}`, toNewEvents(events, systemActor()), expected);
  const download = (id: number | string, token: string | null) =>
    t.app.inject({
      method: 'GET',
      url: `/api/invoices/${id}/pdf`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const textOf = (pdf: Buffer) => {
    const file = join(work, 'invoice.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Ada Invoices', email: 'inv-export1@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Bo Elsewhere', email: 'inv-export2@example.com' });
    await append(8001, [
      issue(8001, mine),
      {
        type: 'InvoicePaymentRecorded',
        data: {
          invoiceId: 8001,
          paymentId: 'p1',
          amountCents: 50_000,
          method: 'venmo',
          customMethod: null,
          transactionId: 'VM-991',
          source: 'offline',
          paidAt: '2026-11-22T20:00:00.000Z',
          recordedBy: 1,
          recordedAt: '2026-11-22T20:00:00.000Z',
        },
      },
    ]);
    await append(8002, [
      issue(8002, mine),
      {
        type: 'InvoiceVoided',
        data: {
          invoiceId: 8002,
          reason: 'Billed twice',
          voidedBy: 1,
          voidedAt: '2026-11-21T00:00:00Z',
          paidCents: 0,
        },
      },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('staff and the invoice’s own client download it: private, no-store, Invoice-<number>.pdf, same bytes', async () => {
    const admin = await download(8001, t.adminToken);
    expect(admin.statusCode).toBe(200);
    expect(admin.headers['content-type']).toBe('application/pdf');
    expect(admin.headers['cache-control']).toBe('private, no-store');
    expect(admin.headers['content-disposition']).toBe(
      `attachment; filename="Invoice-INV-202611-8001.pdf"; filename*=UTF-8''Invoice-INV-202611-8001.pdf`,
    );
    const text = textOf(admin.rawPayload);
    expect(text).toContain('Invoice INV-202611-8001');
    expect(text).toContain('Bill To Ada Invoices inv-export1@example.com');
    expect(text).toContain('Invoice date: November 20, 2026');
    expect(text).toContain('Due date: December 20, 2026');
    expect(text).toContain('Six wired cameras');
    expect(text).toContain('November 22, 2026');
    expect(text).toContain('Venmo');
    expect(text).toContain('VM-991');
    expect(text).toContain(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/invoice/8001`);
    const own = await download(8001, mine.token);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(admin.rawPayload)).toBe(true);
  });

  it('another client, a voided or unknown invoice: 404; no session: 401; a bad id: 400', async () => {
    expect((await download(8001, theirs.token)).statusCode).toBe(404);
    expect((await download(8002, t.adminToken)).statusCode).toBe(404);
    expect((await download(8002, mine.token)).statusCode).toBe(404);
    expect((await download(8999, t.adminToken)).statusCode).toBe(404);
    expect((await download(8001, null)).statusCode).toBe(401);
    expect((await download('abc', t.adminToken)).statusCode).toBe(400);
  });
});

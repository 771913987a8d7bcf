/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { TPayment } from '@app/contracts/api/invoices';
import type { TInvoiceEvent } from '@app/contracts/events/invoices';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor, toNewEvents } from '../../backend/src/platform/command.ts';
import { CHOSEN_PASSWORD } from '../../backend/test/app.ts';
import { SIGNATURE_DATA_URL } from '../../backend/test/cast.ts';
import { portalClientWithProject } from '../../backend/test/clients.ts';
import { eventually } from '../../backend/test/eventually.ts';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';
import { watchCsp } from './csp.ts';
import { pickFromSearch } from './fields.ts';

const CLIENT = { name: 'Wren Talkeetna', email: 'wren.talkeetna@example.com', password: 'talkeetna-1' };
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('payments: a quote made an invoice, read by its client, paid in cash; the Payments view (browser)', () => {
  let b: BrowserApp;
  let clientToken: string;
  let projectId: number;
  let quote: { id: number; totalCents: number; quoteNumber: string; clientId: number };
  let invoiceId: number;

  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    const admin = b.t.adminToken;
    const made = await b.t.call(
      'POST',
      '/api/clients',
      { name: CLIENT.name, email: CLIENT.email, userType: 'client', portalAccess: true },
      admin,
    );
    clientToken = await b.t.activate(made.body.user.email, made.body.temporaryPassword, CLIENT.password);
    const clientId = made.body.client.id as number;
    const project = await b.t.call(
      'POST',
      '/api/projects',
      { clientId, title: 'Talkeetna lodge cameras', type: 'security_cameras' },
      admin,
    );
    projectId = project.body.id;
    // A project of type invoice: never offered by Send Invoice for Existing Job.
    await b.t.call('POST', '/api/projects', { clientId, title: 'Billing only', type: 'invoice' }, admin);
    const estimate = await b.t.call(
      'POST',
      '/api/estimates',
      {
        title: 'Lodge cameras',
        clientId,
        projectId,
        cameraType: 'wired',
        cameraCount: 4,
        propertyType: 'house',
      },
      admin,
    );
    quote = estimate.body;
    expect((await b.t.call('POST', `/api/estimates/${quote.id}/send`, undefined, admin)).status).toBe(200);
    const accepted = await b.t.call(
      'POST',
      `/api/estimates/${quote.id}/accept`,
      { signerName: CLIENT.name, signatureData: SIGNATURE_DATA_URL },
      clientToken,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });
  afterAll(async () => b?.close());

  const payments = async () =>
    (await b.t.call('GET', '/api/payments', undefined, b.t.adminToken)).body as TPayment[];

  const signInClient = async (viewport?: { width: number; height: number }) => {
    const page = await b.newPage(viewport);
    const csp = await watchCsp(page);
    await b.signIn(page, CLIENT.email, CLIENT.password);
    await page.waitForURL(`${b.baseUrl}/client`);
    return { page, csp };
  };

  it('the admin converts the accepted quote; the client reads the invoice (card payment being set up); cash recorded, it reads Payment Complete', async () => {
    const admin = await b.newPage();
    const adminCsp = await watchCsp(admin);
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=payments');
    await admin.getByRole('heading', { name: 'Payments', level: 2 }).waitFor();
    await admin.getByText('No payments recorded').waitFor();

    // Convert Quote to Invoice: the quote, then its project (already the quote's); the invoice opens in a tab.
    await admin.getByRole('button', { name: 'Convert Quote to Invoice' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Convert Quote to Invoice' });
    await dialog.getByRole('button', { name: 'Convert to Invoice' }).click();
    await dialog.getByText('Please choose both a quote and a project').waitFor();
    // The quote is found by typing its number; its option names the client (and total) to tell look-alikes apart.
    await pickFromSearch(
      dialog.getByRole('combobox', { name: 'Quote' }),
      quote.quoteNumber,
      quote.quoteNumber,
      CLIENT.name,
    );
    // The quote's client's projects are read once the quote is chosen; its own project is then chosen.
    await expect.poll(() => dialog.getByLabel('Project').inputValue()).toBe(String(projectId));
    await expectAccessible(admin, { include: 'dialog[open]' });
    const [tab] = await Promise.all([
      admin.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Convert to Invoice' }).click(),
    ]);
    await tab.waitForURL(/\/invoice\/\d+$/);
    invoiceId = Number(/\/invoice\/(\d+)$/.exec(tab.url())![1]);
    await tab.getByRole('heading', { name: 'Invoice', exact: true }).waitFor();
    expect(await tab.getByTestId('invoice-totals').textContent()).toContain(usd(quote.totalCents));
    await tab.close();
    const row = admin.getByTestId('payment-row');
    await row.waitFor();
    expect(await row.textContent()).toContain(usd(quote.totalCents));
    expect((await payments()).map((p) => [p.id, p.estimateId, p.status])).toEqual([
      [invoiceId, quote.id, 'pending'],
    ]);

    // The client: the invoice page, with nothing to pay by card yet (no Stripe keys on this server).
    const { page: client, csp: clientCsp } = await signInClient();
    await client.goto(`/invoice/${invoiceId}`);
    await client.getByText('Payment processing is being set up...').waitFor();
    const pay = client.getByRole('region', { name: 'Pay Invoice' });
    expect(await pay.getByRole('button').count()).toBe(0);
    expect(await client.getByTestId('invoice-totals').textContent()).toMatch(/Tax\s*\$0\.00/);
    await client.getByRole('heading', { name: 'Questions?' }).waitFor();
    expect(await client.getByTestId('payment-status').first().textContent()).toBe('Pending');
    await expectAccessible(client);

    // The admin records the cash received: the whole balance.
    await row.getByRole('button', { name: 'View details' }).click();
    const details = admin.getByRole('dialog', { name: /Payment Details/ });
    await details.getByRole('button', { name: 'Mark Completed' }).waitFor();
    await expectAccessible(admin, { include: 'dialog[open]' });
    await details.getByLabel('Received by').selectOption('cash');
    await details.getByRole('button', { name: 'Record Payment' }).click();
    await details
      .getByTestId('ledger')
      .filter({ hasText: usd(quote.totalCents) })
      .waitFor();
    // Completed: the quick buttons are gone.
    await details.getByRole('button', { name: 'Mark Completed' }).waitFor({ state: 'detached' });
    await eventually('the invoice paid in full', async () => {
      const [paid] = await payments();
      return paid?.status === 'completed' && paid.balanceCents === 0;
    });

    // The client's invoice page now says it is paid.
    await client.reload();
    await client.getByText('Payment Complete').waitFor();
    await client.getByText('This invoice has been paid in full.').waitFor();
    expect(await client.getByText('Payment processing is being set up...').count()).toBe(0);
    // And the portal's Payments view lists it, linking to its page.
    await client.goto('/client');
    await client
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: 'Payments' })
      .click();
    const listed = client.getByTestId('client-invoice');
    await listed.waitFor();
    expect(await listed.getByTestId('payment-status').textContent()).toBe('Completed');
    await expectAccessible(client);
    await listed.getByRole('link', { name: /View invoice/ }).click();
    await client.waitForURL(`${b.baseUrl}/invoice/${invoiceId}`);

    // Someone else's invoice (or none) reads Invoice Not Found.
    await client.goto('/invoice/999999');
    await client.getByRole('heading', { name: 'Invoice Not Found' }).waitFor();

    expect(adminCsp.violations()).toEqual([]);
    expect(clientCsp.violations()).toEqual([]);
    await admin.context().close();
    await client.context().close();
  });

  it('the Payments view: Send Invoice for Existing Job (an empty amount refused), tabs and stat cards, Mark Failed, Copy URL, Delete', async () => {
    const admin = await b.newPage();
    const csp = await watchCsp(admin);
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=payments');
    await admin.getByTestId('payment-row').first().waitFor();

    const send = async (amount: string, description: string) => {
      await admin.getByRole('button', { name: 'Send Invoice for Existing Job' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Send Invoice for Existing Job' });
      const job = dialog.getByRole('combobox', { name: 'Job / Project' });
      // Found by typing the client's name; billing-only projects (type invoice) are never offered.
      await job.fill('Talkeetna');
      await dialog.locator('[role="listbox"][aria-busy="false"]').waitFor();
      await dialog.getByRole('option').filter({ hasText: 'Talkeetna lodge cameras' }).waitFor();
      expect(await dialog.getByRole('option').allInnerTexts()).not.toContainEqual(
        expect.stringMatching(/Billing only/),
      );
      await dialog.getByRole('option').filter({ hasText: 'Talkeetna lodge cameras' }).click();
      await dialog.getByLabel('Description').fill(description);
      await dialog.getByLabel('Amount ($)').fill(amount);
      return dialog;
    };
    const dialog = await send('', 'Second camera');
    await dialog.getByRole('button', { name: 'Send Invoice' }).click();
    await dialog.getByText('Amount is required').waitFor();
    await expectAccessible(admin, { include: 'dialog[open]' });
    await dialog.getByLabel('Amount ($)').fill('100.50');
    const [request] = await Promise.all([
      admin.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/invoices')),
      dialog.getByRole('button', { name: 'Send Invoice' }).click(),
    ]);
    // Sent as the contract's body (dollars as typed, no number: the month's next), with an Idempotency-Key.
    expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(request.postDataJSON()).toMatchObject({
      projectId,
      amount: '100.50',
      description: 'Second camera',
    });
    await admin.getByTestId('toast').filter({ hasText: 'Invoice Sent' }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const again = await send('20', 'Cable');
    await again.getByRole('button', { name: 'Send Invoice' }).click();
    await again.waitFor({ state: 'hidden' });
    await eventually('three invoices', async () => (await payments()).length === 3);

    // Mark Failed (only while pending), after its confirmation.
    const cable = admin.getByTestId('payment-row').filter({ hasText: usd(2000) });
    await cable.getByRole('button', { name: 'View details' }).click();
    const details = admin.getByRole('dialog', { name: /Payment Details/ });
    admin.once('dialog', (confirm) => void confirm.accept());
    await details.getByRole('button', { name: 'Mark Failed' }).click();
    await details.getByRole('button', { name: 'Mark Failed' }).waitFor({ state: 'detached' });
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    // Tabs with counts and the stat cards (cents summed, 2 decimals; a failed invoice owes nothing).
    const tabs = admin.getByRole('tablist', { name: 'Payments by status' });
    await tabs.getByRole('tab', { name: 'Failed (1)' }).waitFor();
    expect(await tabs.getByRole('tab').allInnerTexts()).toEqual([
      'All (3)',
      'Pending (1)',
      'Completed (1)',
      'Failed (1)',
    ]);
    expect(await admin.getByTestId('payments-stat-total').textContent()).toBe(usd(quote.totalCents + 10_050));
    expect(await admin.getByTestId('payments-stat-paid').textContent()).toBe(usd(quote.totalCents));
    expect(await admin.getByTestId('payments-stat-pending').textContent()).toBe('$100.50');
    expect(await admin.getByTestId('payments-stat-overdue').textContent()).toBe('$0.00');
    await tabs.getByRole('tab', { name: 'Pending (1)' }).click();
    // The tab's rows come in their own request: wait for the pending row, then that it is the only one.
    const pendingRows = admin.getByRole('tabpanel').getByTestId('payment-row');
    await pendingRows.filter({ hasText: '$100.50' }).waitFor();
    await eventually('the Pending tab holds one row', async () => (await pendingRows.count()) === 1);
    expect(await pendingRows.textContent()).toContain('$100.50');
    await expectAccessible(admin);

    // Copy URL: the invoice page's address.
    await pendingRows.getByRole('button', { name: 'Copy URL' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Copied to clipboard' }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toMatch(/\/invoice\/\d+$/);

    // Delete, with the spec's confirmation.
    await tabs.getByRole('tab', { name: 'Failed (1)' }).click();
    await admin.getByRole('tabpanel').getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('dialog', { name: /^Delete INV-/ });
    await confirm
      .getByText(
        'Are you sure you want to delete this payment? This will also void the Stripe invoice if it exists.',
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete Payment' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Payment Deleted' }).waitFor();
    await tabs.getByRole('tab', { name: 'All (2)' }).waitFor();
    expect((await payments()).map((p) => p.amountCents).sort((x, y) => x - y)).toEqual(
      [10_050, quote.totalCents].sort((x, y) => x - y),
    );
    expect(csp.violations()).toEqual([]);
    await admin.context().close();
  });

  it('after accepting a quote the client pays a 30 % deposit: its invoice opens; the dashboard charts the cash received', async () => {
    const second = await b.t.call(
      'POST',
      '/api/estimates',
      {
        title: 'Gate cameras',
        clientId: quote.clientId,
        projectId,
        cameraType: 'wired',
        cameraCount: 2,
        propertyType: 'house',
      },
      b.t.adminToken,
    );
    const { id, totalCents } = second.body as { id: number; totalCents: number };
    await b.t.call('POST', `/api/estimates/${id}/send`, undefined, b.t.adminToken);
    await b.t.call(
      'POST',
      `/api/estimates/${id}/accept`,
      { signerName: CLIENT.name, signatureData: SIGNATURE_DATA_URL },
      clientToken,
    );
    const { page: client, csp } = await signInClient();
    await client
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: /Quotes/ })
      .click();
    await client.getByRole('button', { name: 'View Gate cameras' }).click();
    const deposit = Math.min(totalCents, Math.round((totalCents * 30) / 100 / 100) * 100);
    const payDeposit = client.getByRole('button', { name: `Pay deposit (30 %) · ${usd(deposit)}` });
    await payDeposit.waitFor();
    await client.getByRole('button', { name: `Pay in full · ${usd(totalCents)}` }).waitFor();
    await expectAccessible(client);
    await payDeposit.click();
    await client.waitForURL(/\/invoice\/\d+$/);
    await client.getByText('Payment processing is being set up...').waitFor();
    expect(await client.getByTestId('invoice-totals').textContent()).toContain(usd(deposit));
    const invoice = (await payments()).find((p) => p.estimateId === id);
    expect(invoice).toMatchObject({ amountCents: deposit, kind: 'deposit', status: 'pending' });
    expect(client.url()).toBe(`${b.baseUrl}/invoice/${invoice!.id}`);
    expect(csp.violations()).toEqual([]);
    await client.context().close();

    // The admin's dashboard: revenue by month, this month holding the quote paid in cash.
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=dashboard');
    const chart = admin.getByRole('region', { name: 'Revenue by Month' });
    await chart.locator('svg rect').first().waitFor({ state: 'attached' });
    expect(await chart.locator('svg rect').count()).toBe(12);
    expect(await chart.locator('table').textContent()).toContain(usd(quote.totalCents));
    await expectAccessible(admin);
    await admin.context().close();
  });

  it('a part payment by check shows as paid and remaining; deleting that invoice asks why', async () => {
    const owing = (await payments()).find((p) => p.amountCents === 10_050)!;
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=payments');
    const row = admin.getByTestId('payment-row').filter({ hasText: owing.invoiceNumber });
    await row.getByRole('button', { name: 'View details' }).click();
    const details = admin.getByRole('dialog', { name: /Payment Details/ });
    await details.getByLabel('Received by').selectOption('check');
    await details.getByLabel('Amount received ($)').fill('200');
    await details.getByRole('button', { name: 'Record Payment' }).click();
    await details.getByText('At most the balance, $100.50').waitFor();
    await details.getByLabel('Amount received ($)').fill('50');
    await details.getByLabel('Reference (optional)').fill('Check 1042');
    await details.getByRole('button', { name: 'Record Payment' }).click();
    await details.getByTestId('ledger').filter({ hasText: 'Check 1042' }).waitFor();
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await row.filter({ hasText: '$50.50' }).waitFor();
    expect(await row.getByTestId('payment-status').textContent()).toBe('Pending');

    const { page: client } = await signInClient();
    await client.goto(`/invoice/${owing.id}`);
    const totals = client.getByTestId('invoice-totals');
    // CI once saw neither within 10 s: wait longer on a loaded machine, and say which page it was.
    const notFound = client.getByRole('heading', { name: 'Invoice Not Found' });
    await totals.or(notFound).waitFor({ timeout: 30_000 });
    expect(await notFound.count()).toBe(0);
    expect(await totals.textContent()).toMatch(/Paid\s*\$50\.00/);
    expect(await totals.textContent()).toMatch(/Remaining\s*\$50\.50/);
    await client.getByRole('heading', { name: 'Payments Received' }).waitFor();
    await client.getByRole('region', { name: 'Pay Invoice' }).getByText('$50.50').waitFor();
    await client.context().close();

    // Money was received for it: Delete asks for the reason first.
    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.getByRole('dialog', { name: `Delete ${owing.invoiceNumber}` });
    await confirm.getByRole('button', { name: 'Delete Payment' }).click();
    await confirm.getByText('Please say why this paid invoice is deleted').waitFor();
    await expectAccessible(admin, { include: 'dialog[open]' });
    await confirm.getByLabel('Reason').fill('Billed twice');
    await confirm.getByRole('button', { name: 'Delete Payment' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Payment Deleted' }).waitFor();
    await eventually('the invoice deleted', async () => !(await payments()).some((p) => p.id === owing.id));
    await admin.context().close();
  });

  it('converting the billed quote again says which invoice bills it; an admin bills an extra only once confirmed', async () => {
    const admin = await b.newPage();
    const csp = await watchCsp(admin);
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=payments');
    await admin.getByTestId('payment-row').first().waitFor();
    const billed = (await payments()).find((p) => p.id === invoiceId)!;
    const count = (await payments()).length;
    await admin.getByRole('button', { name: 'Convert Quote to Invoice' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Convert Quote to Invoice' });
    await pickFromSearch(
      dialog.getByRole('combobox', { name: 'Quote' }),
      'Lodge',
      quote.quoteNumber,
      CLIENT.name,
    );
    await dialog.getByRole('button', { name: 'Convert to Invoice' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: `is already invoiced: ${billed.invoiceNumber} (${usd(quote.totalCents)})` })
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Convert to Invoice' }).isDisabled()).toBe(true);
    const extra = dialog.getByLabel('Extra amount beyond the quote ($)');
    await extra.fill('0.001');
    await dialog.getByRole('button', { name: 'Bill an extra amount...' }).click();
    await dialog.getByText('Amount must be at least $0.01').waitFor();
    await extra.fill('25');
    await dialog.getByRole('button', { name: 'Bill an extra amount...' }).click();
    await dialog.getByText('Bill $25.00 beyond this quote?').waitFor();
    await expectAccessible(admin, { include: 'dialog[open]' });
    expect((await payments()).length).toBe(count);
    const [tab] = await Promise.all([
      admin.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Yes, bill $25.00 extra' }).click(),
    ]);
    await tab.waitForURL(/\/invoice\/\d+$/);
    const extraId = Number(/\/invoice\/(\d+)$/.exec(tab.url())![1]);
    expect((await payments()).find((p) => p.id === extraId)).toMatchObject({
      estimateId: quote.id,
      amountCents: 2_500,
      kind: 'milestone',
    });
    expect(csp.violations()).toEqual([]);
    await admin.context().close();
  });

  it.each([320, 375, 414])('at %i px the payments screens do not scroll sideways', async (width) => {
    const PHONE = { width, height: 800 };
    const { page: client, csp } = await signInClient(PHONE);
    const widths: Record<string, number> = {};
    await client.goto(`/invoice/${invoiceId}`);
    await client.getByText('Payment Complete').waitFor();
    widths.invoice = await pageWidth(client);
    await client.goto(`/payment-success?project=${projectId}`);
    await client.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    widths.success = await pageWidth(client);
    const admin = await b.newPage(PHONE);
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=payments');
    await admin.getByTestId('payment-row').first().waitFor();
    widths.payments = await pageWidth(admin);
    await admin.getByTestId('payment-row').first().getByRole('button', { name: 'View details' }).click();
    await admin.getByRole('dialog', { name: /Payment Details/ }).waitFor();
    widths.details = await pageWidth(admin);
    expect(Object.entries(widths).filter(([, measured]) => measured > width)).toEqual([]);
    expect(csp.violations()).toEqual([]);
    await client.context().close();
    await admin.context().close();
  });

  it('Payments pages with Show More, and filters by client and invoice dates on the server, on a phone and a desktop', async () => {
    const admin = b.t.adminToken;
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Paging Outfitters', email: 'paging-payments@example.com', portalAccess: false },
      admin,
    );
    const clientId = entry.body.client.id as number;
    const job = await b.t.call(
      'POST',
      '/api/projects',
      { clientId, title: 'Dock cameras', type: 'starlink' },
      admin,
    );
    for (let i = 1; i <= 30; i++)
      await b.t.call(
        'POST',
        '/api/invoices',
        { projectId: job.body.id, amount: 10 + i, description: `Dock camera ${i}` },
        admin,
      );
    // Two invoices of earlier days, appended as the invoices slice appends them.
    const earlier = (invoiceId: number, issuedAt: string): TInvoiceEvent => ({
      type: 'InvoiceIssued',
      data: {
        invoiceId,
        invoiceNumber: `INV-${issuedAt.slice(0, 4)}${issuedAt.slice(5, 7)}-${invoiceId}`,
        projectId: job.body.id,
        clientId,
        description: `Earlier dock work ${invoiceId}`,
        amountCents: 5_000,
        currency: 'usd',
        invoiceDate: issuedAt.slice(0, 10),
        dueDate: '2025-12-31',
        kind: 'full',
        estimateId: null,
        billingPlanId: null,
        paymentMethod: null,
        customMethod: null,
        issuedBy: 1,
        issuedAt,
      },
    });
    for (const [id, at] of [
      [9101, '2025-03-05T20:00:00.000Z'],
      [9102, '2025-06-10T20:00:00.000Z'],
    ] as const)
      await b.t.deps.store.append(
        `invoice-${id}`,
        toNewEvents([earlier(id, at)], systemActor()),
        'no_stream',
      );
    await eventually('the earlier invoices listed', async () =>
      (await payments()).some((p) => p.id === 9102),
    );
    const total = (await payments()).length;
    const theirs = (await payments()).filter((p) => p.clientId === clientId).length;
    expect(theirs).toBe(32);

    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const page = await b.newPage(viewport);
      const csp = await watchCsp(page);
      await b.signInAsAdmin(page);
      await page.goto('/admin?view=payments');
      const rows = page.getByRole('tabpanel').getByTestId('payment-row');
      // The newest first, one page of 24, the total from the server; then the next page.
      await page.getByText(`Showing 24 of ${total} invoices`).waitFor();
      expect(await rows.first().textContent()).toContain('Dock camera 30');
      // Compact rows: more than three to a phone's screen.
      const height = (await rows.first().boundingBox())!.height;
      expect(height).toBeLessThan(viewport.height / 4);
      await page.getByRole('button', { name: 'Show More Invoices' }).click();
      await page.getByText(`Showing ${Math.min(48, total)} of ${total} invoices`).waitFor();
      const labels = await rows.evaluateAll((list) => list.map((row) => row.getAttribute('aria-label')));
      expect(new Set(labels).size).toBe(labels.length);

      // One client's invoices, then only those of March 2025 (invoice date, inclusive).
      await pickFromSearch(page.getByRole('combobox', { name: 'Client' }), 'paging', 'Paging Outfitters');
      await page.getByText('Showing 24 of 32 invoices').waitFor();
      expect(await page.getByRole('tab', { name: 'All', exact: true }).count()).toBe(1);
      for (const text of await rows.allTextContents()) expect(text).toContain('Paging Outfitters');
      await page.getByLabel('Invoice date from').fill('2025-03-01');
      await page.getByLabel('Invoice date to').fill('2025-03-31');
      await page.getByText('Showing 1 of 1 invoice').waitFor();
      expect(await rows.getAttribute('aria-label')).toBe('Invoice INV-202503-9101');
      await page.getByLabel('Invoice date to').fill('2025-12-31');
      await page.getByText('Showing 2 of 2 invoices').waitFor();
      expect(await page.getByRole('button', { name: 'Show More Invoices' }).count()).toBe(0);
      await expectAccessible(page);

      // A search nothing matches says so; Clear Filters brings every invoice back.
      await page.getByLabel('Search invoices').fill('no such invoice');
      await page.getByText('No invoices match the search and filters.').waitFor();
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      // The pages read before come back as they were.
      await page.getByText(`Showing ${Math.min(48, total)} of ${total} invoices`).waitFor();
      await page.getByRole('tab', { name: `All (${total})` }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Client' }).inputValue()).toBe('');

      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways).toBe(false);
      expect(csp.violations()).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it("the portal's Payments view pages the client's invoices, newest first, on a phone and a desktop", async () => {
    const admin = b.t.adminToken;
    const homer = { name: 'Homer Pages', email: 'homer.pages@example.com' };
    const { projectId: job } = await portalClientWithProject(b.t, homer);
    for (let i = 1; i <= 14; i++)
      await b.t.call(
        'POST',
        '/api/invoices',
        { projectId: job, amount: 20 + i, description: `Spit camera ${i}` },
        admin,
      );
    for (const viewport of [
      { width: 375, height: 812 },
      { width: 1280, height: 900 },
    ]) {
      const page = await b.newPage(viewport);
      await b.signIn(page, homer.email, CHOSEN_PASSWORD);
      await page.waitForURL(`${b.baseUrl}/client`);
      await page
        .getByRole('navigation', { name: 'Client portal' })
        .getByRole('button', { name: 'Payments' })
        .click();
      const listed = page.getByTestId('client-invoice');
      await page.getByText('Showing 12 of 14 invoices').waitFor();
      expect(await listed.count()).toBe(12);
      expect(await listed.first().textContent()).toContain('$34.00');
      await page.getByRole('button', { name: 'Show More Invoices' }).click();
      await page.getByText('Showing 14 of 14 invoices').waitFor();
      expect(await listed.last().textContent()).toContain('$21.00');
      expect(await page.getByRole('button', { name: 'Show More Invoices' }).count()).toBe(0);
      await expectAccessible(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await page.context().close();
    }
  }, 90_000);
});

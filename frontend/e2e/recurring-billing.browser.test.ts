/// <reference lib="dom" />
import type { TBillingPlan } from '@app/contracts/api/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/test/eventually.ts';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';
import { watchCsp } from './csp.ts';
import { pickFromSearch } from './fields.ts';

describe('recurring billing: the Payments view’s plans (browser)', () => {
  let b: BrowserApp;
  let projectId: number;

  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    const admin = b.t.adminToken;
    const made = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Homer Spit Cafe', email: 'homer.cafe@example.com', userType: 'client', portalAccess: false },
      admin,
    );
    const project = await b.t.call(
      'POST',
      '/api/projects',
      { clientId: made.body.client?.id ?? made.body.id, title: 'Cafe Starlink', type: 'starlink' },
      admin,
    );
    projectId = project.body.id;
  });
  afterAll(async () => b?.close());

  it('an admin makes a plan with New Plan, sees its next billing date, and stops it after confirming', async () => {
    const page = await b.newPage();
    const csp = await watchCsp(page);
    await b.signInAsAdmin(page);
    await page.goto('/admin?view=payments');
    const section = page.getByRole('region', { name: 'Recurring Billing' });
    await section.getByText('No recurring billing plans').waitFor();

    await section.getByRole('button', { name: 'New Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Billing Plan' });
    await dialog.getByRole('button', { name: 'Create Plan' }).click();
    await dialog.getByText('Please select a job/project').waitFor();
    await pickFromSearch(
      dialog.getByRole('combobox', { name: 'Job / Project' }),
      'homer',
      'Cafe Starlink',
      'Homer Spit Cafe',
    );
    await dialog.getByLabel('Service').selectOption('starlink');
    await dialog.getByLabel('Description').fill('Starlink service');
    await dialog.getByLabel('Amount ($)').fill('125.50');
    await dialog.getByLabel('First billing day').fill('2099-01-31');
    await expectAccessible(page, { include: 'dialog[open]' });
    await dialog.getByRole('button', { name: 'Create Plan' }).click();
    await dialog.waitFor({ state: 'detached' });

    const plans = (await b.t.call('GET', '/api/billing-plans', undefined, b.t.adminToken))
      .body as TBillingPlan[];
    expect(plans).toMatchObject([
      {
        projectId,
        service: 'starlink',
        amountCents: 12_550,
        firstBillingDay: '2099-01-31',
        status: 'active',
      },
    ]);
    const row = section.getByRole('listitem').filter({ hasText: 'Starlink service: Starlink service' });
    await row.getByText('Homer Spit Cafe').waitFor();
    await row.getByText('Next billing 2099-01-31').waitFor();
    await expectAccessible(page);

    await row.getByRole('button', { name: 'Stop' }).click();
    const confirm = page.getByRole('dialog', { name: /^Stop / });
    await confirm.getByText('No more invoices will be issued for it.').waitFor();
    await confirm.getByRole('button', { name: 'Stop Plan' }).click();
    await row.getByText('Stopped').waitFor();
    await eventually('the plan stopped', async () => {
      const [plan] = (await b.t.call('GET', '/api/billing-plans', undefined, b.t.adminToken))
        .body as TBillingPlan[];
      return plan?.status === 'stopped' ? plan : null;
    });
    expect(csp.violations()).toEqual([]);
  });
});

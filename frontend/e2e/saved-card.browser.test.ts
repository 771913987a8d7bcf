/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../backend/test/fakes/stripe.ts';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';
import { watchCsp } from './csp.ts';

/**
 * The portal's Automatic Payment section (issue 15.8). Stripe.js cannot load on this machine, so the card form
 * is covered up to where Stripe's script takes over; a card is saved through the API, confirmed at the local
 * fake Stripe as Stripe.js would, and the portal shows it.
 */
async function portalClient(b: BrowserApp, name: string, email: string, password: string) {
  const made = await b.t.call(
    'POST',
    '/api/clients',
    { name, email, userType: 'client', portalAccess: true },
    b.t.adminToken,
  );
  const token = await b.t.activate(made.body.user.email, made.body.temporaryPassword, password);
  return { token, email, password };
}

async function openPayments(b: BrowserApp, client: { email: string; password: string }) {
  const page = await b.newPage();
  const csp = await watchCsp(page);
  await b.signIn(page, client.email, client.password);
  await page.waitForURL(`${b.baseUrl}/client`);
  await page
    .getByRole('navigation', { name: 'Client portal' })
    .getByRole('button', { name: 'Payments' })
    .click();
  return { page, csp, section: page.getByRole('region', { name: 'Automatic Payment' }) };
}

describe('saving a card for automatic payment, without Stripe keys (browser)', () => {
  let b: BrowserApp;
  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
  });
  afterAll(async () => b?.close());

  it('says payment processing is being set up, and offers no card form', async () => {
    const client = await portalClient(b, 'Seldovia Net', 'seldovia.net@example.com', 'seldovia-1');
    const { page, csp, section } = await openPayments(b, client);
    await section.getByText('Payment processing is being set up...').waitFor();
    await section.getByText('No card saved yet.', { exact: false }).waitFor();
    expect(await section.getByRole('button', { name: 'Save a Card' }).count()).toBe(0);
    await expectAccessible(page);
    expect(csp.violations()).toEqual([]);
  });
});

describe('saving a card for automatic payment, with Stripe keys (fake Stripe) (browser)', () => {
  let b: BrowserApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    b = await startBrowserApp({
      workers: false,
      env: {
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: stripe.url,
      },
    });
  });
  afterAll(async () => {
    await b?.close();
    await stripe?.close();
  });

  it('opens the card form up to Stripe.js, then shows the card saved as "Visa •••• 4242" with its expiry to its client only', async () => {
    const client = await portalClient(b, 'Ninilchik Farm', 'ninilchik.farm@example.com', 'ninilchik-1');
    const other = await portalClient(b, 'Anchor Point Inn', 'anchor.point@example.com', 'anchorpt-1');
    const { page, csp, section } = await openPayments(b, client);
    await section.getByText('No card saved yet.', { exact: false }).waitFor();
    await expectAccessible(page);

    // Stripe's script is out of reach here: the form makes the SetupIntent, then says it cannot go on.
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    await section.getByRole('button', { name: 'Save a Card' }).click();
    await section.getByText('Unable to set up the card form.', { exact: false }).waitFor();
    // The form gives up as soon as the script fails, which may be before its SetupIntent reached Stripe.
    await expect
      .poll(() => stripe.calls.filter((c) => c.op === 'setup.create').length, { timeout: 5_000 })
      .toBe(1);
    await section.getByRole('button', { name: 'Close' }).click();

    // What Stripe.js would do: the client confirms a SetupIntent with a card, and the page says so.
    const setup = await b.t.call('POST', '/api/billing/setup-intent', undefined, client.token);
    const setupId = (setup.body.clientSecret as string).split('_secret_')[0]!;
    stripe.confirmSetup(setupId, { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    const saved = await b.t.call('POST', '/api/billing/card-saved', { setupIntentId: setupId }, client.token);
    expect(saved.status).toBe(200);

    await page.reload();
    await page
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: 'Payments' })
      .click();
    const card = section.getByTestId('saved-card');
    await card.getByText('Visa •••• 4242').waitFor();
    await card.getByText('Expires 12/2030').waitFor();
    await section.getByRole('button', { name: 'Replace Card' }).waitFor();
    await expectAccessible(page);
    expect(csp.violations()).toEqual([]);

    // The other client sees no card, in the portal and through the API.
    const theirs = await openPayments(b, other);
    await theirs.section.getByText('No card saved yet.', { exact: false }).waitFor();
    expect(await theirs.section.getByText('4242').count()).toBe(0);
    expect((await b.t.call('GET', '/api/billing/card', undefined, other.token)).body.card).toBeNull();
  });
});

/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Locator, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';

const CLIENT = { name: 'Yuki Chitina', email: 'yuki@example.com' };
const PASSWORD = 'chitina-spruce-1';
/** More than a page (50): the thread opens on the newest 50, and one Show Earlier Messages reaches the start. */
const TOTAL = 70;
const note = (n: number) => `Note ${String(n).padStart(2, '0')}`;

describe('messages: a long conversation pages back with Show Earlier Messages (browser)', () => {
  let b: BrowserApp;
  let clientId: number;

  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    const made = await b.t.call(
      'POST',
      '/api/clients',
      { ...CLIENT, userType: 'client', portalAccess: true },
      b.t.adminToken,
    );
    clientId = made.body.client.id;
    const token = await b.t.activate(made.body.user.email, made.body.temporaryPassword, PASSWORD);
    for (let n = 1; n <= TOTAL; n++) {
      const sent =
        n % 2 === 0
          ? await b.t.call('POST', '/api/messages', { content: note(n), clientId }, b.t.adminToken)
          : await b.t.call('POST', '/api/messages', { content: note(n) }, token);
      expect(sent.status).toBe(201);
    }
  });
  afterAll(async () => b?.close());

  const bubble = (scope: Locator, n: number) =>
    scope.getByTestId('message-bubble').filter({ has: scope.page().getByText(note(n), { exact: true }) });
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;

  /**
   * The thread in `scope` shows the newest page; Show Earlier Messages, from the top of the thread, puts the
   * rest in front with the message that was at the top staying where it was, and goes at the start.
   */
  async function pagesBack(scope: Locator) {
    const bubbles = scope.getByTestId('message-bubble');
    await bubble(scope, TOTAL).waitFor();
    expect(await bubbles.count()).toBe(50);
    expect(await bubbles.first().textContent()).toContain(note(TOTAL - 49));
    const earlier = scope.getByRole('button', { name: 'Show Earlier Messages' });
    await scope.getByTestId('message-thread').evaluate((thread) => {
      thread.scrollTop = 0;
    });
    const anchor = bubble(scope, TOTAL - 49);
    const before = await top(anchor);

    await earlier.click();
    await bubble(scope, 1).waitFor();
    expect(await bubbles.count()).toBe(TOTAL);
    expect(await bubbles.allTextContents()).toEqual(
      Array.from({ length: TOTAL }, (_, i) => expect.stringContaining(note(i + 1))),
    );
    await earlier.waitFor({ state: 'detached' });
    expect(Math.abs((await top(anchor)) - before)).toBeLessThanOrEqual(2);
  }

  const clientOnMessages = async (page: Page) => {
    await b.signIn(page, CLIENT.email, PASSWORD);
    await page.waitForURL(`${b.baseUrl}/client`);
    await page
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: 'Messages' })
      .click();
    return page.getByTestId('chat-card');
  };

  const adminOnConversation = async (page: Page) => {
    await b.signInAsAdmin(page);
    await page.goto('/admin?view=chat');
    await page.getByRole('tab', { name: 'Internal Messages' }).click();
    const internal = page.getByRole('tabpanel', { name: 'Internal Messages' });
    await internal.getByTestId(`conversation-client-${clientId}`).click();
    return internal;
  };

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    it(`at ${viewport.width} px: the portal's Chat with Support and the admin's thread page back to the start`, async () => {
      const client = await b.newPage(viewport);
      await pagesBack(await clientOnMessages(client));
      await client.context().close();

      const admin = await b.newPage(viewport);
      await pagesBack(await adminOnConversation(admin));
      await admin.context().close();
    });
  }

  it('says so when a page cannot load, keeps what is shown, and keeps the earlier pages as messages arrive', async () => {
    const admin = await b.newPage();
    const internal = await adminOnConversation(admin);
    const bubbles = internal.getByTestId('message-bubble');
    await bubble(internal, TOTAL).waitFor();
    const earlier = internal.getByRole('button', { name: 'Show Earlier Messages' });

    // The earlier page is held, then fails: busy meanwhile, then the failure said and the 50 still shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await admin.route(/\/api\/messages\?.*before=/, async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"internal","message":"Server down"}',
      });
    });
    await earlier.click();
    await expect.poll(() => earlier.getAttribute('aria-busy')).toBe('true');
    release();
    await internal.getByRole('alert').filter({ hasText: 'Could not load earlier messages' }).waitFor();
    expect(await earlier.getAttribute('aria-busy')).toBe('false');
    expect(await bubbles.count()).toBe(50);
    await expectAccessible(admin, { include: '[role="tabpanel"]:not([hidden])' });

    // Again, with the server back: the rest comes, the failure goes.
    await admin.unroute(/\/api\/messages\?.*before=/);
    await earlier.click();
    await bubble(internal, 1).waitFor();
    expect(await internal.getByRole('alert').count()).toBe(0);

    // A reply goes in at the bottom; the live update reads the newest page again, and the earlier ones stay.
    const rereads: Response[] = [];
    admin.on('response', (res) => {
      if (/\/api\/messages\?conversationId=/.test(res.url()) && !res.url().includes('before='))
        rereads.push(res);
    });
    const box = internal.getByRole('textbox', { name: 'Message' });
    await box.fill('Reply after paging');
    await box.press('Enter');
    await internal.getByTestId('message-bubble').filter({ hasText: 'Reply after paging' }).waitFor();
    await expect.poll(() => rereads.length, { timeout: 5000 }).toBeGreaterThan(0);
    await rereads.at(-1)!.finished();
    await admin.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await bubbles.count()).toBe(TOTAL + 1);
    expect(await bubbles.first().textContent()).toContain(note(1));
    expect(await bubbles.last().textContent()).toContain('Reply after paging');
    await admin.context().close();
  });
});

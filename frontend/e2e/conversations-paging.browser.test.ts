import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserApp, startBrowserApp } from './browser.ts';

/** More than a page (30): the oldest conversation, Zephyr's, is on the second. */
const OTHERS = 34;
const TOTAL = OTHERS + 1;

describe('messages: the staff conversation list pages and searches on the server (browser)', () => {
  let b: BrowserApp;
  let zephyr: number;

  const clientWithMessage = async (name: string, email: string) => {
    const made = await b.t.call(
      'POST',
      '/api/clients',
      { name, email, userType: 'client', portalAccess: false },
      b.t.adminToken,
    );
    expect(made.status).toBe(201);
    const clientId = made.body.client.id as number;
    const sent = await b.t.call(
      'POST',
      '/api/messages',
      { content: `Hello ${name}`, clientId },
      b.t.adminToken,
    );
    expect(sent.status).toBe(201);
    return clientId;
  };

  beforeAll(async () => {
    b = await startBrowserApp({ workers: false });
    zephyr = await clientWithMessage('Zephyr Lake Lodge', 'zephyr@example.com');
    for (let n = 1; n <= OTHERS; n++) await clientWithMessage(`Paging Client ${n}`, `paging${n}@example.com`);
  });
  afterAll(async () => b?.close());

  const internalMessages = async (page: Page) => {
    await b.signInAsAdmin(page);
    await page.goto('/admin?view=chat');
    await page.getByRole('tab', { name: 'Internal Messages' }).click();
    return page.getByRole('tabpanel', { name: 'Internal Messages' });
  };

  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    it(`at ${viewport.width} px: a page of 30, Show More for the rest, a search finds a conversation to open`, async () => {
      const page = await b.newPage(viewport);
      const internal = await internalMessages(page);
      const rows = internal.getByRole('list', { name: 'Conversations' }).getByRole('listitem');
      await internal.getByText(`Showing 30 of ${TOTAL} conversations`).waitFor();
      expect(await rows.count()).toBe(30);
      expect(await internal.getByRole('heading', { name: `Conversations (${TOTAL})` }).count()).toBe(1);
      const zephyrRow = internal.getByTestId(`conversation-client-${zephyr}`);
      expect(await zephyrRow.count()).toBe(0);

      await internal.getByRole('button', { name: 'Show More' }).click();
      await internal.getByText(`Showing ${TOTAL} of ${TOTAL} conversations`).waitFor();
      expect(await rows.count()).toBe(TOTAL);
      expect(await zephyrRow.count()).toBe(1);
      expect(await internal.getByRole('button', { name: 'Show More' }).count()).toBe(0);

      const search = internal.getByRole('searchbox', { name: 'Search conversations' });
      await search.fill('zephyr lodge');
      await internal.getByText('Showing 1 of 1 conversation').waitFor();
      expect(await rows.count()).toBe(1);
      await zephyrRow.click();
      await internal.getByTestId('message-bubble').filter({ hasText: 'Hello Zephyr Lake Lodge' }).waitFor();

      await search.fill('nobody by this name');
      await internal.getByText('No conversations match the search.').waitFor();
      // The open thread stays while the search changes.
      expect(await internal.getByTestId('message-bubble').count()).toBe(1);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await page.context().close();
    });
  }
});

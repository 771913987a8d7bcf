/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/test/eventually.ts';
import { type BrowserApp, expectAccessible, startBrowserApp, toastText } from './browser.ts';
import { pickFromSearch } from './fields.ts';

const CLIENT = { name: 'Wren Talkeetna', email: 'wren@example.com' };
const PASSWORD = 'talkeetna-birch-1';

const status = (page: Page) => page.getByTestId('connection-status');
const waitForText = async (page: Page, testId: string, text: string, timeout = 5000) =>
  expect
    .poll(async () => (await page.getByTestId(testId).first().textContent()) ?? '', { timeout, interval: 50 })
    .toContain(text);

describe('messages: an admin and a client chat live (browser)', () => {
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
    await b.t.activate(made.body.user.email, made.body.temporaryPassword, PASSWORD);
  });
  afterAll(async () => b?.close());

  /** The client, signed in, on the portal's Messages view. */
  const clientOnMessages = async (page: Page) => {
    await b.signIn(page, CLIENT.email, PASSWORD);
    await page.waitForURL(`${b.baseUrl}/client`);
    await page
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: 'Messages' })
      .click();
    await page.getByRole('heading', { name: 'Chat with Support' }).waitFor();
  };

  it('messages, typing, read receipts, the unread badge and the toast flow both ways without a reload', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    const adminSockets: string[] = [];
    admin.on('websocket', (socket) => adminSockets.push(socket.url()));
    await admin.goto('/admin?view=chat');
    // Internal Messages: the client's conversation is not open there, so its messages count as unread.
    await admin.getByRole('tab', { name: 'Internal Messages' }).click();
    const internal = admin.getByRole('tabpanel', { name: 'Internal Messages' });
    await internal.getByText('No conversations yet').waitFor();

    const client = await b.newPage();
    await clientOnMessages(client);
    await client.getByText('No messages yet. Start a conversation!').waitFor();
    await waitForText(client, 'connection-status', 'Connected');
    await waitForText(admin, 'connection-status', 'Connected');
    // One socket carries the admin's live updates and messaging.
    expect(adminSockets).toHaveLength(1);
    expect(
      await client.getByTestId('chat-card').evaluate((card) => card.getBoundingClientRect().height),
    ).toBe(600);

    // Send is disabled while the box is empty; over 5,000 characters the limit shows before sending.
    const clientBox = client.getByRole('textbox', { name: 'Message' });
    const clientSend = client.getByRole('button', { name: 'Send' });
    expect(await clientSend.isDisabled()).toBe(true);
    await clientBox.fill('x'.repeat(5001));
    await client.getByText('Message is too long (at most 5,000 characters).').waitFor();
    expect(await clientSend.isDisabled()).toBe(true);
    await clientBox.fill('');

    // A send that fails says so and puts the text back, to send again.
    await client.route('**/api/messages', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server down"}' })
        : route.continue(),
    );
    await clientBox.fill('Lost on the way?');
    await clientBox.press('Enter');
    await waitForText(client, 'toast', 'Failed to send message');
    await eventually('the text put back', async () => (await clientBox.inputValue()) === 'Lost on the way?');
    await client.unroute('**/api/messages');
    await clientBox.fill('');

    // The client writes twice: the admin's list rises to 2 unread, with a toast for each.
    await clientBox.pressSequentially('Hello, is anyone there?');
    await clientBox.press('Enter');
    await client.getByTestId('message-bubble').filter({ hasText: 'Hello, is anyone there?' }).waitFor();
    expect(await clientBox.inputValue()).toBe('');
    await waitForText(client, 'delivery', 'Delivered');
    const conversation = admin.getByTestId(`conversation-client-${clientId}`);
    await conversation.waitFor();
    await waitForText(admin, 'unread-badge', '1');
    expect(await toastText(admin)).toContain('New message from Wren Talkeetna');
    await clientBox.fill('Second line');
    await clientBox.press('Shift+Enter');
    await clientBox.pressSequentially('of the same message');
    expect(await clientBox.inputValue()).toBe('Second line\nof the same message');
    await clientSend.click();
    await waitForText(admin, 'unread-badge', '2');
    expect(await conversation.textContent()).toContain('2 messages');
    expect(await client.getByTestId('delivery').allTextContents()).toEqual(['Delivered', 'Delivered']);

    // The admin opens it: the badge goes, and the client's bubbles turn Read on the client's page.
    await conversation.click();
    await internal.getByTestId('message-bubble').filter({ hasText: 'Hello, is anyone there?' }).waitFor();
    await expect.poll(() => admin.getByTestId('unread-badge').count(), { timeout: 5000 }).toBe(0);
    await expect
      .poll(() => client.getByTestId('delivery').allTextContents(), { timeout: 5000, interval: 50 })
      .toEqual(['Read', 'Read']);

    // The admin types: the client sees it; it goes after a second without a keystroke.
    const adminBox = internal.getByRole('textbox', { name: 'Message' });
    await adminBox.pressSequentially('We are here');
    await client.getByTestId('typing-indicator').waitFor({ timeout: 5000 });
    await client.getByTestId('typing-indicator').waitFor({ state: 'detached', timeout: 5000 });
    // The admin sends; the client, with the conversation open, reads it at once: the admin's bubble says Read.
    await adminBox.press('Enter');
    await client.getByTestId('message-bubble').filter({ hasText: 'We are here' }).waitFor();
    const adminBubble = internal.getByTestId('message-bubble').filter({ hasText: 'We are here' });
    await expect
      .poll(async () => (await adminBubble.getByTestId('delivery').textContent()) ?? '', { timeout: 5000 })
      .toBe('Read');

    // The client types: the admin sees it in the open thread.
    await clientBox.pressSequentially('One more');
    await internal.getByTestId('typing-indicator').waitFor({ timeout: 5000 });
    await clientBox.fill('');

    // Away from Messages, the client gets the toast: 4 s, the first 100 characters.
    await client
      .getByRole('navigation', { name: 'Client portal' })
      .getByRole('button', { name: 'Dashboard' })
      .click();
    const long = `${'Your installation is booked for Tuesday morning. '.repeat(3)}The end.`;
    await adminBox.fill(long);
    await adminBox.press('Enter');
    await waitForText(client, 'toast', long.slice(0, 100));
    expect(await toastText(client)).not.toContain(long.slice(0, 101));
    const shownAt = Date.now();
    await client.getByTestId('toast').waitFor({ state: 'detached', timeout: 6000 });
    expect(Date.now() - shownAt).toBeLessThan(4500);

    // The admin's Chat with Support tab shows the same conversation, the client picked.
    await admin.getByRole('tab', { name: 'Chat with Support' }).click();
    const picker = admin.getByRole('combobox', { name: 'Client' });
    expect(await picker.inputValue()).toBe(String(clientId));
    await admin.getByRole('tabpanel', { name: 'Chat with Support' }).getByText('We are here').waitFor();
    await expectAccessible(admin, { include: '[role="tabpanel"]:not([hidden])' });

    // Each client's Chat button in the Clients view opens Chat with Support with that client picked.
    const other = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Aaron Abbott', email: 'aaron@example.com', userType: 'client' },
      b.t.adminToken,
    );
    expect(other.status).toBe(201);
    for (const [name, id] of [
      ['Aaron Abbott', other.body.client.id],
      [CLIENT.name, clientId],
    ] as const) {
      await admin.goto('/admin?view=clients');
      await admin.getByRole('article', { name }).getByRole('link', { name: 'Chat' }).click();
      await admin.waitForURL(new RegExp(`view=chat.*clientId=${id}|clientId=${id}.*view=chat`));
      await eventually(`the chat to pick ${name}`, async () => (await picker.inputValue()) === String(id));
    }
    await admin.getByRole('tabpanel', { name: 'Chat with Support' }).getByText('We are here').waitFor();
    await expectAccessible(client);
    await admin.context().close();
    await client.context().close();
    // A long walk through both screens (about 22 s alone): room for a loaded machine.
  }, 60_000);

  it('New Message writes to a client; Disconnected shows when the socket is cut and messages still arrive by polling', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=chat');
    await admin.getByRole('tab', { name: 'Internal Messages' }).click();
    const internal = admin.getByRole('tabpanel', { name: 'Internal Messages' });
    await internal.getByRole('button', { name: 'New Message' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New Message' });
    const send = dialog.getByRole('button', { name: 'Send' });
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Your camera survey is ready');
    expect(await send.isDisabled()).toBe(true);
    const to = dialog.getByRole('group', { name: 'To' });
    expect(
      await to.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.parentElement?.textContent)),
    ).toEqual(['Clients', 'Team Members']);
    // The only admin is oneself: no team member to write to.
    await to.getByRole('radio', { name: 'Team Members' }).check();
    await to.getByText('No other team members to write to.').waitFor();
    expect(await send.isDisabled()).toBe(true);
    // A client is found by typing (there may be thousands), told apart from namesakes by the e-mail.
    await to.getByRole('radio', { name: 'Clients' }).check();
    await pickFromSearch(to.getByRole('combobox', { name: 'Client' }), 'Wren', CLIENT.name, CLIENT.email);
    await send.click();
    await dialog.waitFor({ state: 'hidden' });
    await internal.getByTestId('message-thread').getByText('Your camera survey is ready').waitFor();

    // The client's socket goes through a route that can cut it; new tickets are then refused.
    const client = await b.newPage();
    const sockets: WebSocketRoute[] = [];
    await client.routeWebSocket('**/ws*', (ws) => {
      sockets.push(ws);
      ws.connectToServer();
    });
    await clientOnMessages(client);
    await client.getByText('Your camera survey is ready').waitFor();
    await waitForText(client, 'connection-status', 'Connected');
    await client.route('**/api/auth/ws-ticket', (route) => route.abort());
    for (const ws of sockets) await ws.close({ code: 1001, reason: 'cut by the test' });
    await waitForText(client, 'connection-status', 'Disconnected');

    // A message sent meanwhile still arrives, by the 5 s polling.
    const adminBox = internal.getByRole('textbox', { name: 'Message' });
    await adminBox.fill('Sent while you were offline');
    await adminBox.press('Enter');
    const sentAt = Date.now();
    await client.getByText('Sent while you were offline').waitFor({ timeout: 8000 });
    expect(Date.now() - sentAt).toBeLessThan(7000);
    expect(await status(client).textContent()).toContain('Disconnected');

    // A client's reply reaches the admin too (the admin's socket is fine).
    await client.getByRole('textbox', { name: 'Message' }).fill('Got it, thanks');
    await client.getByRole('button', { name: 'Send' }).click();
    await internal.getByTestId('message-thread').getByText('Got it, thanks').waitFor({ timeout: 5000 });
    await admin.context().close();
    await client.context().close();
  });
});

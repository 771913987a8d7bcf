/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullRound } from '../../backend/src/calendar-sync/pull.ts';
import { eventually } from '../../backend/test/eventually.ts';
import { type FakeGoogle, startFakeGoogle } from '../../backend/test/fakes/google-calendar.ts';
import { addDays, localToUtc } from '../../contracts/src/calendar/time-zone.ts';
import { businessToday, longDay } from '../src/features/calendar/calendar-days.ts';
import { formatDay } from '../src/lib/format.ts';
import { type BrowserApp, expectAccessible, startBrowserApp, toastText } from './browser.ts';

const CLIENT = { name: 'Ivy Kenai', email: 'ivy@example.com' };
const PASSWORD = 'kenai-river-1';

describe('calendar settings, the OAuth return, the client Schedule view and the job dates dialog (browser)', () => {
  let b: BrowserApp;
  let clientId: number;
  let projectId: number;
  beforeAll(async () => {
    // No GOOGLE_CLIENT_ID/SECRET: the server is not set up for Google, as on a fresh install.
    b = await startBrowserApp({ workers: false });
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { ...CLIENT, userType: 'client', portalAccess: true },
      b.t.adminToken,
    );
    expect(entry.status).toBe(201);
    clientId = entry.body.client.id;
    await b.t.activate(CLIENT.email, entry.body.temporaryPassword, PASSWORD);
    const project = await b.t.call(
      'POST',
      '/api/projects',
      { clientId, title: 'Kenai dish', type: 'starlink' },
      b.t.adminToken,
    );
    expect(project.status).toBe(201);
    projectId = project.body.id;
  });
  afterAll(async () => {
    await b?.close();
  });
  /** A feed address on this test's server. */
  const local = (url: string) => `${b.baseUrl}${new URL(url).pathname}`;

  it('the admin sees Google not set up, the feed address for Outlook, and saved settings stay after a reload', async () => {
    const admin = await b.newPage();
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: b.baseUrl });
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=schedule');
    await admin.getByRole('button', { name: 'Calendar Settings' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Calendar Integration Settings' });

    const google = dialog.getByTestId('provider-google');
    await google.getByText('Not Connected').waitFor();
    await google.getByText(/not set up on this server/).waitFor();
    expect(await google.getByRole('button', { name: 'Connect Google Calendar' }).count()).toBe(0);
    expect(await dialog.getByTestId('provider-outlook').getByText('Not Connected').count()).toBe(1);
    expect(await dialog.getByTestId('provider-teams').getByText('Not Connected').count()).toBe(1);
    // Not connected: no sync switch, direction or default calendar for Google.
    expect(await dialog.getByRole('switch', { name: 'Enable Sync' }).count()).toBe(0);

    // Outlook and Teams: Connect is 'Coming Soon'; the private calendar address is their working path.
    const feed = dialog.getByTestId('feed-url');
    await feed.waitFor();
    const feedUrl = (await feed.textContent()) ?? '';
    // The address is the server's PUBLIC_URL's (not this test's port): fetch its path here.
    expect(new URL(feedUrl).pathname).toMatch(/^\/api\/calendar\/feed\/[^/]+\.ics$/);
    const ics = await fetch(local(feedUrl));
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');
    await dialog.getByRole('button', { name: 'Connect Outlook Calendar' }).click();
    expect(await toastText(admin)).toContain('Coming Soon');
    await dialog.getByRole('button', { name: 'Copy your calendar address' }).click();
    await dialog.getByTestId('toast').filter({ hasText: 'Copied to clipboard' }).waitFor();
    expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
    await expectAccessible(admin);

    // A new address: asked first; the old one stops working.
    admin.once('dialog', (confirm) => void confirm.accept());
    await dialog.getByRole('button', { name: 'Get a new address' }).click();
    await admin.waitForFunction(
      (old) => document.querySelector('[data-testid="feed-url"]')?.textContent !== old,
      feedUrl,
    );
    const newUrl = (await feed.textContent()) ?? '';
    expect(newUrl).not.toBe(feedUrl);
    expect((await fetch(local(feedUrl))).status).toBe(404);
    expect((await fetch(local(newUrl))).status).toBe(200);

    // The setup guide: the redirect address of this site, four steps, I've Completed Setup.
    await google.getByRole('button', { name: 'Open Setup Guide' }).click();
    const guide = admin.getByRole('dialog', { name: 'Google Calendar Setup Guide' });
    expect(await guide.getByTestId('redirect-address').textContent()).toBe(
      `${b.baseUrl}/api/auth/google/callback`,
    );
    expect(await guide.getByTestId('calendar-scope').textContent()).toBe(
      'https://www.googleapis.com/auth/calendar',
    );
    await guide
      .getByText(/invalid_request/)
      .first()
      .waitFor();
    for (let step = 1; step < 4; step++) await guide.getByRole('button', { name: 'Continue' }).click();
    expect(await guide.locator('[aria-current="step"]').textContent()).toContain(
      'Step 4: Test the connection',
    );
    await expectAccessible(admin);
    await guide.getByRole('button', { name: "I've Completed Setup" }).click();
    await guide.waitFor({ state: 'hidden' });
    expect(await toastText(admin)).toContain('Setup Guide Complete');

    // Global Sync Settings, saved on the server.
    await dialog.getByLabel('Auto-sync Frequency').selectOption('240');
    await dialog.getByLabel('Conflict Resolution').selectOption('manual');
    const notifications = dialog.getByRole('switch', { name: 'Notification Preferences' });
    expect(await notifications.getAttribute('aria-checked')).toBe('true');
    await notifications.click();
    // A failed save keeps the dialog and every choice, and says why.
    await admin.route('**/api/calendar/settings', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"message":"Try again in a moment"}',
          })
        : route.fallback(),
    );
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await dialog.getByTestId('save-problem').filter({ hasText: 'Try again in a moment' }).waitFor();
    expect(await dialog.getByLabel('Auto-sync Frequency').inputValue()).toBe('240');
    expect(await notifications.getAttribute('aria-checked')).toBe('false');
    await admin.unroute('**/api/calendar/settings');
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await toastText(admin)).toContain('Settings saved');
    const saved = await b.t.call('GET', '/api/calendar/settings', undefined, b.t.adminToken);
    expect(saved.body).toMatchObject({
      autoSyncFrequency: 240,
      conflictResolution: 'manual',
      notifications: false,
    });

    await admin.reload();
    await admin.getByRole('button', { name: 'Calendar Settings' }).click();
    expect(await dialog.getByLabel('Auto-sync Frequency').inputValue()).toBe('240');
    expect(await dialog.getByLabel('Conflict Resolution').inputValue()).toBe('manual');
    expect(
      await dialog.getByRole('switch', { name: 'Notification Preferences' }).getAttribute('aria-checked'),
    ).toBe('false');
    // Cancel keeps nothing of what was changed.
    await dialog.getByLabel('Auto-sync Frequency').selectOption('15');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await admin.getByRole('button', { name: 'Calendar Settings' }).click();
    expect(await dialog.getByLabel('Auto-sync Frequency').inputValue()).toBe('240');
    await admin.context().close();
  }, 120_000);

  it('?calendar=error and ?calendar=connected are told once, then taken off the address', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=schedule&calendar=error');
    await admin.getByTestId('toast').filter({ hasText: 'Connection Failed' }).waitFor();
    expect(await toastText(admin)).toContain('Failed to connect to Google Calendar. Please try again.');
    await admin.waitForURL((url) => !url.searchParams.has('calendar'));
    expect(new URL(admin.url()).searchParams.get('view')).toBe('schedule');
    await expectAccessible(admin);

    await admin.goto('/admin?calendar=connected');
    await admin.getByTestId('toast').filter({ hasText: 'Calendar Connected' }).waitFor();
    await admin.waitForURL((url) => !url.searchParams.has('calendar'));
    await admin.context().close();
  }, 60_000);

  it("the client's Schedule view lists what the admin made, with Add to calendar and their own address", async () => {
    const client = await b.newPage();
    await b.signIn(client, CLIENT.email, PASSWORD);
    await client.waitForURL(`${b.baseUrl}/client`);
    const nav = client.getByRole('navigation', { name: 'Client portal' });
    await nav.getByRole('button', { name: 'Schedule' }).click();
    await client.getByText('No appointments scheduled').waitFor();
    await client.getByText('Subscribe in your calendar app').waitFor();
    const feedUrl = (await client.getByTestId('feed-url').textContent()) ?? '';
    expect(feedUrl).toContain('/api/calendar/feed/');
    await expectAccessible(client);

    const tomorrow = addDays(businessToday(), 1);
    const made = await b.t.call(
      'POST',
      '/api/appointments',
      {
        clientId,
        title: 'Dish survey',
        scheduledDate: tomorrow,
        startTime: '10:00',
        endTime: '11:30',
        location: '12 Kenai Spur Hwy',
        type: 'consultation',
      },
      b.t.adminToken,
    );
    expect([201, 202]).toContain(made.status);

    await client.reload();
    await nav.getByRole('button', { name: 'Schedule' }).click();
    const row = client.getByTestId('schedule-event').filter({ hasText: 'Dish survey' });
    await row.waitFor();
    expect(await row.textContent()).toContain('10:00 AM – 11:30 AM');
    expect(await row.textContent()).toContain('12 Kenai Spur Hwy');
    expect(await row.textContent()).toContain('Scheduled');
    await client.getByRole('heading', { name: 'Tomorrow' }).waitFor();
    const [download] = await Promise.all([
      client.waitForEvent('download'),
      row.getByRole('button', { name: 'Add Dish survey to calendar' }).click(),
    ]);
    const file = await download.createReadStream();
    let text = '';
    for await (const chunk of file) text += String(chunk);
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain('SUMMARY:Dish survey');
    // The subscription carries it too, read without signing in.
    expect(await (await fetch(local(feedUrl))).text()).toContain('SUMMARY:Dish survey');
    await expectAccessible(client);

    // A phone 320 px wide: the list and the long calendar address wrap instead of scrolling sideways.
    await client.setViewportSize({ width: 320, height: 800 });
    await row.waitFor();
    expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await client.setViewportSize({ width: 1280, height: 900 });

    // The Next Appointment card names it.
    await nav.getByRole('button', { name: 'Dashboard' }).click();
    await client.getByText(formatDay(tomorrow)).waitFor();
    await client.getByText('Dish survey').waitFor();
    await client.context().close();
  }, 90_000);

  it('the job page schedules dates with the spec checks, then syncs them to the calendar', async () => {
    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto(`/admin/job/${projectId}`);
    await admin.getByRole('button', { name: 'Schedule Dates' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Schedule Dates' });
    const today = businessToday();
    expect(await dialog.getByLabel('Start Date').getAttribute('min')).toBe(today);

    await dialog.getByRole('button', { name: 'Save Dates' }).click();
    await dialog.getByText('Please select both start and end dates').first().waitFor();
    expect(await dialog.getByLabel('Start Date').getAttribute('aria-invalid')).toBe('true');

    const start = addDays(today, 5);
    const end = addDays(today, 8);
    await dialog.getByLabel('Start Date').fill(end);
    await dialog.getByLabel('End Date').fill(start);
    await dialog.getByRole('button', { name: 'Save Dates' }).click();
    await dialog.getByText('Start date must be before end date').waitFor();
    await expectAccessible(admin);
    // Nothing was saved.
    expect(
      (await b.t.call('GET', `/api/projects/${projectId}`, undefined, b.t.adminToken)).body.jobStartDate,
    ).toBe(null);

    await dialog.getByLabel('Start Date').fill(start);
    await dialog.getByLabel('End Date').fill(end);
    await dialog.getByRole('button', { name: 'Save Dates' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await toastText(admin)).toContain('Dates Scheduled');
    expect(await admin.getByTestId('job-start').textContent()).toBe(formatDay(start));
    expect(await admin.getByTestId('job-end').textContent()).toBe(formatDay(end));
    const saved = (await b.t.call('GET', `/api/projects/${projectId}`, undefined, b.t.adminToken)).body;
    expect([saved.jobStartDate, saved.jobEndDate]).toEqual([start, end]);

    await admin.setViewportSize({ width: 320, height: 800 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.getByRole('button', { name: 'Sync to Calendar' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Calendar Synced' }).waitFor();
    expect(await toastText(admin)).toContain('Project dates have been added to your calendar');
    await admin.context().close();
  }, 60_000);
});

describe('calendar settings with Google connected through a local fake of Google (browser)', () => {
  let b: BrowserApp;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    b = await startBrowserApp({ workers: false, env: google.env });
  });
  afterAll(async () => {
    await b?.close();
    await google?.close();
  });

  it('Connect comes back Connected; sync switch, direction and default calendar are saved; Disconnect revokes', async () => {
    const admin = await b.newPage();
    // Google sends the browser to the registered redirect address (PUBLIC_URL's, not this test's port):
    // it is forwarded here, as a proxy in front of the app would.
    await admin.context().route('http://localhost:3000/**', (route) => {
      const url = new URL(route.request().url());
      return route.fulfill({
        status: 302,
        headers: { location: `${b.baseUrl}${url.pathname}${url.search}` },
      });
    });
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=schedule');
    await admin.getByRole('button', { name: 'Calendar Settings' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Calendar Integration Settings' });
    const card = dialog.getByTestId('provider-google');
    await card.getByText('Not Connected').waitFor();
    await card.getByRole('button', { name: 'Connect Google Calendar' }).click();

    await admin.getByTestId('toast').filter({ hasText: 'Calendar Connected' }).waitFor();
    await admin.waitForURL((url) => !url.searchParams.has('calendar'));
    expect(google.callsOf('oauth.auth')[0]?.query.scope).toBe('https://www.googleapis.com/auth/calendar');

    await admin.getByRole('button', { name: 'Calendar Settings' }).click();
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText(`Connected as ${google.email}`).waitFor();
    const enable = card.getByRole('switch', { name: 'Enable Sync' });
    const direction = card.getByLabel('Sync Direction');
    // Connecting turns sync on (the server's choice), two-way by default.
    expect(await enable.getAttribute('aria-checked')).toBe('true');
    expect(await direction.inputValue()).toBe('both');
    expect(await card.getByLabel('Default Calendar').getAttribute('placeholder')).toBe('Primary');
    // Off: the direction is disabled and the default calendar hidden.
    await enable.click();
    expect(await enable.getAttribute('aria-checked')).toBe('false');
    expect(await direction.isDisabled()).toBe(true);
    expect(await card.getByLabel('Default Calendar').count()).toBe(0);
    await enable.click();
    expect(await direction.isDisabled()).toBe(false);
    await direction.selectOption({ label: 'Export Only' });
    await card.getByLabel('Default Calendar').fill('  installs@example.com ');
    await expectAccessible(admin);
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await toastText(admin)).toContain('Settings saved');
    const saved = await b.t.call('GET', '/api/calendar/settings', undefined, b.t.adminToken);
    expect(saved.body.connections.find((c: { type: string }) => c.type === 'google')).toEqual({
      type: 'google',
      enabled: true,
      syncDirection: 'export',
      defaultCalendar: 'installs@example.com',
    });

    await admin.reload();
    await admin.getByRole('button', { name: 'Calendar Settings' }).click();
    expect(await card.getByRole('switch', { name: 'Enable Sync' }).getAttribute('aria-checked')).toBe('true');
    expect(await card.getByLabel('Sync Direction').inputValue()).toBe('export');
    expect(await card.getByLabel('Default Calendar').inputValue()).toBe('installs@example.com');

    // Two-way sync brings the admin's own Google events in: a busy time on the day they are on.
    const twoWay = saved.body.connections.map((c: { type: string }) =>
      c.type === 'google' ? { ...c, syncDirection: 'both' } : c,
    );
    const put = await b.t.call(
      'PUT',
      '/api/calendar/settings',
      { ...saved.body, connections: twoWay },
      b.t.adminToken,
    );
    expect(put.status).toBe(200);
    const today = businessToday();
    google.create(
      {
        id: 'dentist0001',
        summary: 'Dentist',
        start: { dateTime: localToUtc(today, '10:00').toISOString() },
        end: { dateTime: localToUtc(today, '11:00').toISOString() },
      },
      'installs@example.com',
    );
    expect(await pullRound(b.t.deps, { warn: () => undefined })).toEqual({ locked: true, pulled: 1 });
    const busy = admin.getByRole('list', { name: 'Busy in Google Calendar' });
    await eventually('the busy time shown', async () => {
      await admin.goto('/admin?view=schedule');
      await admin.getByRole('button', { name: new RegExp(`^${longDay(today)}`) }).click();
      return (await busy.count()) > 0;
    });
    expect(await busy.textContent()).toBe('Dentist 10:00 AM – 11:00 AM');
    await expectAccessible(admin);
    await admin.getByRole('button', { name: 'Calendar Settings' }).click();

    // Disconnect asks first; a dismissed question changes nothing.
    admin.once('dialog', (question) => void question.dismiss());
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await card.getByText('Connected', { exact: true }).waitFor();
    admin.once('dialog', (question) => void question.accept());
    await card.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByTestId('toast').filter({ hasText: 'Calendar disconnected' }).waitFor();
    await card.getByText('Not Connected').waitFor();
    expect(google.revoked).toHaveLength(1);
    const status = await b.t.call('GET', '/api/calendar/status', undefined, b.t.adminToken);
    expect(status.body.connected).toBe(false);
    await admin.context().close();
  }, 120_000);
});

/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/test/eventually.ts';
import { addDays } from '../../contracts/src/calendar/time-zone.ts';
import { businessToday, longDay } from '../src/features/calendar/calendar-days.ts';
import { formatDay } from '../src/lib/format.ts';
import { type BrowserApp, expectAccessible, startBrowserApp } from './browser.ts';
import { pickFromSearch } from './fields.ts';

const CLIENT = { name: 'Nora Denali', email: 'nora@example.com' };
const PASSWORD = 'denali-peak-1';
const PROJECT = 'Denali lodge cameras';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A day of the month calendar: its button is named by the date first (then today, range, events). */
const dayButton = (page: Page, day: string) =>
  page.getByRole('button', { name: new RegExp(`^${escapeRegExp(longDay(day))}`) });

/** Steps the month forward until `day` is shown (it may be a few days into the next month). */
async function showDay(page: Page, day: string) {
  for (let i = 0; i < 3 && (await dayButton(page, day).count()) === 0; i++) {
    await page.getByRole('button', { name: /Next month/ }).click();
  }
  await dayButton(page, day).waitFor();
}

describe('calendar: the admin schedules a job and a project by clicking days; the client sees it (browser)', () => {
  let b: BrowserApp;
  beforeAll(async () => {
    b = await startBrowserApp();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('Schedule New Job and Schedule Project mode land on the calendar, the dashboard and the portal', async () => {
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: CLIENT.name, email: CLIENT.email, userType: 'client', portalAccess: true },
      b.t.adminToken,
    );
    expect(entry.status).toBe(201);
    await b.t.activate(CLIENT.email, entry.body.temporaryPassword, PASSWORD);
    const created = await b.t.call(
      'POST',
      '/api/projects',
      { clientId: entry.body.client.id, title: PROJECT, type: 'security_cameras' },
      b.t.adminToken,
    );
    expect(created.status).toBe(201);
    const projectId = created.body.id as number;

    // Days in Anchorage, whatever the machine's zone.
    const today = businessToday();
    const jobDay = addDays(today, 1);
    const start = addDays(today, 3);
    const between = addDays(today, 4);
    const end = addDays(today, 5);
    const elsewhere = addDays(today, 6);

    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=schedule');
    await admin.getByRole('heading', { name: 'Project Calendar' }).waitFor();
    const panel = admin.getByRole('complementary', { name: 'Schedule panel' });
    await panel.getByText('No upcoming events this week').waitFor();
    // Today is marked: its button says so and is the current date.
    const todayButton = dayButton(admin, today);
    expect(await todayButton.getAttribute('aria-label')).toContain(`${longDay(today)}, today`);
    expect(await todayButton.getAttribute('aria-current')).toBe('date');
    await expectAccessible(admin);
    // Arrow keys move between days, into the next month when needed, and back.
    await todayButton.focus();
    await admin.keyboard.press('ArrowDown');
    const focusedDay = () => admin.evaluate(() => document.activeElement?.getAttribute('data-day'));
    await eventually('the focus a week on', async () => (await focusedDay()) === addDays(today, 7));
    await admin.keyboard.press('ArrowUp');
    await eventually('the focus back on today', async () => (await focusedDay()) === today);

    // Calendar Settings opens the integration dialog.
    await admin.getByRole('button', { name: 'Calendar Settings' }).click();
    const settings = admin.getByRole('dialog', { name: 'Calendar Integration Settings' });
    await settings.waitFor();
    await admin.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });

    // Schedule New Job: disabled without a title and a client; defaults 09:00 to 10:00, type appointment.
    await panel.getByRole('button', { name: 'Schedule Job' }).click();
    const job = admin.getByRole('dialog', { name: 'Schedule New Job' });
    const submit = job.getByRole('button', { name: 'Schedule Job' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await job.getByLabel('Start Time').inputValue()).toBe('09:00');
    expect(await job.getByLabel('End Time').inputValue()).toBe('10:00');
    expect(await job.getByLabel('Job Type').inputValue()).toBe('appointment');
    await job.getByLabel('Title').fill('   ');
    await pickFromSearch(
      job.getByRole('combobox', { name: 'Client' }),
      CLIENT.email,
      CLIENT.name,
      CLIENT.email,
    );
    expect(await submit.isDisabled()).toBe(true);
    await job.getByLabel('Title').fill('Dish install');
    await job.getByLabel('Job Type').selectOption('starlink');
    await job.getByLabel('Date').fill(jobDay);
    // Under 30 minutes: said under the field, and refused on submit.
    await job.getByLabel('End Time').fill('09:15');
    await job.getByText('An event must last at least 30 minutes').waitFor();
    await submit.click();
    await admin.getByTestId('toast').filter({ hasText: 'Validation Error' }).waitFor();
    await job.getByLabel('End Time').fill('11:00');
    await job.getByLabel('Notes').fill('Bring the long ladder.');
    await expectAccessible(admin);
    // A refused create: 'Error' with the server's reason, the dialog stays open. Creates carry an Idempotency-Key.
    let key: string | undefined;
    await admin.route('**/api/appointments', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      key = route.request().headers()['idempotency-key'];
      return route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The calendar is closed for maintenance' }),
      });
    });
    await submit.click();
    const refused = admin.getByTestId('toast').filter({ hasText: 'The calendar is closed for maintenance' });
    await refused.waitFor();
    expect(await refused.textContent()).toMatch(/^Error/);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    await admin.unroute('**/api/appointments');
    await submit.click();
    await admin.getByTestId('toast').filter({ hasText: 'Event created successfully' }).waitFor();
    await job.waitFor({ state: 'hidden' });

    // On the calendar (the day's button names it) and in this week's list, as Tomorrow 9 to 11.
    await showDay(admin, jobDay);
    await eventuallyNamed(dayButton(admin, jobDay), 'Dish install');
    const card = panel.getByTestId('event-card').filter({ hasText: 'Dish install' });
    await card.waitFor();
    expect(await card.getByTestId('event-when').textContent()).toBe('Tomorrow · 9:00 AM – 11:00 AM');
    expect(await card.getByTestId('event-status').textContent()).toBe('Scheduled');
    expect(await card.textContent()).toContain(CLIENT.name);
    const [appointment] = (await b.t.call('GET', '/api/appointments', undefined, b.t.adminToken)).body;
    expect(appointment).toMatchObject({
      title: 'Dish install',
      scheduledDate: jobDay,
      startTime: '09:00',
      endTime: '11:00',
      type: 'starlink',
      description: 'Bring the long ladder.',
    });

    // Edit Event: a blank title is refused; a new title and status are saved.
    await card.getByRole('button', { name: 'Edit Dish install' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Event' });
    expect(await edit.getByLabel('End Time').inputValue()).toBe('11:00');
    await edit.getByLabel('Title').fill(' ');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Please enter an event title' }).waitFor();
    await edit.getByLabel('Title').fill('Dish install and aim');
    await edit.getByLabel('Status').selectOption('confirmed');
    await expectAccessible(admin);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await admin.getByTestId('toast').filter({ hasText: 'Event updated successfully' }).waitFor();
    await edit.waitFor({ state: 'hidden' });
    const renamed = panel.getByTestId('event-card').filter({ hasText: 'Dish install and aim' });
    await renamed.getByTestId('event-status').filter({ hasText: 'Confirmed' }).waitFor();

    // Schedule Project mode: Confirm waits for a project and both days.
    await panel.getByRole('button', { name: 'Schedule Project' }).click();
    const confirm = panel.getByRole('button', { name: 'Confirm Schedule' });
    expect(await confirm.isDisabled()).toBe(true);
    await pickFromSearch(panel.getByRole('combobox', { name: 'Project' }), PROJECT, PROJECT, CLIENT.name);
    expect(await confirm.isDisabled()).toBe(true);

    // First click the start (green, pressed), second the end (red, pressed), the days between grey.
    await showDay(admin, start);
    await dayButton(admin, start).click();
    expect(await dayButton(admin, start).getAttribute('aria-pressed')).toBe('true');
    expect(await panel.getByLabel('Start Date').inputValue()).toBe(start);
    expect(await confirm.isDisabled()).toBe(true);
    await showDay(admin, end);
    await dayButton(admin, end).click();
    expect(await panel.getByLabel('End Date').inputValue()).toBe(end);
    expect(await dayButton(admin, end).getAttribute('aria-pressed')).toBe('true');
    if ((await dayButton(admin, start).count()) > 0) {
      expect(await classesOf(dayButton(admin, start))).toContain('bg-green-700');
      expect(await classesOf(dayButton(admin, between))).toContain('bg-slate-200');
      expect(await dayButton(admin, between).getAttribute('aria-label')).toContain('in the scheduled range');
      expect(await dayButton(admin, between).getAttribute('aria-pressed')).toBe('false');
    }
    expect(await classesOf(dayButton(admin, end))).toContain('bg-red-700');
    expect(await confirm.isDisabled()).toBe(false);
    await expectAccessible(admin);

    // A third click starts over (only a start); Clear Dates empties both; then the start and end again.
    await showDay(admin, elsewhere);
    await dayButton(admin, elsewhere).click();
    expect(await panel.getByLabel('Start Date').inputValue()).toBe(elsewhere);
    expect(await panel.getByLabel('End Date').inputValue()).toBe('');
    expect(await confirm.isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Clear Dates' }).click();
    expect(await panel.getByLabel('Start Date').inputValue()).toBe('');
    await showDay(admin, start);
    await dayButton(admin, start).click();
    await showDay(admin, end);
    await dayButton(admin, end).click();
    await confirm.click();
    await admin.getByTestId('toast').filter({ hasText: 'Dates Scheduled' }).waitFor();

    // The calendar shows the Project Start and Project End events; the server has the dates.
    await panel.getByRole('button', { name: 'Schedule Job' }).waitFor();
    await showDay(admin, end);
    await eventuallyNamed(dayButton(admin, end), `Project End: ${PROJECT}`);
    await admin.getByRole('button', { name: /Previous month/ }).click();
    await showDay(admin, start);
    await eventuallyNamed(dayButton(admin, start), `Project Start: ${PROJECT}`);
    const project = await b.t.call('GET', `/api/projects/${projectId}`, undefined, b.t.adminToken);
    expect(project.body).toMatchObject({ jobStartDate: start, jobEndDate: end });
    await panel
      .getByTestId('event-card')
      .filter({ hasText: `Project Start: ${PROJECT}` })
      .waitFor();
    await expectAccessible(admin);

    // A day's own list, from a click outside Schedule Project mode.
    await dayButton(admin, start).click();
    const dayList = admin.getByRole('list', { name: `Events on ${longDay(start)}` });
    await dayList.getByText(`Project Start: ${PROJECT}`).waitFor();

    // The dashboard's Upcoming Events widget: the next 30 days, with Event Details.
    await admin.goto('/admin?view=dashboard');
    const widget = admin.getByRole('region', { name: 'Upcoming Events' });
    await widget.getByText('Next 30 days').waitFor();
    const widgetCard = widget.getByTestId('event-card').filter({ hasText: 'Dish install and aim' });
    await widgetCard.waitFor();
    await widget
      .getByTestId('event-card')
      .filter({ hasText: `Project End: ${PROJECT}` })
      .waitFor();
    await widgetCard.getByRole('button', { name: 'Details of Dish install and aim' }).click();
    const details = admin.getByRole('dialog', { name: 'Event Details' });
    await details.getByText(CLIENT.email).waitFor();
    await details.getByText('Bring the long ladder.').waitFor();
    await expectAccessible(admin);
    await details.getByRole('button', { name: 'Edit', exact: true }).click();
    await admin.getByRole('dialog', { name: 'Edit Event' }).waitFor();
    await admin.keyboard.press('Escape');

    // The client sees the dates in their portal: the Schedule view and the project's card.
    const client = await b.newPage();
    await b.signIn(client, CLIENT.email, PASSWORD);
    await client.waitForURL(`${b.baseUrl}/client`);
    const nav = client.getByRole('navigation', { name: 'Client portal' });
    await nav.getByRole('button', { name: 'Schedule' }).click();
    await client
      .getByTestId('schedule-event')
      .filter({ hasText: `Project Start: ${PROJECT}` })
      .waitFor();
    await client
      .getByTestId('schedule-event')
      .filter({ hasText: `Project End: ${PROJECT}` })
      .waitFor();
    await client.getByTestId('schedule-event').filter({ hasText: 'Dish install and aim' }).waitFor();
    await expectAccessible(client);
    await nav.getByRole('button', { name: 'Project Tracking' }).click();
    await client.getByTestId('client-project-card').filter({ hasText: PROJECT }).waitFor();
    expect(await client.getByTestId('client-project-card').textContent()).toContain(formatDay(start));

    await admin.context().close();
    await client.context().close();
  }, 120_000);
});

describe('the month calendar: entries with time and client, "+n more" in place, the day list in view (browser)', () => {
  let b: BrowserApp;
  beforeAll(async () => {
    b = await startBrowserApp();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('shows each entry as time and client, opens a busy day in place, and brings a tapped day into view', async () => {
    const entry = await b.t.call(
      'POST',
      '/api/clients',
      { name: 'Tanana Lodge', email: 'tanana@example.com', portalAccess: false },
      b.t.adminToken,
    );
    const clientId = entry.body.client.id as number;
    const day = addDays(businessToday(), 3);
    for (const [title, startTime, endTime] of [
      ['Dish survey', '09:00', '10:00'],
      ['Camera walk-through', '10:30', '11:30'],
      ['Router swap', '13:00', '14:00'],
      ['Website review', '15:15', '16:00'],
    ] as const) {
      const made = await b.t.call(
        'POST',
        '/api/appointments',
        { clientId, title, scheduledDate: day, startTime, endTime, type: 'consultation' },
        b.t.adminToken,
      );
      expect([201, 202]).toContain(made.status);
    }

    const admin = await b.newPage();
    await b.signInAsAdmin(admin);
    await admin.goto('/admin?view=schedule');
    await showDay(admin, day);
    const cell = admin.locator('td').filter({ has: dayButton(admin, day) });
    await eventually('the day with its four events', async () =>
      (await dayButton(admin, day).getAttribute('aria-label'))?.includes('4 events'),
    );
    expect(await cell.getByTestId('calendar-entry').allTextContents()).toEqual([
      '9am Tanana Lodge',
      '10:30am Tanana Lodge',
    ]);
    await cell.getByRole('button', { name: '+2 more' }).click();
    const all = admin.getByRole('dialog', { name: `All events on ${longDay(day)}` });
    await all.waitFor();
    for (const text of ['9:00 AM Dish survey', '1:00 PM Router swap', '3:15 PM Website review'])
      await all.getByText(text).waitFor();
    // In place: over the day's own cell, not somewhere else on the page.
    const [cellBox, listBox] = [await cell.boundingBox(), await all.boundingBox()];
    expect(Math.abs(cellBox!.y - listBox!.y)).toBeLessThan(8);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await expectAccessible(admin);
    await admin.keyboard.press('Escape');
    await all.waitFor({ state: 'hidden' });
    await cell.getByRole('button', { name: '+2 more' }).click();
    await all.getByRole('button', { name: 'Show the day' }).click();
    await admin
      .getByRole('list', { name: `Events on ${longDay(day)}` })
      .getByText('Router swap')
      .waitFor();
    await admin.context().close();

    // On a phone the cells show a dot; a tapped day's list comes into view below the month.
    const phone = await b.newPage({ width: 375, height: 812 });
    await b.signInAsAdmin(phone);
    await phone.goto('/admin?view=schedule');
    await showDay(phone, day);
    await dayButton(phone, day).click();
    const list = phone.getByRole('list', { name: `Events on ${longDay(day)}` });
    await list.getByText('Website review').waitFor();
    await eventually('the day list in view', async () => {
      const box = await list.boundingBox();
      return box !== null && box.y >= 0 && box.y < 812;
    });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await phone.context().close();
  }, 90_000);
});

type Located = ReturnType<Page['getByRole']>;

/** Waits until a day button's name mentions `text` (the month's events are read again after a change). */
const eventuallyNamed = (button: Located, text: string) =>
  eventually(`a day named with "${text}"`, async () =>
    (await button.getAttribute('aria-label'))?.includes(text),
  );

/** The day button's colour classes: green start, red end, grey between. */
const classesOf = async (button: Located) => ((await button.getAttribute('class')) ?? '').split(/\s+/);

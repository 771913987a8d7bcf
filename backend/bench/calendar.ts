import { businessToday } from '@app/contracts/api/consultations';
import { addDays } from '@app/contracts/calendar/time-zone';
import { BENCH_ADMIN, caller, inParallel, percentile, startServer } from './server.ts';

/** A year of appointments (issue 13.9): this many in the year ahead, a busy month's share among them. */
const APPOINTMENTS = 2_000;
const BUSY_MONTH_APPOINTMENTS = 400;
const CLIENTS = 25;
const PROJECTS = 100;
const FEED_REQUESTS = 60;
const FEED_AFTER_CHANGE = 30;
const MONTH_REQUESTS = 200;
const WARM_UP = 5;

const TIMES = ['08:00', '09:30', '11:00', '13:00', '14:30', '16:00'];

/**
 * The calendar's reads under a year of data made through the API (commands, events, projections, as in
 * production): the ICS feed of an admin (every client's events, 90 days back to 365 ahead) and the month
 * view's data (GET /api/calendar/events) for the busiest month. The API and the projections run as their own
 * processes (no workers: reminders are not what is measured); requests one at a time, so each figure is the
 * server's own time.
 */
export async function calendarFigures() {
  const server = await startServer(3480, ['api', 'projections']);
  try {
    const { call, json } = caller(server.base);
    const { token: admin } = await json('POST', '/api/auth/login', null, BENCH_ADMIN);

    const seededAt = performance.now();
    const clients: number[] = [];
    await inParallel(CLIENTS, 4, async (i) => {
      const made = await json('POST', '/api/clients', admin, {
        name: `Bench Calendar ${i}`,
        email: `bench-calendar-${i}@example.com`,
        userType: 'client',
        portalAccess: false,
      });
      clients.push((made.client?.id ?? made.id) as number);
    });

    const today = businessToday(new Date());
    // The busy month: the calendar month starting a little over two months ahead.
    const busyFrom = `${addDays(today, 70).slice(0, 7)}-01`;
    const busyTo = addDays(`${addDays(busyFrom, 32).slice(0, 7)}-01`, -1);
    const busyDays = Number(busyTo.slice(8, 10));
    await inParallel(APPOINTMENTS, 8, async (i) => {
      const busy = i < BUSY_MONTH_APPOINTMENTS;
      const scheduledDate = busy ? addDays(busyFrom, i % busyDays) : addDays(today, 1 + (i % 364));
      await json('POST', '/api/appointments', admin, {
        clientId: clients[i % clients.length],
        title: `Bench visit ${i}`,
        description: 'Check the cameras and the dish',
        location: `${100 + i} Birch Rd, Palmer`,
        scheduledDate,
        startTime: TIMES[i % TIMES.length],
        duration: 90,
        type: 'maintenance',
      });
    });
    await inParallel(PROJECTS, 4, async (i) => {
      const made = await json('POST', '/api/projects', admin, {
        clientId: clients[i % clients.length],
        title: `Bench job ${i}`,
        type: 'security_cameras',
      });
      const start = i < 20 ? addDays(busyFrom, i) : addDays(today, 3 * i);
      await json('PATCH', `/api/projects/${made.id}`, admin, {
        jobStartDate: start,
        jobEndDate: addDays(start, 4),
      });
    });
    const seedSeconds = (performance.now() - seededAt) / 1000;

    const feedPath = new URL((await json('GET', '/api/calendar/feed', admin)).url as string).pathname;
    const monthPath = `/api/calendar/events?from=${busyFrom}&to=${busyTo}`;
    // The views are caught up once the month shows every appointment and project date made for it.
    const monthEvents = BUSY_MONTH_APPOINTMENTS + 20 + 20;
    for (let i = 0; ; i++) {
      const seen = (await json('GET', monthPath, admin)) as unknown[];
      if (seen.length >= monthEvents) break;
      if (i > 300) throw new Error(`the month shows ${seen.length} of ${monthEvents} events`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const timed = async (requests: number, request: () => Promise<unknown>) => {
      for (let i = 0; i < WARM_UP; i++) await request();
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const started = performance.now();
        await request();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return { requests, p50: percentile(times, 50), p99: percentile(times, 99) };
    };
    const feedText = await call('GET', feedPath, null);
    const feed = {
      ...(await timed(FEED_REQUESTS, () => call('GET', feedPath, null))),
      events: (feedText.match(/BEGIN:VEVENT/g) ?? []).length,
      kilobytes: Buffer.byteLength(feedText) / 1024,
    };
    // The first fetch after a change makes the text again (the cache above serves the repeated fetches):
    // an appointment renamed through the API, then the feed fetched once the change shows in it.
    const changed: number[] = [];
    const appointmentId = ((await json('GET', '/api/appointments', admin)) as { id: number }[])[0]!.id;
    for (let i = 0; i < FEED_AFTER_CHANGE; i++) {
      const title = `Bench visit renamed ${i}`;
      await json('PATCH', `/api/appointments/${appointmentId}`, admin, { title });
      const started = performance.now();
      const text = await call('GET', feedPath, null);
      changed.push(performance.now() - started);
      if (!text.includes(title)) throw new Error('the feed fetched after a change does not show it');
    }
    changed.sort((a, b) => a - b);
    const feedAfterChange = {
      requests: FEED_AFTER_CHANGE,
      p50: percentile(changed, 50),
      p99: percentile(changed, 99),
    };
    const month = {
      ...(await timed(MONTH_REQUESTS, () => call('GET', monthPath, admin))),
      events: ((await json('GET', monthPath, admin)) as unknown[]).length,
      from: busyFrom,
      to: busyTo,
    };
    return { seedSeconds, feed, feedAfterChange, month };
  } finally {
    await server.stop();
  }
}

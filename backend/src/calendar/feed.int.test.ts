import { APPOINTMENT_NOT_FOUND } from '@app/contracts/api/appointments';
import { CALENDAR_FEED_UNKNOWN } from '@app/contracts/api/calendar';
import { businessToday } from '@app/contracts/api/consultations';
import { addDays } from '@app/contracts/calendar/time-zone';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';

/** The events of iCalendar text, as a maintained parser (ical.js) reads them. */
function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        summary: e.summary,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        // UTC on the wire: a `Z` time, no TZID to resolve.
        utc: e.startDate.zone?.tzid === 'UTC' && e.endDate.zone?.tzid === 'UTC',
        location: e.location,
        description: e.description,
        status: v.getFirstPropertyValue('status'),
      };
    }),
  };
}

/** The second Sunday of March after `today`: the day Anchorage's clocks go forward (AKST -9 to AKDT -8). */
function nextSpringForward(today: string) {
  for (let year = Number(today.slice(0, 4)); ; year++) {
    const firstOfMarch = new Date(Date.UTC(year, 2, 1));
    const firstSunday = 1 + ((7 - firstOfMarch.getUTCDay()) % 7);
    const day = `${year}-03-${String(firstSunday + 7).padStart(2, '0')}`;
    if (day > addDays(today, 2)) return day;
  }
}

describe('calendar subscription feed and .ics downloads', () => {
  let t: TestApp;
  const today = businessToday(new Date());
  const dst = nextSpringForward(today);
  const dayBefore = addDays(dst, -1);
  const dayAfter = addDays(dst, 1);
  const host = 'localhost';
  let mine: { token: string; clientId: number; userId: number; projectId: number };
  let theirs: { token: string; clientId: number; userId: number; projectId: number };
  const ids: Record<string, number> = {};

  const call = (method: string, url: string, token?: string | null) => t.call(method, url, undefined, token);
  /** GET of a feed address as a calendar app makes it: no session. */
  const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });
  const feedUrl = async (token: string) => {
    const res = await call('GET', '/api/calendar/feed', token);
    expect(res.status).toBe(200);
    return res.body.url as string;
  };
  const feedEvents = async (url: string) => {
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    return parseIcs(res.body).events;
  };
  /** The audit events of a person's feed, in order. */
  const feedEventCount = async (userId: number) =>
    (await t.deps.store.readStream(`calendar-feed-${userId}`)).map((e) => e.type);

  async function portalClient(name: string, email: string) {
    const made = (
      await t.call(
        'POST',
        '/api/clients',
        { name, email, userType: 'client', portalAccess: true },
        t.adminToken,
      )
    ).body;
    const token = await t.activate(made.user.email, made.temporaryPassword);
    const project = await t.call(
      'POST',
      '/api/projects',
      { clientId: made.client.id, title: `${name} cameras`, type: 'security_cameras' },
      t.adminToken,
    );
    return {
      token,
      clientId: made.client.id as number,
      userId: made.user.id as number,
      projectId: project.body.id as number,
    };
  }
  const schedule = async (key: string, clientId: number, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/appointments', { clientId, ...body }, t.adminToken);
    expect(res.status).toBe(201);
    ids[key] = res.body.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClient('Feed Mine', 'feed-mine@example.com');
    theirs = await portalClient('Feed Theirs', 'feed-theirs@example.com');
    await schedule('beforeDst', mine.clientId, {
      title: 'Camera check',
      description: 'Bring the ladder',
      location: '12 Spruce Rd, Wasilla',
      scheduledDate: dayBefore,
      startTime: '09:00',
      endTime: '10:30',
    });
    await schedule('afterDst', mine.clientId, {
      title: 'Follow-up',
      scheduledDate: dayAfter,
      startTime: '09:00',
    });
    await schedule('theirs', theirs.clientId, {
      title: 'Dish install',
      scheduledDate: dayAfter,
      startTime: '13:00',
    });
    await schedule('cancelled', mine.clientId, {
      title: 'Called off',
      scheduledDate: dayAfter,
      startTime: '15:00',
    });
    await t.call('POST', `/api/appointments/${ids.cancelled}/cancel`, undefined, t.adminToken);
    // Far outside the window (more than a year ahead): not in the feed, still downloadable.
    await schedule('far', mine.clientId, {
      title: 'Annual: service / check?',
      scheduledDate: addDays(today, 400),
      startTime: '11:00',
    });
    await t.call(
      'PATCH',
      `/api/projects/${mine.projectId}`,
      { jobStartDate: addDays(today, 10), jobEndDate: addDays(today, 12) },
      t.adminToken,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives a signed-in person one private address, the same on every ask, and records that it was made', async () => {
    const first = await feedUrl(mine.token);
    expect(first).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await feedUrl(mine.token)).toBe(first);
    expect(await feedUrl(theirs.token)).not.toBe(first);
    expect(await feedEventCount(mine.userId)).toEqual(['CalendarFeedIssued']);
    // Only a hash of the token is kept, never the token itself.
    const token = /feed\/([^.]+)\.ics$/.exec(first)![1]!;
    const { rows } = await sql<{
      row: string;
    }>`SELECT row_to_json(f)::text AS row FROM calendar_feeds f`.execute(t.deps.db);
    expect(rows.length).toBe(2);
    expect(rows.some((r) => r.row.includes(token))).toBe(false);
    const stored = await sql<{
      type: string;
    }>`SELECT type FROM es_events WHERE data::text LIKE ${`%${token}%`}
      OR metadata::text LIKE ${`%${token}%`}`.execute(t.deps.db);
    expect(stored.rows).toEqual([]);
    expect((await call('GET', '/api/calendar/feed')).status).toBe(401);
  });

  it("serves staff every client's events with stable UIDs, UTC times across the daylight-saving change", async () => {
    const url = await feedUrl(t.adminToken);
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { calendar, events } = parseIcs(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Anchorage');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual(
      [
        `appointment-${ids.beforeDst}@${host}`,
        `appointment-${ids.afterDst}@${host}`,
        `appointment-${ids.theirs}@${host}`,
        `project-start-${mine.projectId}@${host}`,
        `project-end-${mine.projectId}@${host}`,
      ].sort(),
    );
    // 09:00 in Anchorage is 18:00 UTC the day before the clocks go forward (AKST) and 17:00 UTC after (AKDT).
    expect(byUid.get(`appointment-${ids.beforeDst}@${host}`)).toMatchObject({
      summary: 'Camera check (Feed Mine)',
      start: `${dayBefore}T18:00:00.000Z`,
      end: `${dayBefore}T19:30:00.000Z`,
      utc: true,
      location: '12 Spruce Rd, Wasilla',
      status: 'CONFIRMED',
    });
    expect(byUid.get(`appointment-${ids.beforeDst}@${host}`)!.description).toContain('Bring the ladder');
    expect(byUid.get(`appointment-${ids.beforeDst}@${host}`)!.description).toContain('Client: Feed Mine');
    expect(byUid.get(`appointment-${ids.afterDst}@${host}`)).toMatchObject({
      start: `${dayAfter}T17:00:00.000Z`,
      end: `${dayAfter}T18:00:00.000Z`,
      utc: true,
    });
    // A project start at midnight is 09:00-17:00 local, its end 15:00-17:00 (section 9).
    expect(byUid.get(`project-start-${mine.projectId}@${host}`)!.summary).toBe(
      'Project Start: Feed Mine cameras (Feed Mine)',
    );
    // Fetched again: the same UIDs (apps update events rather than adding copies).
    const again = parseIcs((await fetchFeed(url)).body).events.map((e) => e.uid);
    expect(again.sort()).toEqual([...byUid.keys()].sort());
  });

  it("gives a client only their own appointments and project dates, never another's", async () => {
    const events = await feedEvents(await feedUrl(mine.token));
    expect(events.map((e) => e.uid).sort()).toEqual(
      [
        `appointment-${ids.beforeDst}@${host}`,
        `appointment-${ids.afterDst}@${host}`,
        `project-start-${mine.projectId}@${host}`,
        `project-end-${mine.projectId}@${host}`,
      ].sort(),
    );
    // A client's own summaries carry no client name.
    expect(events.find((e) => e.uid.startsWith(`appointment-${ids.beforeDst}@`))!.summary).toBe(
      'Camera check',
    );
    const theirEvents = await feedEvents(await feedUrl(theirs.token));
    expect(theirEvents.map((e) => e.uid)).toEqual([`appointment-${ids.theirs}@${host}`]);
  });

  it('shows a change at the next fetch under the same UID, and drops a cancelled appointment', async () => {
    const url = await feedUrl(mine.token);
    const moved = await t.call(
      'PATCH',
      `/api/appointments/${ids.afterDst}`,
      { startTime: '10:00', endTime: '11:00' },
      t.adminToken,
    );
    expect(moved.status).toBe(200);
    const uid = `appointment-${ids.afterDst}@${host}`;
    const seen = await eventually('the moved appointment in the feed', async () => {
      const e = (await feedEvents(url)).find((x) => x.uid === uid);
      return e?.start === `${dayAfter}T18:00:00.000Z` ? e : null;
    });
    expect(seen.end).toBe(`${dayAfter}T19:00:00.000Z`);
    await t.call('POST', `/api/appointments/${ids.afterDst}/cancel`, undefined, t.adminToken);
    await eventually('the cancelled appointment gone from the feed', async () =>
      (await feedEvents(url)).every((e) => e.uid !== uid),
    );
  });

  it('revokes an address: the old one answers 404, the next ask makes a new one, nothing else changes', async () => {
    const old = await feedUrl(mine.token);
    const othersUrl = await feedUrl(theirs.token);
    const revoked = await call('DELETE', '/api/calendar/feed', mine.token);
    expect(revoked.status).toBe(204);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: CALENDAR_FEED_UNKNOWN });
    // The session, and the other person's address, are untouched.
    expect((await call('GET', '/api/auth/user', mine.token)).status).toBe(200);
    expect((await fetchFeed(othersUrl)).statusCode).toBe(200);
    const renewed = await feedUrl(mine.token);
    expect(renewed).not.toBe(old);
    expect((await fetchFeed(renewed)).statusCode).toBe(200);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    // Revoking when there is none records nothing.
    expect((await call('DELETE', '/api/calendar/feed', theirs.token)).status).toBe(204);
    expect((await call('DELETE', '/api/calendar/feed', theirs.token)).status).toBe(204);
    expect(await feedEventCount(mine.userId)).toEqual([
      'CalendarFeedIssued',
      'CalendarFeedRevoked',
      'CalendarFeedIssued',
    ]);
    expect(await feedEventCount(theirs.userId)).toEqual(['CalendarFeedIssued', 'CalendarFeedRevoked']);
    expect((await call('DELETE', '/api/calendar/feed')).status).toBe(401);
  });

  it('answers 404 to a wrong, malformed or empty token', async () => {
    const url = await feedUrl(mine.token);
    const token = /feed\/([^.]+)\.ics$/.exec(url)![1]!;
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [wrong, 'abc', '', 'x'.repeat(99), '..%2F..%2Fetc', 'a%20b']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/calendar/feed/${bad}.ics` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: CALENDAR_FEED_UNKNOWN });
    }
    // The address without .ics is no feed.
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/feed/${token}` })).statusCode).toBe(404);
  });

  it("stops a deleted account's address, and follows a role change at the next fetch", async () => {
    const leaving = await portalClient('Feed Leaving', 'feed-leaving@example.com');
    await schedule('leaving', leaving.clientId, {
      title: 'Last visit',
      scheduledDate: dayAfter,
      startTime: '08:00',
    });
    const leavingUrl = await feedUrl(leaving.token);
    expect((await feedEvents(leavingUrl)).map((e) => e.summary)).toEqual(['Last visit']);
    expect((await call('DELETE', `/api/users/${leaving.userId}`, t.adminToken)).status).toBe(200);
    await eventually(
      'the deleted account’s feed to stop',
      async () => (await fetchFeed(leavingUrl)).statusCode === 404,
    );

    // A plain account (no client record) sees nothing; made an admin, everyone's; made a user again, nothing.
    const made = await t.createUser({ email: 'feed-staff@example.com', role: 'user' });
    const staffToken = await t.activate(made.email, made.temporaryPassword);
    const staffUrl = await feedUrl(staffToken);
    expect(await feedEvents(staffUrl)).toEqual([]);
    expect((await t.call('PUT', `/api/users/${made.id}/role`, { role: 'admin' }, t.adminToken)).status).toBe(
      200,
    );
    await eventually(
      'the promoted account’s feed to show everyone',
      async () => (await feedEvents(staffUrl)).length > 2,
    );
    expect((await t.call('PUT', `/api/users/${made.id}/role`, { role: 'user' }, t.adminToken)).status).toBe(
      200,
    );
    await eventually(
      'the demoted account’s feed to empty',
      async () => (await feedEvents(staffUrl)).length === 0,
    );
  });

  describe('"Add to calendar" (.ics download)', () => {
    const download = (query: string, token: string | null) =>
      t.app.inject({
        method: 'GET',
        url: `/api/calendar/ics?${query}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it('downloads one event as an .ics attachment named by its title, with the UID of the feed', async () => {
      const res = await download(`type=appointment&id=${ids.beforeDst}`, mine.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Camera check.ics"; filename*=UTF-8''Camera%20check.ics`,
      );
      const { events } = parseIcs(res.body);
      expect(events).toEqual([
        expect.objectContaining({
          uid: `appointment-${ids.beforeDst}@${host}`,
          summary: 'Camera check',
          start: `${dayBefore}T18:00:00.000Z`,
          utc: true,
        }),
      ]);
      // Outside the feed's window, and a title with characters file names cannot hold.
      const far = await download(`type=appointment&id=${ids.far}`, t.adminToken);
      expect(far.statusCode).toBe(200);
      expect(far.headers['content-disposition']).toContain('filename="Annual service check.ics"');
      expect(parseIcs(far.body).events[0]!.summary).toBe('Annual: service / check? (Feed Mine)');
    });

    it("downloads a project's start and end (the end by its own id, project id + 10000)", async () => {
      const start = await download(`type=project_start&id=${mine.projectId}`, mine.token);
      expect(start.statusCode).toBe(200);
      expect(parseIcs(start.body).events[0]).toMatchObject({
        uid: `project-start-${mine.projectId}@${host}`,
        summary: 'Project Start: Feed Mine cameras',
      });
      const end = await download(`type=project_end&id=${mine.projectId + 10_000}`, mine.token);
      expect(end.statusCode).toBe(200);
      expect(parseIcs(end.body).events[0]!.uid).toBe(`project-end-${mine.projectId}@${host}`);
      // The project of another client has no start date: nothing to download.
      expect((await download(`type=project_start&id=${theirs.projectId}`, t.adminToken)).statusCode).toBe(
        404,
      );
    });

    it("answers 404 for another client's event, a cancelled or missing one, and 401 without a session", async () => {
      const other = await download(`type=appointment&id=${ids.beforeDst}`, theirs.token);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ message: APPOINTMENT_NOT_FOUND });
      expect((await download(`type=project_start&id=${mine.projectId}`, theirs.token)).statusCode).toBe(404);
      expect((await download(`type=appointment&id=${ids.cancelled}`, t.adminToken)).statusCode).toBe(404);
      expect((await download('type=appointment&id=999999', t.adminToken)).statusCode).toBe(404);
      expect((await download('type=project_end&id=5', t.adminToken)).statusCode).toBe(404);
      expect((await download('type=meeting&id=1', t.adminToken)).statusCode).toBe(400);
      expect((await download(`type=appointment&id=${ids.beforeDst}`, null)).statusCode).toBe(401);
    });
  });
});

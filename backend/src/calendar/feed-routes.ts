import { APPOINTMENT_NOT_FOUND } from '@app/contracts/api/appointments';
import { CALENDAR_FEED_UNKNOWN, ZCalendarFeed, ZCalendarIcsQuery } from '@app/contracts/api/calendar';
import { businessToday } from '@app/contracts/api/consultations';
import { PROJECT_END_ID_OFFSET, type TCalendarEvent } from '@app/contracts/calendar/event-times';
import { addDays } from '@app/contracts/calendar/time-zone';
import { calendarFeedStream, type TCalendarFeedEvent } from '@app/contracts/events/calendar-feed';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { isStaff, personOf } from '../auth/person.ts';
import { clientIdForUser } from '../clients/queries.ts';
import { type Actor, toNewEvents } from '../platform/command.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { calendarDay } from '../platform/read-values.ts';
import { ViewTextCache } from '../platform/view-text-cache.ts';
import { PROJECT_NOT_FOUND } from '../projects/decide.ts';
import { type CalendarScope, calendarEvents } from './events.ts';
import { dropIssuedFeed, feedOwner, feedTokenFor, revokeFeed } from './feed-store.ts';
import { calendarIcs, EventTextCache, type IcsAudience, icsFilename } from './ics.ts';

/** The feed's window: this far back and ahead of today (business time zone). */
export const FEED_DAYS_BACK = 90;
export const FEED_DAYS_AHEAD = 365;

const TEXT_CALENDAR = 'text/calendar; charset=utf-8';

/** Calendar text is personal: never kept by a shared cache or the browser, never sent on as a referrer. */
const privately = (reply: FastifyReply) =>
  reply
    .type(TEXT_CALENDAR)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex');

/**
 * The private calendar subscription address (issue 13.5) and "Add to calendar" downloads: iCalendar for any
 * calendar app (Google Calendar, Outlook, Apple Calendar) without connecting an account.
 */
export function calendarFeedRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser } = guards(deps);
  const publicUrl = new URL(deps.config.PUBLIC_URL);
  const host = publicUrl.hostname;
  const feedUrl = (token: string) => new URL(`/api/calendar/feed/${token}.ics`, publicUrl).toString();
  const linkFor = (audience: IcsAudience) =>
    new URL(audience === 'staff' ? '/admin?view=schedule' : '/client', publicUrl).toString();

  /** The audit record of a made or revoked address (never the address). */
  const audit = (actor: Actor, event: TCalendarFeedEvent) =>
    deps.store.append(calendarFeedStream(event.data.userId), toNewEvents([event], actor), 'any');

  /** Staff see every client's events; anyone else their own client record's (none without one). */
  async function scopeFor(user: { id: number; role: string }): Promise<CalendarScope | null> {
    if (isStaff(user)) return { kind: 'all' };
    const clientId = await clientIdForUser(deps, user.id);
    return clientId === null ? null : { kind: 'client', clientId };
  }

  /** The events of the feed's window: two queries, as one may span at most CALENDAR_RANGE_MAX_DAYS. */
  async function feedEvents(scope: CalendarScope | null, today: string): Promise<TCalendarEvent[]> {
    if (scope === null) return [];
    const [past, coming] = await Promise.all([
      calendarEvents(deps, { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, -1) }, scope),
      calendarEvents(deps, { from: today, to: addDays(today, FEED_DAYS_AHEAD) }, scope),
    ]);
    return [...past, ...coming];
  }

  /**
   * The local day an event asked for by type and id starts on, and whose it is; null when there is no such
   * event (a cancelled appointment, a project without that date).
   */
  async function whereIs(type: TCalendarEvent['type'], id: number) {
    if (type === 'appointment') {
      const row = await deps.rm
        .selectFrom('appointments')
        .select(['client_id', 'scheduled_date'])
        .where('id', '=', id)
        .where('status', '!=', 'cancelled')
        .executeTakeFirst();
      return row ? { clientId: row.client_id, day: calendarDay(row.scheduled_date) } : null;
    }
    const projectId = type === 'project_end' ? id - PROJECT_END_ID_OFFSET : id;
    if (projectId < 1) return null;
    const row = await deps.rm
      .selectFrom('projects')
      .select(['client_id', 'job_start_date', 'job_end_date'])
      .where('id', '=', projectId)
      .executeTakeFirst();
    const day = type === 'project_start' ? row?.job_start_date : row?.job_end_date;
    return row && day ? { clientId: row.client_id, day: calendarDay(day) } : null;
  }

  // A feed's text can only change when one of the views it is read from changed.
  const cache = new ViewTextCache(['appointments', 'projects', 'clients'], (view) =>
    deps.watcher.changeMarkOf(view),
  );
  const eventTexts = new EventTextCache();

  return async (app) => {
    app.get(
      '/api/calendar/feed',
      { schema: { response: { 200: ZCalendarFeed } }, preValidation: requireUser },
      async (request) => {
        const user = request.user!;
        const { token, issued } = await feedTokenFor(deps.db, user.id);
        if (issued) {
          try {
            await audit(actorOf(request), { type: 'CalendarFeedIssued', data: { userId: user.id } });
          } catch (err) {
            // No address without its audit record: the next ask makes a new one.
            await dropIssuedFeed(deps.db, user.id, token);
            throw err;
          }
        }
        return { url: feedUrl(token) };
      },
    );

    app.delete('/api/calendar/feed', { preValidation: requireUser }, async (request, reply) => {
      const user = request.user!;
      if (await revokeFeed(deps.db, user.id))
        await audit(actorOf(request), { type: 'CalendarFeedRevoked', data: { userId: user.id } });
      return reply.code(204).send();
    });

    // Public: calendar apps send no session; the token in the address is the credential. Who may see what is
    // judged at each fetch from the account as it is now (deleted: 404; role changed: the new role's events).
    // The parameter is named `token` so the request log writes `[redacted]` in its place (request-log.ts).
    app.get(
      '/api/calendar/feed/:token.ics',
      { schema: { params: z.object({ token: z.string() }) } },
      async (request, reply) => {
        const owner = await feedOwner(deps.db, request.params.token);
        if (!owner) throw notFound(CALENDAR_FEED_UNKNOWN);
        const audience: IcsAudience = isStaff(owner) ? 'staff' : 'client';
        const today = businessToday(new Date());
        // The version is taken before reading, so text made from newer rows is at worst made again next time.
        const version = cache.version(today);
        const scope = await scopeFor({ id: owner.userId, role: owner.role });
        const key = scope === null ? 'none' : scope.kind === 'all' ? 'staff' : `client-${scope.clientId}`;
        const text = await cache.text(key, version, async () =>
          calendarIcs(
            await feedEvents(scope, today),
            {
              host,
              audience,
              name: audience === 'staff' ? 'Northern Guard schedule' : 'Northern Guard appointments',
              url: linkFor(audience),
            },
            eventTexts,
          ),
        );
        return privately(reply).send(text);
      },
    );

    // "Add to calendar": one event as a file. Staff any event; a client only their own (another's: 404).
    app.get(
      '/api/calendar/ics',
      { schema: { querystring: ZCalendarIcsQuery }, preValidation: requireUser },
      async (request, reply) => {
        const { type, id } = request.query;
        const missing = notFound(type === 'appointment' ? APPOINTMENT_NOT_FOUND : PROJECT_NOT_FOUND);
        const person = await personOf(deps, request.user!);
        const found = await whereIs(type, id);
        if (!found || (!isStaff(person) && person.clientId !== found.clientId)) throw missing;
        const day = { from: found.day, to: found.day };
        const event = (await calendarEvents(deps, day, { kind: 'client', clientId: found.clientId })).find(
          (e) => e.type === type && e.id === id,
        );
        if (!event) throw missing;
        const audience: IcsAudience = isStaff(person) ? 'staff' : 'client';
        const text = calendarIcs([event], { host, audience, url: linkFor(audience) });
        return privately(reply)
          .header('content-disposition', contentDisposition('attachment', icsFilename(event.title)))
          .send(text);
      },
    );
  };
}

import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * iCalendar text for calendar events (the feed, "Add to calendar", the reminder mail's attachment), made by
 * ical-generator. Times are written in UTC (`...Z`), which every calendar app reads without a VTIMEZONE
 * block and which cannot shift across a daylight-saving change; the business time zone is named for the
 * apps that show a calendar in its own zone (X-WR-TIMEZONE). (Giving ical-generator a time zone instead would
 * write native Dates in the server process's own zone under that name: wrong unless the server runs in it.)
 */

/** Whose events the text is for: staff see the client of each event in its summary. */
export type IcsAudience = 'staff' | 'client';

export interface IcsOptions {
  /** Host of the public address: the part of each UID after the `@` (stable across requests). */
  host: string;
  /** The calendar's name in the app (feeds). */
  name?: string;
  audience: IcsAudience;
  /** A link on each event (the portal or the admin calendar). */
  url?: string;
}

/** How often subscribed apps are asked to fetch again (most apps fetch on their own schedule anyway). */
export const FEED_REFRESH_SECONDS = 60 * 60;

const UID_KIND = {
  appointment: 'appointment',
  project_start: 'project-start',
  project_end: 'project-end',
} as const;

/**
 * A stable UID: the same appointment or project date has the same UID in every feed fetch and download, so
 * apps update the event instead of adding a copy. A project's end is named by its project's id.
 */
export function eventUid(e: Pick<TCalendarEvent, 'type' | 'id' | 'projectId'>, host: string) {
  const id = e.type === 'appointment' ? e.id : (e.projectId ?? e.id);
  return `${UID_KIND[e.type]}-${id}@${host}`;
}

/** ICS STATUS: a pending project's dates are tentative; a cancelled one's cancelled; the rest confirmed. */
function statusOf(e: TCalendarEvent): ICalEventStatus {
  if (e.status === 'cancelled') return ICalEventStatus.CANCELLED;
  if (e.type !== 'appointment' && e.status === 'pending') return ICalEventStatus.TENTATIVE;
  return ICalEventStatus.CONFIRMED;
}

const STATUS_WORDS: Record<string, string> = { in_progress: 'in progress' };

function descriptionOf(e: TCalendarEvent, audience: IcsAudience): string {
  const lines: string[] = [];
  if (e.description?.trim()) lines.push(e.description.trim(), '');
  if (audience === 'staff' && e.clientName) {
    lines.push(`Client: ${e.clientName}`);
    if (e.phone) lines.push(`Phone: ${e.phone}`);
    if (e.email) lines.push(`E-mail: ${e.email}`);
  }
  if (e.status) lines.push(`Status: ${STATUS_WORDS[e.status] ?? e.status}`);
  return lines.join('\n').trim();
}

function summaryOf(e: TCalendarEvent, audience: IcsAudience): string {
  return audience === 'staff' && e.clientName ? `${e.title} (${e.clientName})` : e.title;
}

/** A calendar of `events` as iCalendar text (METHOD:PUBLISH: events to show, not invitations to answer). */
export function calendarIcs(events: readonly TCalendarEvent[], options: IcsOptions): string {
  const calendar = ical({
    prodId: { company: 'Northern Guard', product: 'Schedule', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name && { name: options.name }),
    ttl: FEED_REFRESH_SECONDS,
  });
  calendar.x('X-WR-TIMEZONE', BUSINESS_TIME_ZONE);
  const stamp = new Date();
  for (const e of events) {
    calendar.createEvent({
      id: eventUid(e, options.host),
      stamp,
      start: new Date(e.start),
      end: new Date(e.end),
      summary: summaryOf(e, options.audience),
      description: descriptionOf(e, options.audience) || null,
      location: e.location?.trim() || null,
      status: statusOf(e),
      ...(options.url && { url: options.url }),
    });
  }
  return calendar.toString();
}

/** A file name for one event's .ics, from its title (characters file systems refuse replaced). */
export function icsFilename(title: string): string {
  const base = title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .trim();
  return `${base || 'event'}.ics`;
}

/** One event as its client's own calendar shows it (the reminder mail's attachment): the feed's UID and text. */
export function clientEventIcs(publicUrl: string) {
  const url = new URL(publicUrl);
  const portal = new URL('/client', url).toString();
  return (event: TCalendarEvent) =>
    calendarIcs([event], { host: url.hostname, audience: 'client', url: portal });
}

import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import { BUSINESS_TIME_ZONE } from '@app/contracts/calendar/time-zone';
import ical, { foldLines, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

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

const CALENDAR_END = 'END:VCALENDAR';

/**
 * Each event's VEVENT text (folded, as ical-generator writes it), kept by everything it is made from but its
 * DTSTAMP: a year's feed written again after one change writes one event, not two thousand (ical-generator
 * takes tens of milliseconds for a year of events). Bounded; the oldest made are forgotten first.
 */
export class EventTextCache {
  private readonly texts = new Map<string, string>();
  constructor(private readonly max = 50_000) {}

  get(key: string) {
    return this.texts.get(key);
  }

  set(key: string, text: string) {
    this.texts.set(key, text);
    if (this.texts.size > this.max) this.texts.delete(this.texts.keys().next().value as string);
  }
}

/**
 * A calendar of `events` as iCalendar text (METHOD:PUBLISH: events to show, not invitations to answer). The
 * calendar's own lines come first, then the events (RFC 5545 puts calendar properties before components).
 */
export function calendarIcs(
  events: readonly TCalendarEvent[],
  options: IcsOptions,
  cache?: EventTextCache,
): string {
  const calendar = ical({
    prodId: { company: 'Northern Guard', product: 'Schedule', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ...(options.name && { name: options.name }),
    ttl: FEED_REFRESH_SECONDS,
  });
  calendar.x('X-WR-TIMEZONE', BUSINESS_TIME_ZONE);
  // Events are written on a calendar of their own, so the feed's calendar text above holds none of them.
  const scratch = ical();
  const stamp = new Date();
  let body = '';
  for (const e of events) {
    const data = {
      id: eventUid(e, options.host),
      start: e.start,
      end: e.end,
      summary: summaryOf(e, options.audience),
      description: descriptionOf(e, options.audience) || null,
      location: e.location?.trim() || null,
      status: statusOf(e),
      url: options.url ?? null,
    };
    const key = JSON.stringify(data);
    let text = cache?.get(key);
    if (text === undefined) {
      const event = scratch.createEvent({ ...data, stamp, start: new Date(e.start), end: new Date(e.end) });
      text = foldLines(event.toString());
      cache?.set(key, text);
    }
    body += text;
  }
  const head = calendar.toString();
  return `${head.slice(0, head.length - CALENDAR_END.length)}${body}${CALENDAR_END}`;
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

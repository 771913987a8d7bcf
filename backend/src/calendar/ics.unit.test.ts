import type { TCalendarEvent } from '@app/contracts/calendar/event-times';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarIcs, EventTextCache } from './ics.ts';

const event = (id: number, title: string): TCalendarEvent => ({
  id,
  type: 'appointment',
  title,
  clientId: 1,
  clientName: 'Kenai Lodge',
  date: '2026-12-01',
  time: '09:00',
  start: '2026-12-01T18:00:00.000Z',
  end: '2026-12-01T19:30:00.000Z',
  location: 'Kenai',
  status: 'scheduled',
  description: 'Check the dish',
});

const options = {
  host: 'example.com',
  audience: 'staff' as const,
  name: 'Schedule',
  url: 'https://example.com/admin',
};

/** Each VEVENT as ical.js reads it: uid, summary, stamp. */
function parsed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    timezone: calendar.getFirstPropertyValue('x-wr-timezone'),
    events: calendar.getAllSubcomponents('vevent').map((v) => ({
      uid: v.getFirstPropertyValue('uid'),
      summary: v.getFirstPropertyValue('summary'),
      start: String(v.getFirstPropertyValue('dtstart')),
      stamp: String(v.getFirstPropertyValue('dtstamp')),
    })),
  };
}

describe('calendarIcs with kept event texts', () => {
  afterEach(() => vi.useRealTimers());

  it('writes again only the events that changed, and reads as the same calendar as without the cache', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
    const cache = new EventTextCache();
    const events = [event(1, 'Dish install'), event(2, 'Camera check')];
    const first = parsed(calendarIcs(events, options, cache));
    expect(first.timezone).toBe('America/Anchorage');
    expect(first.events.map((e) => e.summary)).toEqual([
      'Dish install (Kenai Lodge)',
      'Camera check (Kenai Lodge)',
    ]);

    vi.setSystemTime(new Date('2026-11-26T11:00:00Z'));
    const changed = [event(1, 'Dish install'), event(2, 'Camera check moved')];
    const second = parsed(calendarIcs(changed, options, cache));
    // The unchanged event is the text made an hour ago (its stamp); the changed one was written now.
    expect(second.events[0]).toEqual(first.events[0]);
    expect(second.events[0]!.stamp).toBe('2026-11-26T10:00:00Z');
    expect(second.events[1]).toMatchObject({
      summary: 'Camera check moved (Kenai Lodge)',
      stamp: '2026-11-26T11:00:00Z',
    });

    // Without the cache: the same events, fields and order.
    const plain = parsed(calendarIcs(changed, options));
    expect(plain.events.map(({ stamp: _, ...rest }) => rest)).toEqual(
      second.events.map(({ stamp: _, ...rest }) => rest),
    );
  });

  it('folds long lines as ical-generator does (75 octets), each event on its own', () => {
    const long = event(3, 'A very long appointment title '.repeat(6));
    const text = calendarIcs([long], options, new EventTextCache());
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(parsed(text).events[0]!.summary).toBe(`${long.title} (Kenai Lodge)`);
  });
});

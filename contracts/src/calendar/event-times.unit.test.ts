import { describe, expect, it } from 'vitest';
import {
  appointmentEvent,
  CREATE_EVENT_DEFAULTS,
  MIN_EVENT_MINUTES,
  PROJECT_END_ID_OFFSET,
  projectEvents,
  ZCalendarEvent,
} from './event-times.ts';
import { addDays, BUSINESS_TIME_ZONE, localToUtc, utcToLocal } from './time-zone.ts';

const appt = (over: Partial<Parameters<typeof appointmentEvent>[0]> = {}) =>
  appointmentEvent({
    id: 7,
    clientId: 3,
    title: 'Site visit',
    scheduledDate: '2026-06-10',
    startTime: '10:00',
    endTime: null,
    duration: null,
    ...over,
  });
const project = (jobStartDate: string | null, jobEndDate: string | null) =>
  projectEvents({ id: 42, clientId: 3, title: 'Cameras', jobStartDate, jobEndDate });
const minutes = (e: { start: string; end: string }) => (Date.parse(e.end) - Date.parse(e.start)) / 60_000;

describe('time zone', () => {
  it('is America/Anchorage', () => {
    expect(BUSINESS_TIME_ZONE).toBe('America/Anchorage');
  });

  it('maps 09:00 local each day of the spring-forward week (2026-03-08) to UTC and back', () => {
    for (let i = 0; i < 7; i++) {
      const date = addDays('2026-03-05', i); // Thu 5th .. Wed 11th
      const utc = localToUtc(date, '09:00');
      const hour = date < '2026-03-08' ? 18 : 17; // AKST UTC-9, then AKDT UTC-8
      expect(utc.toISOString()).toBe(`${date}T${hour}:00:00.000Z`);
      expect(utcToLocal(utc)).toEqual({ date, time: '09:00' });
    }
  });

  it('maps 09:00 local each day of the fall-back week (2026-11-01) to UTC and back', () => {
    for (let i = 0; i < 7; i++) {
      const date = addDays('2026-10-29', i); // Thu 29th .. Wed 4th
      const utc = localToUtc(date, '09:00');
      const hour = date < '2026-11-01' ? 17 : 18;
      expect(utc.toISOString()).toBe(`${date}T${hour}:00:00.000Z`);
      expect(utcToLocal(utc)).toEqual({ date, time: '09:00' });
    }
  });

  it('moves a nonexistent spring-forward time forward by the gap', () => {
    expect(localToUtc('2026-03-08', '01:59').toISOString()).toBe('2026-03-08T10:59:00.000Z');
    expect(localToUtc('2026-03-08', '02:30').toISOString()).toBe('2026-03-08T11:30:00.000Z');
    expect(utcToLocal('2026-03-08T11:30:00.000Z')).toEqual({ date: '2026-03-08', time: '03:30' });
    expect(localToUtc('2026-03-08', '03:00').toISOString()).toBe('2026-03-08T11:00:00.000Z');
  });

  it('takes the earlier of a repeated fall-back time', () => {
    expect(localToUtc('2026-11-01', '01:30').toISOString()).toBe('2026-11-01T09:30:00.000Z');
    // both instants read back as 01:30 local
    expect(utcToLocal('2026-11-01T09:30:00.000Z').time).toBe('01:30');
    expect(utcToLocal('2026-11-01T10:30:00.000Z').time).toBe('01:30');
    expect(localToUtc('2026-11-01', '02:00').toISOString()).toBe('2026-11-01T11:00:00.000Z');
  });

  it('rejects dates and times that do not exist', () => {
    expect(() => localToUtc('2026-02-30', '09:00')).toThrow(RangeError);
    expect(() => localToUtc('2026-06-10', '24:00')).toThrow(RangeError);
    expect(() => localToUtc('2026-6-10', '09:00')).toThrow(RangeError);
    expect(() => utcToLocal('nope')).toThrow(RangeError);
  });

  it('reads a UTC instant on the next UTC day as the local evening', () => {
    expect(utcToLocal('2026-06-11T03:00:00.000Z')).toEqual({ date: '2026-06-10', time: '19:00' });
  });
});

describe('appointment events', () => {
  it('lasts 60 minutes with no end time or duration', () => {
    const e = appt();
    expect(e).toMatchObject({ id: 7, type: 'appointment', clientId: 3, date: '2026-06-10', time: '10:00' });
    expect(e.start).toBe('2026-06-10T18:00:00.000Z');
    expect(e.end).toBe('2026-06-10T19:00:00.000Z');
    expect(minutes(appt({ duration: 0 }))).toBe(60);
    expect(ZCalendarEvent.parse(e)).toEqual(e);
  });

  it('uses the end time, else the duration', () => {
    expect(minutes(appt({ endTime: '11:30' }))).toBe(90);
    expect(minutes(appt({ duration: 45 }))).toBe(45);
    expect(minutes(appt({ endTime: '10:45', duration: 120 }))).toBe(45);
  });

  it('lasts at least 30 minutes (29, 30, 31)', () => {
    expect(MIN_EVENT_MINUTES).toBe(30);
    expect(minutes(appt({ duration: 29 }))).toBe(30);
    expect(minutes(appt({ duration: 30 }))).toBe(30);
    expect(minutes(appt({ duration: 31 }))).toBe(31);
    expect(minutes(appt({ endTime: '10:29' }))).toBe(30);
    expect(minutes(appt({ endTime: '10:31' }))).toBe(31);
    expect(minutes(appt({ endTime: '09:00' }))).toBe(30);
  });

  it('spans the daylight-saving change in real minutes', () => {
    const e = appt({ scheduledDate: '2026-11-01', startTime: '00:30', endTime: '03:30' });
    expect(e.start).toBe('2026-11-01T08:30:00.000Z');
    expect(minutes(e)).toBe(4 * 60); // the repeated hour counts
  });

  it('starts at the form default without a start time', () => {
    expect(appt({ startTime: null }).time).toBe(CREATE_EVENT_DEFAULTS.startTime);
  });
});

describe('project events', () => {
  it('a start at midnight runs 09:00-17:00, an end at midnight 15:00-17:00', () => {
    const [start, end] = project('2026-06-10', '2026-06-12');
    expect(start).toMatchObject({
      id: 42,
      type: 'project_start',
      projectId: 42,
      date: '2026-06-10',
      time: '09:00',
    });
    expect(start?.start).toBe('2026-06-10T17:00:00.000Z');
    expect(start?.end).toBe('2026-06-11T01:00:00.000Z');
    expect(end).toMatchObject({ id: 42 + 10_000, type: 'project_end', projectId: 42, time: '15:00' });
    expect(end?.start).toBe('2026-06-12T23:00:00.000Z');
    expect(end?.end).toBe('2026-06-13T01:00:00.000Z');
    expect(PROJECT_END_ID_OFFSET).toBe(10_000);
    expect(project('2026-06-10T00:00', null)[0]?.time).toBe('09:00');
  });

  it('a start at another time lasts 8 hours, an end 2 hours', () => {
    const [start, end] = project('2026-06-10T07:30', '2026-06-12T10:00');
    expect(start?.time).toBe('07:30');
    expect(minutes(start as { start: string; end: string })).toBe(8 * 60);
    expect(end?.time).toBe('10:00');
    expect(minutes(end as { start: string; end: string })).toBe(2 * 60);
  });

  it('uses local hours across daylight saving (start in AKST, end in AKDT)', () => {
    const [start, end] = project('2026-03-06', '2026-03-09');
    expect(start?.start).toBe('2026-03-06T18:00:00.000Z');
    expect(end?.start).toBe('2026-03-09T23:00:00.000Z'); // 15:00 AKDT
  });

  it('omits unset dates', () => {
    expect(project(null, null)).toEqual([]);
    expect(project(null, '2026-06-12').map((e) => e.type)).toEqual(['project_end']);
  });
});

describe('create form defaults', () => {
  it('are 09:00 to 10:00, job type appointment', () => {
    expect(CREATE_EVENT_DEFAULTS).toEqual({ startTime: '09:00', endTime: '10:00', jobType: 'appointment' });
  });
});

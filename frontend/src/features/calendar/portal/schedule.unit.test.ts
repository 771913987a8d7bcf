import { appointmentEvent, projectEvents } from '@app/contracts/calendar/event-times';
import { describe, expect, it } from 'vitest';
import {
  clock,
  eventsAddress,
  groupByDay,
  icsAddress,
  icsFileName,
  scheduleRange,
  statusText,
  timeRange,
} from './schedule';

const visit = (id: number, scheduledDate: string, startTime: string, endTime: string | null = null) =>
  appointmentEvent({
    id,
    clientId: 1,
    title: `Visit ${id}`,
    scheduledDate,
    startTime,
    endTime,
    status: 'scheduled',
  });

describe('scheduleRange', () => {
  it('asks for today through 365 days ahead, a range the events route accepts', () => {
    expect(scheduleRange('2026-11-25')).toEqual({ from: '2026-11-25', to: '2027-11-25' });
    expect(eventsAddress(scheduleRange('2028-02-29'))).toBe(
      '/api/calendar/events?from=2028-02-29&to=2029-02-28',
    );
  });
});

describe('groupByDay', () => {
  it('groups by local day, days and events in start order', () => {
    const project = projectEvents({
      id: 4,
      clientId: 1,
      title: 'Lodge cameras',
      jobStartDate: '2026-12-02',
      jobEndDate: '2026-12-03',
    });
    const days = groupByDay([visit(2, '2026-12-03', '08:00'), ...project, visit(1, '2026-12-02', '07:30')]);
    expect(days.map((day) => [day.date, day.events.map((event) => event.title)])).toEqual([
      ['2026-12-02', ['Visit 1', 'Project Start: Lodge cameras']],
      ['2026-12-03', ['Visit 2', 'Project End: Lodge cameras']],
    ]);
  });

  it('is empty for no events', () => {
    expect(groupByDay([])).toEqual([]);
  });
});

describe('times', () => {
  it('reads as Anchorage wall-clock times, also across the March daylight-saving change', () => {
    expect(clock('00:05')).toBe('12:05 AM');
    expect(clock('12:00')).toBe('12:00 PM');
    expect(clock('17:45')).toBe('5:45 PM');
    expect(timeRange(visit(1, '2026-03-07', '09:00', '10:30'))).toBe('9:00 AM – 10:30 AM');
    expect(timeRange(visit(2, '2026-03-08', '09:00', '10:30'))).toBe('9:00 AM – 10:30 AM');
    // No end: 60 minutes (spec section 9).
    expect(timeRange(visit(3, '2026-07-01', '13:15'))).toBe('1:15 PM – 2:15 PM');
  });

  it('names the end day when the event ends on another day', () => {
    const late = appointmentEvent({
      id: 5,
      clientId: 1,
      title: 'Night install',
      scheduledDate: '2026-07-01',
      startTime: '23:00',
      duration: 120,
    });
    expect(timeRange(late)).toBe('11:00 PM – 2026-07-02 1:00 AM');
  });
});

describe('labels and the .ics address', () => {
  it('reads statuses as words', () => {
    expect(statusText('in_progress')).toBe('In progress');
    expect(statusText('confirmed')).toBe('Confirmed');
    expect(statusText(undefined)).toBe('Scheduled');
  });

  it('asks for an event by its type and id, a project end by its own id', () => {
    const [, end] = projectEvents({
      id: 4,
      clientId: 1,
      title: 'x',
      jobStartDate: '2026-12-02',
      jobEndDate: '2026-12-03',
    });
    expect(icsAddress(end!)).toBe('/api/calendar/ics?type=project_end&id=10004');
    expect(icsAddress(visit(9, '2026-12-01', '09:00'))).toBe('/api/calendar/ics?type=appointment&id=9');
  });

  it('offers a file name without characters file systems refuse', () => {
    expect(icsFileName({ title: 'Install: cameras / roof?', date: '2026-12-01' })).toBe(
      '2026-12-01 Install cameras roof.ics',
    );
  });
});

import { appointmentEvent } from '@app/contracts/calendar/event-times';
import { describe, expect, it } from 'vitest';
import { longDay } from '../calendar-days';
import { scheduleRange, timeRange } from './schedule';

const visit = (
  scheduledDate: string,
  startTime: string,
  more: { endTime?: string; duration?: number } = {},
) => appointmentEvent({ id: 1, clientId: 1, title: 'Visit', scheduledDate, startTime, ...more });

describe('scheduleRange', () => {
  it('asks for today through 365 days ahead, the longest range the events route accepts', () => {
    expect(scheduleRange('2026-11-25')).toEqual({ from: '2026-11-25', to: '2027-11-25' });
    expect(scheduleRange('2028-02-29')).toEqual({ from: '2028-02-29', to: '2029-02-28' });
  });
});

describe('timeRange', () => {
  it('reads Anchorage wall-clock times, the same either side of the March daylight-saving change', () => {
    expect(timeRange(visit('2026-03-07', '09:00', { endTime: '10:30' }))).toBe('9:00 AM – 10:30 AM');
    expect(timeRange(visit('2026-03-08', '09:00', { endTime: '10:30' }))).toBe('9:00 AM – 10:30 AM');
  });

  it('lasts 60 minutes without an end (spec section 9)', () => {
    expect(timeRange(visit('2026-07-01', '13:15'))).toBe('1:15 PM – 2:15 PM');
  });

  it('names the end day when the event ends on another day', () => {
    expect(timeRange(visit('2026-07-01', '23:00', { duration: 120 }))).toBe(
      `11:00 PM – ${longDay('2026-07-02')} 1:00 AM`,
    );
  });
});

import { utcToLocal as localDayAndTime } from '@app/contracts/calendar/time-zone';
import type { TAppointmentEvent } from '@app/contracts/events/appointments';
import { describe, expect, it } from 'vitest';
import { type AppointmentRow, evolveAppointment } from './projection.ts';

const scheduled = (startsAt: string, endsAt: string | null): TAppointmentEvent => ({
  type: 'AppointmentScheduled',
  data: {
    appointmentId: 5,
    clientId: 100,
    projectId: null,
    title: 'Site visit',
    description: '',
    appointmentType: 'maintenance',
    location: '',
    startsAt,
    endsAt,
    status: 'scheduled',
    scheduledBy: 1,
    scheduledAt: '2026-03-01T10:00:00.000Z',
  },
});

describe('appointments view', () => {
  it('shows Anchorage day and time on both sides of the spring daylight-saving change (8 March 2026)', () => {
    // AKST is UTC-9 before, AKDT UTC-8 after.
    expect(localDayAndTime('2026-03-07T18:00:00.000Z')).toEqual({ date: '2026-03-07', time: '09:00' });
    expect(localDayAndTime('2026-03-09T17:00:00.000Z')).toEqual({ date: '2026-03-09', time: '09:00' });
    // Late evening in Anchorage is the next day in UTC.
    expect(localDayAndTime('2026-03-10T06:30:00.000Z')).toEqual({ date: '2026-03-09', time: '22:30' });
  });

  it('a scheduled appointment: local day and times, minutes between, 60 when no end', () => {
    const row = evolveAppointment(null, scheduled('2026-03-09T17:00:00.000Z', '2026-03-09T18:30:00.000Z'));
    expect(row).toMatchObject({
      id: 5,
      client_id: 100,
      scheduled_date: '2026-03-09',
      start_time: '09:00',
      end_time: '10:30',
      duration: 90,
      status: 'scheduled',
      type: 'maintenance',
      location: null,
    });
    expect(evolveAppointment(null, scheduled('2026-03-09T17:00:00.000Z', null))).toMatchObject({
      end_time: null,
      duration: 60,
    });
  });

  it('a change replaces the details and status; a cancel keeps the row as cancelled', () => {
    const row = evolveAppointment(null, scheduled('2026-03-09T17:00:00.000Z', null)) as AppointmentRow;
    const changed = evolveAppointment(row, {
      type: 'AppointmentChanged',
      data: {
        appointmentId: 5,
        projectId: 7,
        title: 'Moved',
        description: 'x',
        appointmentType: 'maintenance',
        location: 'Shop',
        startsAt: '2026-03-10T17:00:00.000Z',
        endsAt: null,
        status: 'confirmed',
        changedBy: 1,
        changedAt: '2026-03-02T10:00:00.000Z',
      },
    }) as AppointmentRow;
    expect(changed).toMatchObject({
      title: 'Moved',
      project_id: 7,
      scheduled_date: '2026-03-10',
      status: 'confirmed',
    });
    const cancelled = evolveAppointment(changed, {
      type: 'AppointmentCancelled',
      data: { appointmentId: 5, cancelledBy: 1, cancelledAt: '2026-03-03T10:00:00.000Z' },
    });
    expect(cancelled).toMatchObject({ title: 'Moved', status: 'cancelled' });
    expect(
      evolveAppointment(null, {
        type: 'AppointmentCancelled',
        data: { appointmentId: 9, cancelledBy: 1, cancelledAt: '2026-03-03T10:00:00.000Z' },
      }),
    ).toBeUndefined();
  });
});

import {
  APPOINTMENT_CANCELLED,
  APPOINTMENT_END_BEFORE_START,
  APPOINTMENT_PROJECT_OTHER_CLIENT,
  APPOINTMENT_TITLE_REQUIRED,
  APPOINTMENT_TOO_SHORT,
} from '@app/contracts/api/appointments';
import type { TAppointmentEvent } from '@app/contracts/events/appointments';
import { encodeEvent } from '@app/contracts/events/domain';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentDetails,
  type AppointmentState,
  appointmentDecider,
  appointmentStream,
  cancelAppointment,
  changeAppointment,
  type ScheduleCommand,
  scheduleAppointment,
} from './decide.ts';

const at = '2026-03-01T10:00:00.000Z';
const details: AppointmentDetails = {
  projectId: 7,
  title: '  Site visit ',
  description: 'Check the cameras',
  appointmentType: 'maintenance',
  location: 'Anchorage',
  // 09:00 and 10:00 in Anchorage (AKST, UTC-9).
  startsAt: '2026-03-05T18:00:00.000Z',
  endsAt: '2026-03-05T19:00:00.000Z',
};
const ownProject = { id: 7, clientId: 100 };
const fold = (events: TAppointmentEvent[], from: AppointmentState = appointmentDecider.initial) =>
  events.reduce((s, e) => appointmentDecider.evolve(s, e), from);
const schedule = (command: Partial<ScheduleCommand> = {}, state = appointmentDecider.initial) =>
  scheduleAppointment(state, {
    appointmentId: 1,
    clientId: 100,
    details,
    project: ownProject,
    by: 1,
    at,
    ...command,
  });
const scheduled = () => fold(schedule());

describe('scheduleAppointment', () => {
  it('records a scheduled appointment with trimmed texts, UTC times, and a stream per appointment', () => {
    const events = schedule();
    expect(events).toEqual([
      {
        type: 'AppointmentScheduled',
        data: {
          appointmentId: 1,
          clientId: 100,
          ...details,
          title: 'Site visit',
          status: 'scheduled',
          scheduledBy: 1,
          scheduledAt: at,
        },
      },
    ]);
    // Every event decide makes fits its stored schema.
    for (const e of events) expect(() => encodeEvent(e.type, e.data)).not.toThrow();
    expect(appointmentStream(1)).toBe('appointment-1');
    expect(fold(events)).toMatchObject({ lifecycle: 'active', status: 'scheduled', title: 'Site visit' });
  });

  it('takes no end time (the calendar shows 60 minutes) and no project', () => {
    const [event] = schedule({ details: { ...details, endsAt: null, projectId: null }, project: null });
    expect(event?.data).toMatchObject({ endsAt: null, projectId: null });
  });

  it('refuses a blank title, and an end before or at its start, with the messages', () => {
    expect(() => schedule({ details: { ...details, title: '   ' } })).toThrow(APPOINTMENT_TITLE_REQUIRED);
    expect(() => schedule({ details: { ...details, endsAt: '2026-03-05T17:59:00.000Z' } })).toThrow(
      APPOINTMENT_END_BEFORE_START,
    );
    expect(() => schedule({ details: { ...details, endsAt: details.startsAt } })).toThrow(
      APPOINTMENT_END_BEFORE_START,
    );
  });

  it("refuses another client's project (400) and a project that does not exist (404)", () => {
    expect(() => schedule({ project: { id: 7, clientId: 101 } })).toThrow(APPOINTMENT_PROJECT_OTHER_CLIENT);
    expect(() => schedule({ project: { id: 7, clientId: 101 } })).toThrow(
      expect.objectContaining({ status: 400 }),
    );
    expect(() => schedule({ project: null })).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('a retried create records nothing twice; another create on the same stream is a conflict', () => {
    expect(schedule({}, scheduled())).toEqual([]);
    expect(() => schedule({ clientId: 101, project: { id: 7, clientId: 101 } }, scheduled())).toThrow(
      expect.objectContaining({ status: 409 }),
    );
  });
});

describe('changeAppointment', () => {
  const change = (
    state: AppointmentState,
    changes: Parameters<typeof changeAppointment>[1]['changes'],
    project = null,
  ) => changeAppointment(state, { changes, project, by: 2, at });

  it('records the whole new set of details; the rest stays as it was', () => {
    const events = change(scheduled(), {
      title: 'Visit moved',
      startsAt: '2026-03-06T18:00:00.000Z',
      endsAt: null,
    });
    expect(events).toEqual([
      {
        type: 'AppointmentChanged',
        data: {
          appointmentId: 1,
          ...details,
          title: 'Visit moved',
          startsAt: '2026-03-06T18:00:00.000Z',
          endsAt: null,
          status: 'scheduled',
          changedBy: 2,
          changedAt: at,
        },
      },
    ]);
    expect(fold(events, scheduled())).toMatchObject({
      lifecycle: 'active',
      title: 'Visit moved',
      endsAt: null,
    });
  });

  it('records nothing when nothing changes', () => {
    expect(change(scheduled(), { title: 'Site visit', status: 'scheduled' })).toEqual([]);
  });

  it('refuses a new start after the kept end, and a blank title', () => {
    expect(() => change(scheduled(), { startsAt: '2026-03-05T19:30:00.000Z' })).toThrow(
      APPOINTMENT_END_BEFORE_START,
    );
    expect(() => change(scheduled(), { title: ' ' })).toThrow(APPOINTMENT_TITLE_REQUIRED);
  });

  it("moves to another of the client's projects, never to another client's", () => {
    expect(
      changeAppointment(scheduled(), {
        changes: { projectId: 8 },
        project: { id: 8, clientId: 100 },
        by: 2,
        at,
      })[0]?.data,
    ).toMatchObject({ projectId: 8 });
    expect(() =>
      changeAppointment(scheduled(), {
        changes: { projectId: 9 },
        project: { id: 9, clientId: 101 },
        by: 2,
        at,
      }),
    ).toThrow(APPOINTMENT_PROJECT_OTHER_CLIENT);
  });

  it('status cancelled records the change, then the cancellation; a cancelled appointment cannot change', () => {
    const events = change(scheduled(), { title: 'Called off', status: 'cancelled' });
    expect(events.map((e) => e.type)).toEqual(['AppointmentChanged', 'AppointmentCancelled']);
    const cancelled = fold(events, scheduled());
    expect(cancelled.lifecycle).toBe('cancelled');
    expect(() => change(cancelled, { title: 'Again' })).toThrow(APPOINTMENT_CANCELLED);
    expect(() => change(cancelled, { title: 'Again' })).toThrow(expect.objectContaining({ status: 409 }));
  });

  it('an unknown appointment is 404', () => {
    expect(() => change(appointmentDecider.initial, { title: 'x' })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});

describe('cancelAppointment', () => {
  it('cancels once; a retried cancel records nothing; an unknown appointment is 404', () => {
    const events = cancelAppointment(scheduled(), { by: 2, at });
    expect(events).toEqual([
      { type: 'AppointmentCancelled', data: { appointmentId: 1, cancelledBy: 2, cancelledAt: at } },
    ]);
    expect(cancelAppointment(fold(events, scheduled()), { by: 2, at })).toEqual([]);
    expect(() => cancelAppointment(appointmentDecider.initial, { by: 2, at })).toThrow(
      expect.objectContaining({ status: 404 }),
    );
  });
});

describe('the 30-minute minimum (section 5, "Create event")', () => {
  const endingAt = (endsAt: string) => ({ details: { ...details, endsAt } });
  it('refuses a new appointment shorter than 30 minutes, and takes exactly 30', () => {
    expect(() => schedule(endingAt('2026-03-05T18:29:00.000Z'))).toThrow(APPOINTMENT_TOO_SHORT);
    expect(schedule(endingAt('2026-03-05T18:30:00.000Z'))).toHaveLength(1);
  });
  it('refuses a change that makes it shorter, but lets one made before the rule be renamed', () => {
    expect(() =>
      changeAppointment(scheduled(), {
        changes: { endsAt: '2026-03-05T18:10:00.000Z' },
        project: null,
        by: 1,
        at,
      }),
    ).toThrow(APPOINTMENT_TOO_SHORT);
    const short = fold([
      {
        type: 'AppointmentScheduled',
        data: {
          appointmentId: 1,
          clientId: 100,
          ...details,
          endsAt: '2026-03-05T18:15:00.000Z',
          status: 'scheduled',
          scheduledBy: 1,
          scheduledAt: at,
        },
      },
    ]);
    const renamed = changeAppointment(short, { changes: { title: 'Quick check' }, project: null, by: 1, at });
    expect(renamed).toMatchObject([{ type: 'AppointmentChanged', data: { title: 'Quick check' } }]);
  });
});

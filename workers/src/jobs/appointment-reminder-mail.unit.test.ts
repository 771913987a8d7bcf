import type { StoredEvent } from '@app/contracts/events/envelope';
import { describe, expect, it } from 'vitest';
import {
  appointmentChangedReminder,
  appointmentNow,
  appointmentScheduledReminder,
  REMINDER_LEAD_MS,
  reminderDecision,
  reminderEvent,
  reminderMailFor,
  whenText,
} from './appointment-reminder-mail.ts';

let revision = 0n;
function stored(id: string, type: string, data: Record<string, unknown>): StoredEvent {
  return {
    id,
    streamName: 'appointment-7',
    revision: revision++,
    position: { commit: revision, prepare: revision },
    type,
    data,
    metadata: {
      actorId: 1,
      actorRole: 'admin',
      correlationId: 'c',
      causationId: null,
      occurredAt: '2026-11-20T00:00:00.000Z',
      clientIp: null,
    },
  };
}

const details = {
  appointmentId: 7,
  projectId: null,
  title: 'Camera check',
  description: 'Bring the ladder',
  appointmentType: 'appointment',
  location: '12 Spruce Rd, Wasilla',
  // 09:00 AKST on Tuesday 2026-12-01.
  startsAt: '2026-12-01T18:00:00.000Z',
  endsAt: '2026-12-01T19:30:00.000Z' as string | null,
  status: 'scheduled',
};
const scheduled = stored('e1', 'AppointmentScheduled', {
  ...details,
  clientId: 3,
  scheduledBy: 1,
  scheduledAt: '2026-11-20T00:00:00.000Z',
});
const changed = (id: string, change: Partial<typeof details>) =>
  stored(id, 'AppointmentChanged', {
    ...details,
    ...change,
    changedBy: 1,
    changedAt: '2026-11-21T00:00:00.000Z',
  });
const cancelled = stored('e9', 'AppointmentCancelled', {
  appointmentId: 7,
  cancelledBy: 1,
  cancelledAt: '2026-11-22T00:00:00.000Z',
});
const before = new Date('2026-11-30T18:00:00.000Z');
const job = (startedBy: string, startsAt = details.startsAt) => ({ startedBy, startsAt });

describe('whether a reminder still stands when it runs', () => {
  it('sends for the event that set the start, while the appointment still starts then', () => {
    const decision = reminderDecision([scheduled], job('e1'), before);
    expect(decision).toMatchObject({ send: true, appointment: { title: 'Camera check', startSetBy: 'e1' } });
  });

  it('a cancelled appointment sends nothing', () => {
    expect(reminderDecision([scheduled, cancelled], job('e1'), before)).toEqual({
      send: false,
      reason: 'cancelled',
    });
  });

  it("a moved appointment's old reminder stands down; the move's own reminder sends", () => {
    const moved = changed('e2', { startsAt: '2026-12-03T18:00:00.000Z', endsAt: null });
    expect(reminderDecision([scheduled, moved], job('e1'), before)).toEqual({
      send: false,
      reason: 'moved to 2026-12-03T18:00:00.000Z',
    });
    const later = new Date('2026-12-02T18:00:00.000Z');
    expect(reminderDecision([scheduled, moved], job('e2', '2026-12-03T18:00:00.000Z'), later)).toMatchObject({
      send: true,
    });
  });

  it('a change that keeps the time makes no second reminder (the first one sends, with the new details)', () => {
    const renamed = changed('e2', {
      title: 'Camera check and cleaning',
      startsAt: '2026-12-01T10:00:00-08:00',
    });
    expect(reminderDecision([scheduled, renamed], job('e2'), before)).toMatchObject({ send: false });
    expect(reminderDecision([scheduled, renamed], job('e1'), before)).toMatchObject({
      send: true,
      appointment: { title: 'Camera check and cleaning' },
    });
  });

  it('moved away and back: only the move back sends', () => {
    const away = changed('e2', { startsAt: '2026-12-05T18:00:00.000Z' });
    const back = changed('e3', { startsAt: details.startsAt });
    const events = [scheduled, away, back];
    expect(reminderDecision(events, job('e1'), before)).toMatchObject({ send: false });
    expect(reminderDecision(events, job('e2', '2026-12-05T18:00:00.000Z'), before)).toMatchObject({
      send: false,
      reason: `moved to ${details.startsAt}`,
    });
    expect(reminderDecision(events, job('e3'), before)).toMatchObject({ send: true });
  });

  it('an appointment already started, completed or unknown sends nothing', () => {
    expect(reminderDecision([scheduled], job('e1'), new Date(details.startsAt))).toEqual({
      send: false,
      reason: 'already started',
    });
    const done = changed('e2', { status: 'completed' });
    expect(reminderDecision([scheduled, done], job('e1'), before)).toEqual({
      send: false,
      reason: 'completed',
    });
    expect(reminderDecision([], job('e1'), before)).toEqual({ send: false, reason: 'no such appointment' });
  });

  it('is due 24 hours before the start, from either event, with one spelling of the start', () => {
    const data = { ...details, clientId: 3, scheduledBy: 1, scheduledAt: '2026-11-20T00:00:00.000Z' };
    expect(appointmentScheduledReminder.runAt?.(data as never, scheduled)?.toISOString()).toBe(
      new Date(Date.parse(details.startsAt) - REMINDER_LEAD_MS).toISOString(),
    );
    const moved = { ...details, startsAt: '2026-12-03T10:00:00-08:00', changedBy: 1, changedAt: 'x' };
    expect(appointmentChangedReminder.payloadFor(moved as never, scheduled)).toEqual({
      appointmentId: 7,
      startsAt: '2026-12-03T18:00:00.000Z',
    });
    expect(appointmentChangedReminder.runAt?.(moved as never, scheduled)?.toISOString()).toBe(
      '2026-12-02T18:00:00.000Z',
    );
  });
});

describe('the reminder mail', () => {
  it('says what, when in Alaska time, where, and links the portal; the .ics is attached', () => {
    const appointment = appointmentNow([scheduled])!;
    const event = reminderEvent(appointment, 'Kenai Lodge');
    expect(event).toMatchObject({
      start: details.startsAt,
      end: details.endsAt,
      date: '2026-12-01',
      time: '09:00',
    });
    const mail = reminderMailFor(
      { event, clientName: 'Kenai Lodge', to: 'lodge@example.com', ics: 'BEGIN:VCALENDAR...' },
      'https://ng.example',
    );
    expect(mail.to).toBe('lodge@example.com');
    expect(mail.subject).toBe('Reminder: Camera check on Tue, Dec 1 at 9:00 AM');
    expect(mail.text).toContain('Hello Kenai Lodge,');
    expect(mail.text).toContain('  What: Camera check\n');
    expect(mail.text).toContain('  When: Tuesday, December 1, 2026, 9:00 AM – 10:30 AM AKST (Alaska time)\n');
    expect(mail.text).toContain('  Where: 12 Spruce Rd, Wasilla\n');
    expect(mail.text).toContain('  Notes: Bring the ladder\n');
    expect(mail.text).toContain('https://ng.example/client');
    expect(mail.attachments).toEqual([
      {
        filename: 'appointment.ics',
        content: 'BEGIN:VCALENDAR...',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ]);
  });

  it('an appointment without an end lasts 60 minutes; summer times are AKDT; no location, no Where line', () => {
    const summer = stored('s1', 'AppointmentScheduled', {
      ...details,
      location: '',
      startsAt: '2026-07-01T17:00:00.000Z',
      endsAt: null,
      clientId: 3,
      scheduledBy: 1,
      scheduledAt: '2026-06-01T00:00:00.000Z',
    });
    const event = reminderEvent(appointmentNow([summer])!, 'Kenai Lodge');
    expect(event.end).toBe('2026-07-01T18:00:00.000Z');
    const mail = reminderMailFor(
      { event, clientName: 'K', to: 'k@example.com', ics: '' },
      'https://ng.example',
    );
    expect(mail.text).toContain('When: Wednesday, July 1, 2026, 9:00 AM – 10:00 AM AKDT (Alaska time)');
    expect(mail.text).not.toContain('Where:');
    expect(whenText('2026-07-01T17:00:00.000Z', '2026-07-02T17:00:00.000Z')).toBe(
      'Wednesday, July 1, 2026, 9:00 AM – Thursday, July 2, 2026, 9:00 AM AKDT (Alaska time)',
    );
  });
});

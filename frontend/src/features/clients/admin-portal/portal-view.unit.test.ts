import { describe, expect, it } from 'vitest';
import { appointmentTime, formatClock, humanStatus, projectTitleOf, quickStats } from './portal-view';

describe('portal-view', () => {
  it('reads wall-clock times without a time zone', () => {
    expect(formatClock('09:30')).toBe('9:30 AM');
    expect(formatClock('00:05:00')).toBe('12:05 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
    expect(formatClock('17:45')).toBe('5:45 PM');
    expect(formatClock('soon')).toBe('soon');
  });

  it("shows an appointment's range, start or its absence", () => {
    expect(appointmentTime({ startTime: '09:00', endTime: '10:30' })).toBe('9:00 AM – 10:30 AM');
    expect(appointmentTime({ startTime: '13:00', endTime: null })).toBe('1:00 PM');
    expect(appointmentTime({ startTime: null, endTime: null })).toBe('Time not set');
  });

  it('names statuses it has no label for', () => {
    expect(humanStatus('in_progress')).toBe('In progress');
    expect(humanStatus('scheduled')).toBe('Scheduled');
  });

  it('counts the four lists', () => {
    expect(quickStats({ projects: [1, 2], messages: [], appointments: [1], payments: [1, 2, 3] })).toEqual({
      projects: 2,
      messages: 0,
      appointments: 1,
      payments: 3,
    });
  });

  it("names a document's project, 'Unassigned' without one, and the number of one not listed", () => {
    const titleOf = projectTitleOf([
      { id: 4, title: 'Cabin cameras' },
      { id: 9, title: 'Lodge Starlink' },
    ]);
    expect(titleOf(9)).toBe('Lodge Starlink');
    expect(titleOf(4)).toBe('Cabin cameras');
    expect(titleOf(null)).toBe('Unassigned');
    expect(titleOf(12)).toBe('Project #12');
  });
});

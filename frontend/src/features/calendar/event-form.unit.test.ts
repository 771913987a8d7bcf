import { appointmentEvent } from '@app/contracts/calendar/event-times';
import { describe, expect, it } from 'vitest';
import {
  canCreate,
  changeBody,
  createBody,
  durationMinutes,
  durationProblem,
  editDraftOf,
  newJobDraft,
} from './event-form';

describe('Schedule New Job and Edit Event forms', () => {
  it('starts with the spec’s defaults: 09:00 to 10:00, job type appointment', () => {
    expect(newJobDraft('2030-03-10')).toMatchObject({
      date: '2030-03-10',
      startTime: '09:00',
      endTime: '10:00',
      type: 'appointment',
    });
  });

  it('measures the duration as end minus start and wants at least 30 minutes', () => {
    expect(durationMinutes('09:00', '10:15')).toBe(75);
    expect(durationProblem('09:00', '09:30')).toBeNull();
    expect(durationProblem('09:00', '09:29')).toBe('An event must last at least 30 minutes');
    expect(durationProblem('10:00', '09:00')).toBe('An event must last at least 30 minutes');
    expect(durationProblem('', '09:00')).toBe('Please enter a start and an end time');
  });

  it('needs a trimmed title and a client', () => {
    const draft = { ...newJobDraft('2030-03-10'), title: '   ', clientId: '4' };
    expect(canCreate(draft)).toBe(false);
    expect(createBody(draft)).toEqual({
      ok: false,
      title: 'Validation Error',
      problem: 'Please enter an event title',
    });
    expect(canCreate({ ...draft, title: 'Dish install', clientId: '' })).toBe(false);
    expect(createBody({ ...draft, title: 'Dish install', clientId: '' })).toMatchObject({
      ok: false,
      problem: 'Please select a client',
    });
  });

  it('sends the spec’s fields', () => {
    const draft = {
      ...newJobDraft('2030-03-10'),
      title: ' Dish install ',
      clientId: '4',
      type: 'starlink',
      endTime: '11:30',
      notes: 'Bring the ladder',
    };
    expect(createBody(draft)).toEqual({
      ok: true,
      body: {
        clientId: 4,
        title: 'Dish install',
        description: 'Bring the ladder',
        scheduledDate: '2030-03-10',
        startTime: '09:00',
        endTime: '11:30',
        duration: 150,
        status: 'scheduled',
        type: 'starlink',
      },
    });
  });

  it('edits an appointment from its event, in Anchorage time, across the March change', () => {
    // 2030-03-10 is the spring-forward day in Anchorage: 01:30 to 03:30 local is one hour of real time.
    const event = appointmentEvent({
      id: 3,
      clientId: 4,
      title: 'Night check',
      scheduledDate: '2030-03-10',
      startTime: '01:30',
      endTime: '03:30',
      status: 'confirmed',
    });
    const draft = editDraftOf(event);
    expect(draft).toEqual({
      title: 'Night check',
      date: '2030-03-10',
      startTime: '01:30',
      endTime: '03:30',
      status: 'confirmed',
      description: '',
    });
    expect(changeBody({ ...draft, title: ' ' })).toMatchObject({
      ok: false,
      problem: 'Please enter an event title',
    });
    expect(changeBody({ ...draft, status: 'completed' })).toMatchObject({
      ok: true,
      body: { scheduledDate: '2030-03-10', startTime: '01:30', endTime: '03:30', status: 'completed' },
    });
  });
});

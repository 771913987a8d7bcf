import type { TAppointment } from '@app/contracts/api/portal';
import type { TProject } from '@app/contracts/api/projects';
import { describe, expect, it } from 'vitest';
import { sampleProject } from '../features/projects/sample-project';
import { ApiError } from '../lib/api';
import { nextAppointment, projectSummary, recentProjects } from './dashboard';
import { portalRetry } from './queries';

let nextId = 1;
const project = (overrides: Partial<TProject> = {}): TProject => sampleProject(overrides);

const appointment = (overrides: Partial<TAppointment> = {}): TAppointment => ({
  id: nextId++,
  clientId: 1,
  title: 'Site survey',
  description: '',
  scheduledDate: '2030-01-15',
  startTime: null,
  endTime: null,
  duration: 60,
  status: 'scheduled',
  type: 'appointment',
  location: null,
  ...overrides,
});

describe('projectSummary', () => {
  it('counts the projects and those in progress', () => {
    const all = [project({ status: 'in_progress' }), project(), project({ status: 'in_progress' })];
    expect(projectSummary(all)).toEqual({ total: 3, inProgress: 2 });
    expect(projectSummary([])).toEqual({ total: 0, inProgress: 0 });
  });
});

describe('nextAppointment', () => {
  it('is the earliest appointment today or later', () => {
    const past = appointment({ scheduledDate: '2030-01-09' });
    const today = appointment({ scheduledDate: '2030-01-10', title: 'Today' });
    const later = appointment({ scheduledDate: '2030-02-01' });
    expect(nextAppointment([later, past, today], '2030-01-10')).toBe(today);
  });

  it('orders one day by start time and skips cancelled ones', () => {
    const afternoon = appointment({ scheduledDate: '2030-01-12', startTime: '13:00' });
    const morning = appointment({ scheduledDate: '2030-01-12', startTime: '09:00', status: 'cancelled' });
    const evening = appointment({ scheduledDate: '2030-01-12', startTime: '18:00' });
    expect(nextAppointment([evening, morning, afternoon], '2030-01-10')).toBe(afternoon);
  });

  it('is null with nothing ahead', () => {
    expect(nextAppointment([appointment({ scheduledDate: '2029-12-31' })], '2030-01-10')).toBeNull();
  });
});

describe('recentProjects', () => {
  it('answers the 2 projects changed last', () => {
    const a = project({ updatedAt: '2030-01-01T00:00:00.000Z' });
    const b = project({ updatedAt: '2030-01-03T00:00:00.000Z' });
    const c = project({ updatedAt: '2030-01-02T00:00:00.000Z' });
    expect(recentProjects([a, b, c])).toEqual([b, c]);
  });
});

describe('portalRetry', () => {
  it('retries a failure up to 3 times', () => {
    const offline = new Error('Network error');
    expect(portalRetry(0, offline)).toBe(true);
    expect(portalRetry(2, offline)).toBe(true);
    expect(portalRetry(3, offline)).toBe(false);
    expect(portalRetry(1, new ApiError(503, '', 'Service Unavailable'))).toBe(true);
  });

  it('does not retry an answer a retry cannot change', () => {
    expect(portalRetry(0, new ApiError(404, '', 'Not Found'))).toBe(false);
    expect(portalRetry(0, new ApiError(401, '', 'Unauthorized'))).toBe(false);
  });
});

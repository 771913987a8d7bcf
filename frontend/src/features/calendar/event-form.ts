import {
  APPOINTMENT_CLIENT_REQUIRED,
  APPOINTMENT_TITLE_REQUIRED,
  APPOINTMENT_TOO_SHORT,
  type TChangeAppointmentBody,
  type TCreateAppointmentBody,
} from '@app/contracts/api/appointments';
import {
  CREATE_EVENT_DEFAULTS,
  MIN_EVENT_MINUTES,
  type TCalendarEvent,
} from '@app/contracts/calendar/event-times';
import { parseLocalTime, utcToLocal } from '@app/contracts/calendar/time-zone';

/** Scheduling job types (spec part 2, section 3). */
export const SCHEDULING_JOB_TYPES = [
  { value: 'starlink', label: 'Starlink' },
  { value: 'security_cameras', label: 'Security Cameras' },
  { value: 'website_development', label: 'Website Development' },
  { value: 'consultation', label: 'Consultation' },
  { value: 'maintenance', label: 'Maintenance' },
  { value: 'appointment', label: 'Appointment' },
] as const;

/** The Schedule New Job form as typed; dates YYYY-MM-DD, times HH:mm (Anchorage wall clock). */
export type NewJobDraft = {
  clientId: string;
  type: string;
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  notes: string;
};

export const newJobDraft = (date: string): NewJobDraft => ({
  clientId: '',
  type: CREATE_EVENT_DEFAULTS.jobType,
  title: '',
  date,
  startTime: CREATE_EVENT_DEFAULTS.startTime,
  endTime: CREATE_EVENT_DEFAULTS.endTime,
  notes: '',
});

/** Minutes from start to end on the same day; null when either is not a time. */
export function durationMinutes(startTime: string, endTime: string): number | null {
  const start = parseLocalTime(startTime);
  const end = parseLocalTime(endTime);
  return start === null || end === null ? null : end - start;
}

/** Section 5: the duration (end minus start, in minutes) is at least 30. */
export const durationProblem = (startTime: string, endTime: string): string | null => {
  const minutes = durationMinutes(startTime, endTime);
  if (minutes === null) return 'Please enter a start and an end time';
  return minutes < MIN_EVENT_MINUTES ? APPOINTMENT_TOO_SHORT : null;
};

/** The button is disabled without a trimmed title or a client. */
export const canCreate = (draft: NewJobDraft) => draft.title.trim() !== '' && draft.clientId !== '';

export type Checked<T> = { ok: true; body: T } | { ok: false; title: string; problem: string };

/**
 * POST /api/appointments {clientId, title, description, scheduledDate, startTime, endTime, duration,
 * status, type} (section 7), or the form's first problem with the spec's words.
 */
export function createBody(draft: NewJobDraft): Checked<TCreateAppointmentBody & { status: 'scheduled' }> {
  if (!draft.title.trim())
    return { ok: false, title: 'Validation Error', problem: APPOINTMENT_TITLE_REQUIRED };
  if (!draft.clientId) return { ok: false, title: 'Validation Error', problem: APPOINTMENT_CLIENT_REQUIRED };
  if (!draft.date) return { ok: false, title: 'Validation Error', problem: 'Please choose a date' };
  const problem = durationProblem(draft.startTime, draft.endTime);
  if (problem) return { ok: false, title: 'Validation Error', problem };
  return {
    ok: true,
    body: {
      clientId: Number(draft.clientId),
      title: draft.title.trim(),
      description: draft.notes.trim(),
      scheduledDate: draft.date,
      startTime: draft.startTime,
      endTime: draft.endTime,
      duration: durationMinutes(draft.startTime, draft.endTime)!,
      status: 'scheduled',
      type: draft.type,
    },
  };
}

/** The Edit Event form as typed. */
export type EditDraft = {
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  status: string;
  description: string;
};

/** An appointment's event as the edit form starts: local date and times from its instants. */
export function editDraftOf(event: TCalendarEvent): EditDraft {
  return {
    title: event.title,
    date: event.date,
    startTime: event.time,
    endTime: utcToLocal(event.end).time,
    status: event.status ?? 'scheduled',
    description: event.description ?? '',
  };
}

/** PATCH /api/appointments/{id}: the whole form (blank title rejected with the create's message). */
export function changeBody(draft: EditDraft): Checked<TChangeAppointmentBody> {
  if (!draft.title.trim())
    return { ok: false, title: 'Validation Error', problem: APPOINTMENT_TITLE_REQUIRED };
  if (!draft.date) return { ok: false, title: 'Validation Error', problem: 'Please choose a date' };
  const problem = durationProblem(draft.startTime, draft.endTime);
  if (problem) return { ok: false, title: 'Validation Error', problem };
  return {
    ok: true,
    body: {
      title: draft.title.trim(),
      description: draft.description.trim(),
      scheduledDate: draft.date,
      startTime: draft.startTime,
      endTime: draft.endTime,
      duration: durationMinutes(draft.startTime, draft.endTime)!,
      status: draft.status as TChangeAppointmentBody['status'],
    },
  };
}

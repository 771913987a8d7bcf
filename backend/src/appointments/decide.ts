import {
  APPOINTMENT_CANCELLED,
  APPOINTMENT_END_BEFORE_START,
  APPOINTMENT_EXISTS,
  APPOINTMENT_NOT_FOUND,
  APPOINTMENT_PROJECT_OTHER_CLIENT,
  APPOINTMENT_TITLE_REQUIRED,
  APPOINTMENT_TOO_SHORT,
  type TChangeAppointmentBody,
} from '@app/contracts/api/appointments';
import { MIN_EVENT_MINUTES } from '@app/contracts/calendar/event-times';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import type { TAppointmentEvent, TAppointmentOpenStatus } from '@app/contracts/events/appointments';
import { conflict, invalid, notFound } from '../platform/errors.ts';
import type { ProjectFacts } from '../projects/facts.ts';

export const appointmentStream = (id: number) => `appointment-${id}`;

/** What a person sets on an appointment. Times are UTC instants (the route turns local times into them). */
export interface AppointmentDetails {
  projectId: number | null;
  title: string;
  description: string;
  appointmentType: string;
  location: string;
  startsAt: string;
  endsAt: string | null;
}

interface Facts extends AppointmentDetails {
  id: number;
  clientId: number;
  status: TAppointmentOpenStatus;
}

export type AppointmentState =
  | { lifecycle: 'none' }
  | ({ lifecycle: 'active' } & Facts)
  | ({ lifecycle: 'cancelled' } & Facts);

export const appointmentDecider = {
  initial: { lifecycle: 'none' } as AppointmentState,
  evolve(state: AppointmentState, event: TAppointmentEvent): AppointmentState {
    switch (event.type) {
      case 'AppointmentScheduled': {
        const { appointmentId, scheduledBy: _by, scheduledAt: _at, ...rest } = event.data;
        return { lifecycle: 'active', id: appointmentId, ...rest };
      }
      case 'AppointmentChanged': {
        if (state.lifecycle === 'none') return state;
        const { appointmentId: _id, changedBy: _by, changedAt: _at, ...rest } = event.data;
        return { ...state, ...rest };
      }
      case 'AppointmentCancelled':
        return state.lifecycle === 'none' ? state : { ...state, lifecycle: 'cancelled' };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

/** The project an appointment is about, as its own stream has it (looked up by the command handler). */
export type { ProjectFacts };

/**
 * Details as they are kept: texts trimmed; a blank title, or an end not after its start, refused; new times
 * shorter than the minimum event refused (`timesSet`: false when a change leaves the times as they were, so an
 * appointment made before the rule can still be renamed).
 */
function checked(
  details: AppointmentDetails,
  clientId: number,
  project: ProjectFacts | null,
  timesSet = true,
): AppointmentDetails {
  const title = details.title.trim();
  if (title.length === 0) throw invalid(APPOINTMENT_TITLE_REQUIRED, 'appointment_title_required');
  const start = Date.parse(details.startsAt);
  if (Number.isNaN(start)) throw invalid('Start time is not a valid time', 'appointment_start_invalid');
  if (details.endsAt !== null) {
    const end = Date.parse(details.endsAt);
    if (Number.isNaN(end)) throw invalid('End time is not a valid time', 'appointment_end_invalid');
    if (end <= start) throw invalid(APPOINTMENT_END_BEFORE_START, 'appointment_end_before_start');
    if (timesSet && end - start < MIN_EVENT_MINUTES * 60_000) {
      throw invalid(APPOINTMENT_TOO_SHORT, 'appointment_too_short');
    }
  }
  if (details.projectId !== null) {
    if (!project || project.id !== details.projectId) throw notFound('Project not found');
    if (project.clientId !== clientId) {
      throw invalid(APPOINTMENT_PROJECT_OTHER_CLIENT, 'appointment_project_other_client');
    }
  }
  return {
    ...details,
    title,
    description: details.description.trim(),
    appointmentType: details.appointmentType.trim() || 'appointment',
    location: details.location.trim(),
  };
}

export interface ScheduleCommand {
  appointmentId: number;
  clientId: number;
  details: AppointmentDetails;
  /** The project named by `details.projectId` (null when none is named, or it does not exist). */
  project: ProjectFacts | null;
  by: number;
  at: string;
}

/** A new appointment, status `scheduled`. A retried create (same id, same stream) records nothing twice. */
export function scheduleAppointment(state: AppointmentState, command: ScheduleCommand): TAppointmentEvent[] {
  const { appointmentId, clientId, project, by, at } = command;
  const details = checked(command.details, clientId, project);
  if (state.lifecycle !== 'none') {
    if (state.id === appointmentId && state.clientId === clientId) return [];
    throw conflict(APPOINTMENT_EXISTS);
  }
  return [
    {
      type: 'AppointmentScheduled',
      data: { appointmentId, clientId, ...details, status: 'scheduled', scheduledBy: by, scheduledAt: at },
    },
  ];
}

export interface ChangeCommand {
  /** Only what the request names; everything else stays as it is. */
  changes: Partial<AppointmentDetails> & { status?: TAppointmentOpenStatus | 'cancelled' };
  /** The project named by `changes.projectId` when one is named (null when it does not exist). */
  project: ProjectFacts | null;
  by: number;
  at: string;
}

/**
 * Changes an appointment's details or status. A cancelled appointment cannot change; status `cancelled`
 * cancels it (after recording any other change made with it). A change that changes nothing records nothing.
 */
export function changeAppointment(state: AppointmentState, command: ChangeCommand): TAppointmentEvent[] {
  if (state.lifecycle === 'none') throw notFound(APPOINTMENT_NOT_FOUND);
  if (state.lifecycle === 'cancelled') throw conflict(APPOINTMENT_CANCELLED, 'appointment_cancelled');
  const { status: wanted, ...changes } = command.changes;
  const current: AppointmentDetails = {
    projectId: state.projectId,
    title: state.title,
    description: state.description,
    appointmentType: state.appointmentType,
    location: state.location,
    startsAt: state.startsAt,
    endsAt: state.endsAt,
  };
  const merged = { ...current, ...stripUndefined(changes) };
  const projectChanged = merged.projectId !== state.projectId;
  const project =
    merged.projectId === null
      ? null
      : projectChanged
        ? command.project
        : { id: merged.projectId, clientId: state.clientId };
  const timesSet = merged.startsAt !== state.startsAt || merged.endsAt !== state.endsAt;
  const details = checked(merged, state.clientId, project, timesSet);
  const status = wanted === undefined || wanted === 'cancelled' ? state.status : wanted;
  const events: TAppointmentEvent[] = [];
  const same =
    status === state.status &&
    (Object.keys(details) as (keyof AppointmentDetails)[]).every((k) => details[k] === current[k]);
  if (!same) {
    events.push({
      type: 'AppointmentChanged',
      data: { appointmentId: state.id, ...details, status, changedBy: command.by, changedAt: command.at },
    });
  }
  if (wanted === 'cancelled') {
    events.push({
      type: 'AppointmentCancelled',
      data: { appointmentId: state.id, cancelledBy: command.by, cancelledAt: command.at },
    });
  }
  return events;
}

/** Cancels an appointment; cancelling one already cancelled (a retried request) records nothing. */
export function cancelAppointment(
  state: AppointmentState,
  command: { by: number; at: string },
): TAppointmentEvent[] {
  if (state.lifecycle === 'none') throw notFound(APPOINTMENT_NOT_FOUND);
  if (state.lifecycle === 'cancelled') return [];
  return [
    {
      type: 'AppointmentCancelled',
      data: { appointmentId: state.id, cancelledBy: command.by, cancelledAt: command.at },
    },
  ];
}

type Existing = Exclude<AppointmentState, { lifecycle: 'none' }>;

/** What each field of a change (as the API names it) reads of an appointment. */
const FIELD_VALUES = {
  title: (s: Existing) => s.title,
  description: (s: Existing) => s.description,
  projectId: (s: Existing) => s.projectId,
  type: (s: Existing) => s.appointmentType,
  location: (s: Existing) => s.location,
  scheduledDate: (s: Existing) => utcToLocal(s.startsAt).date,
  startTime: (s: Existing) => utcToLocal(s.startsAt).time,
  endTime: (s: Existing) => s.endsAt,
  duration: (s: Existing) => s.endsAt && Date.parse(s.endsAt) - Date.parse(s.startsAt),
  status: (s: Existing) => (s.lifecycle === 'cancelled' ? 'cancelled' : s.status),
} satisfies Record<keyof TChangeAppointmentBody, unknown>;

/**
 * The fields a change names that changed between the copy the person read (`seen`) and the appointment as
 * stored (`now`): the change would overwrite them unseen. Times are compared as the appointment's instants.
 */
export function appointmentFieldsChanged(
  body: TChangeAppointmentBody,
  seen: AppointmentState,
  now: AppointmentState,
): string[] {
  if (now.lifecycle === 'none') return [];
  return (Object.keys(FIELD_VALUES) as (keyof typeof FIELD_VALUES)[]).filter(
    (key) =>
      body[key] !== undefined &&
      (seen.lifecycle === 'none' || FIELD_VALUES[key](seen) !== FIELD_VALUES[key](now)),
  );
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

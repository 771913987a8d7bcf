import { z } from 'zod';
import { defineEvent } from './define.ts';
import { eId, eInstant, eText } from './values.ts';

/**
 * Appointment events, one stream per appointment (`appointment-<appointmentId>`). Times are UTC instants; the
 * business time zone (America/Anchorage) only matters when a person's local date and time are read or shown.
 */
const id = { appointmentId: eId };

/** The statuses an appointment may hold while it is not cancelled (cancelling is its own event). */
export const APPOINTMENT_OPEN_STATUSES = ['scheduled', 'confirmed', 'completed'] as const;
const eOpenStatus = z.enum(APPOINTMENT_OPEN_STATUSES);

/** What a person can set on an appointment (on scheduling, and again on each change). */
const details = {
  /** The client's project it is about, if any (always one of that client's projects). */
  projectId: eId.nullable(),
  title: eText,
  description: eText,
  /** The job type (spec: consultation, maintenance, appointment, ...). */
  appointmentType: eText,
  location: eText,
  startsAt: eInstant,
  /** Null: no end given (the calendar shows 60 minutes). Always after `startsAt` when given. */
  endsAt: eInstant.nullable(),
};

export const ZAppointmentScheduled = defineEvent(
  'AppointmentScheduled',
  z.object({
    ...id,
    clientId: eId,
    ...details,
    /** Always `scheduled` today; kept so the state never has to be guessed. */
    status: eOpenStatus,
    scheduledBy: eId,
    scheduledAt: eInstant,
  }),
);

/** The appointment's details and status after a change (the whole set, not only what differs). */
export const ZAppointmentChanged = defineEvent(
  'AppointmentChanged',
  z.object({
    ...id,
    ...details,
    status: eOpenStatus,
    changedBy: eId,
    changedAt: eInstant,
  }),
);

export const ZAppointmentCancelled = defineEvent(
  'AppointmentCancelled',
  z.object({ ...id, cancelledBy: eId, cancelledAt: eInstant }),
);

export const appointmentEventSchemas = [
  ZAppointmentScheduled,
  ZAppointmentChanged,
  ZAppointmentCancelled,
] as const;

export type TAppointmentEvent = z.infer<(typeof appointmentEventSchemas)[number]>;
export type TAppointmentOpenStatus = (typeof APPOINTMENT_OPEN_STATUSES)[number];

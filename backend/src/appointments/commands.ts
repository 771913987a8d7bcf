import {
  APPOINTMENT_END_BEFORE_START,
  APPOINTMENT_TIME_MISSING,
  type TChangeAppointmentBody,
  type TCreateAppointmentBody,
} from '@app/contracts/api/appointments';
import { localToUtc, utcToLocal } from '@app/contracts/calendar/time-zone';
import { clientDecider, clientStream } from '../clients/decide.ts';
import { type Actor, type CommandOutcome, load, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { invalid, notFound } from '../platform/errors.ts';
import { projectFacts } from '../projects/facts.ts';
import {
  type AppointmentDetails,
  appointmentDecider,
  appointmentFieldsChanged,
  appointmentStream,
  cancelAppointment,
  changeAppointment,
  scheduleAppointment,
} from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections'>;

const MINUTE = 60_000;

/**
 * The UTC instant of a local Anchorage date and time. A time the clocks skip (the spring change) is refused
 * rather than moved: the person meant a time that does not exist.
 */
export function instantOf(date: string, time: string): string {
  const at = localToUtc(date, time);
  const back = utcToLocal(at);
  if (back.date !== date || back.time !== time)
    throw invalid(APPOINTMENT_TIME_MISSING, 'appointment_time_missing');
  return at.toISOString();
}

/** Start and end instants from a local day, start, and an end time or a duration (neither: no end). */
export function timesOf(
  date: string,
  startTime: string,
  end: { endTime?: string | null; duration?: number | null },
): { startsAt: string; endsAt: string | null } {
  const startsAt = instantOf(date, startTime);
  if (end.endTime) {
    const endsAt = instantOf(date, end.endTime);
    if (Date.parse(endsAt) <= Date.parse(startsAt))
      throw invalid(APPOINTMENT_END_BEFORE_START, 'appointment_end_before_start');
    return { startsAt, endsAt };
  }
  if (end.duration != null) {
    return { startsAt, endsAt: new Date(Date.parse(startsAt) + end.duration * MINUTE).toISOString() };
  }
  return { startsAt, endsAt: null };
}

/** Schedules appointment `appointmentId` for the body's client (who must exist) and project. */
export async function scheduleNew(
  deps: Deps,
  actor: Actor,
  command: { appointmentId: number; body: TCreateAppointmentBody; by: number },
): Promise<CommandOutcome> {
  const { appointmentId, body, by } = command;
  const client = await load(deps.store, clientStream(body.clientId), clientDecider);
  if (!client.state.exists) throw notFound('Client not found');
  const projectId = body.projectId ?? null;
  const project = projectId === null ? null : ((await projectFacts(deps, projectId)) ?? null);
  const details: AppointmentDetails = {
    projectId,
    title: body.title,
    description: body.description ?? '',
    appointmentType: body.type ?? '',
    location: body.location ?? '',
    ...timesOf(body.scheduledDate, body.startTime, body),
  };
  return runCommand(deps, appointmentStream(appointmentId), appointmentDecider, actor, (state) =>
    scheduleAppointment(state, {
      appointmentId,
      clientId: body.clientId,
      details,
      project,
      by,
      at: new Date().toISOString(),
    }),
  );
}

const TIME_FIELDS = ['scheduledDate', 'startTime', 'endTime', 'duration'] as const;

/**
 * Changes appointment `id`: only what the body names. A new day or start without a new end keeps the
 * appointment's length; `endTime: null` (and no duration) removes the end. `expectedVersion` (If-Match): the
 * version the Edit Event form was filled from; a field the body names changed since refuses the change (409).
 */
export async function changeExisting(
  deps: Deps,
  actor: Actor,
  command: { id: number; body: TChangeAppointmentBody; by: number; expectedVersion?: number },
): Promise<CommandOutcome> {
  const { id, body, by, expectedVersion } = command;
  const project = body.projectId == null ? null : ((await projectFacts(deps, body.projectId)) ?? null);
  return runCommand(
    deps,
    appointmentStream(id),
    appointmentDecider,
    actor,
    (state) => {
      const changes: Parameters<typeof changeAppointment>[1]['changes'] = {
        ...(body.title !== undefined && { title: body.title }),
        ...(body.description !== undefined && { description: body.description }),
        ...(body.projectId !== undefined && { projectId: body.projectId }),
        ...(body.type !== undefined && { appointmentType: body.type }),
        ...(body.location !== undefined && { location: body.location }),
        ...(body.status !== undefined && { status: body.status }),
      };
      if (state.lifecycle === 'active' && TIME_FIELDS.some((k) => body[k] !== undefined)) {
        const start = utcToLocal(state.startsAt);
        const kept =
          state.endsAt === null
            ? null
            : Math.round((Date.parse(state.endsAt) - Date.parse(state.startsAt)) / MINUTE);
        const end =
          body.endTime !== undefined || body.duration !== undefined
            ? { endTime: body.endTime ?? null, duration: body.duration ?? null }
            : { duration: kept };
        Object.assign(changes, timesOf(body.scheduledDate ?? start.date, body.startTime ?? start.time, end));
      }
      return changeAppointment(state, { changes, project, by, at: new Date().toISOString() });
    },
    {
      expectedVersion,
      changedFields: (seen, now) => appointmentFieldsChanged(body, seen, now),
    },
  );
}

export const cancelExisting = (deps: Deps, actor: Actor, id: number, by: number) =>
  runCommand(deps, appointmentStream(id), appointmentDecider, actor, (state) =>
    cancelAppointment(state, { by, at: new Date().toISOString() }),
  );

import { ZChangeAppointmentBody, ZCreateAppointmentBody } from '@app/contracts/api/appointments';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { inParallel } from '../bench/server.ts';
import { cancelExisting, changeExisting, instantOf, scheduleNew } from '../src/appointments/commands.ts';
import { nextId } from '../src/platform/ids.ts';
import { at } from './clock.ts';
import { actorFor, between, DAY, HOUR, type SeedContext, workingMoment } from './context.ts';
import type { SeededStaff } from './people.ts';
import type { SeededProject } from './projects.ts';

export interface AppointmentCounts {
  appointments: number;
  past: number;
  upcoming: number;
  completed: number;
  confirmed: number;
  cancelled: number;
}

const KINDS = [
  { type: 'Site survey', minutes: 60 },
  { type: 'Installation', minutes: 240 },
  { type: 'Follow-up visit', minutes: 60 },
  { type: 'Maintenance', minutes: 90 },
  { type: 'Consultation call', minutes: 30 },
] as const;

/**
 * `count` appointments through the appointment commands (POST /api/appointments, PATCH to confirm or
 * complete, cancel), each booked a few days to three weeks before its day: from the start of the history to
 * `ahead` ms after the seed's "now". Past ones were mostly completed, upcoming ones scheduled or confirmed.
 */
export async function makeAppointments(
  ctx: SeedContext,
  team: SeededStaff[],
  projects: SeededProject[],
  count: number,
  ahead: number,
): Promise<AppointmentCounts> {
  const random = ctx.random.fork('appointments');
  const counts: AppointmentCounts = {
    appointments: 0,
    past: 0,
    upcoming: 0,
    completed: 0,
    confirmed: 0,
    cancelled: 0,
  };
  const planned = Array.from({ length: count }, () => {
    const project = random.pick(projects);
    const kind = random.pick(KINDS);
    // Weekdays, on the hour or half hour between 9 and 3.
    const from = Math.max(ctx.start, project.createdAt);
    let day = random.chance(0.7) ? between(random, from, ctx.end) : between(random, ctx.end, ctx.end + ahead);
    const weekday = new Date(day - 9 * HOUR).getUTCDay();
    if (weekday === 0 || weekday === 6) day += (weekday === 0 ? 1 : 2) * DAY;
    const date = utcToLocal(new Date(day)).date;
    const startTime = `${String(random.int(9, 15)).padStart(2, '0')}:${random.pick(['00', '30'])}`;
    const bookedAt = workingMoment(
      random,
      Math.max(project.createdAt, day - random.int(2, 21) * DAY),
      ctx.end,
    );
    const fate = random.next();
    return { project, kind, date, startTime, bookedAt, day, fate };
  });
  await inParallel(planned.length, ctx.width, async (i) => {
    const a = planned[i]!;
    const admin = team[i % team.length]!;
    const actor = () => actorFor(admin.userId, 'admin');
    const body = ZCreateAppointmentBody.parse({
      title: `${a.kind.type}: ${a.project.title}`,
      description: `${a.project.client.name}, ${a.project.client.phone}`,
      clientId: a.project.client.clientId,
      projectId: a.project.projectId,
      scheduledDate: a.date,
      startTime: a.startTime,
      duration: a.kind.minutes,
      type: a.kind.type,
      location: a.project.client.address,
    });
    const appointmentId = await nextId(ctx.deps.db, 'appointment_ids');
    await at(a.bookedAt, () => scheduleNew(ctx.deps, actor(), { appointmentId, body, by: admin.userId }));
    counts.appointments++;
    const startsAt = Date.parse(instantOf(a.date, a.startTime));
    const past = startsAt < ctx.end;
    if (past) counts.past++;
    else counts.upcoming++;
    const change = (moment: number, status: 'confirmed' | 'completed') =>
      at(moment, () =>
        changeExisting(ctx.deps, actor(), {
          id: appointmentId,
          body: ZChangeAppointmentBody.parse({ status }),
          by: admin.userId,
        }),
      );
    if (a.fate < 0.1) {
      await at(Math.min(ctx.end, a.bookedAt + DAY), () =>
        cancelExisting(ctx.deps, actor(), appointmentId, admin.userId),
      );
      counts.cancelled++;
      return;
    }
    if (a.fate < 0.5 || past) {
      await change(Math.min(ctx.end, a.bookedAt + 2 * HOUR), 'confirmed');
      counts.confirmed++;
    }
    if (past && startsAt + a.kind.minutes * 60_000 < ctx.end) {
      await change(startsAt + a.kind.minutes * 60_000, 'completed');
      counts.completed++;
    }
  });
  return counts;
}

import type { TDailyNote } from '@app/contracts/api/portal';
import type { DailyNotesTable } from '@app/projections/dashboard/table';
import type { AppDeps } from '../platform/deps.ts';
import { calendarDay, instant } from '../platform/read-values.ts';

type Deps = Pick<AppDeps, 'rm'>;

const toNote = (r: Omit<DailyNotesTable, 'last_event_position'>): TDailyNote => ({
  id: r.id,
  day: calendarDay(r.day),
  text: r.text,
  completed: r.completed,
  createdAt: instant(r.created_at),
});

const notesOf = (deps: Deps, userId: number) =>
  deps.rm.selectFrom('daily_notes').selectAll().where('user_id', '=', userId);

/** One admin's notes of one day, oldest first. */
export async function notesOfDay(deps: Deps, userId: number, day: string): Promise<TDailyNote[]> {
  const rows = await notesOf(deps, userId)
    .where('day', '=', day)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toNote);
}

/** A note of this admin's; anyone else's is not found. */
/** One of an admin's notes, or undefined (another admin's notes are not theirs to see). */
export async function noteOf(deps: Deps, userId: number, id: number): Promise<TDailyNote | undefined> {
  const row = await notesOf(deps, userId).where('id', '=', id).executeTakeFirst();
  return row && toNote(row);
}

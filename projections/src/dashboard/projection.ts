import { dailyNoteEventSchemas, type TDailyNoteEvent } from '@app/contracts/events/dashboard';
import { eventTypesOf } from '@app/contracts/events/domain';
import { documentProjection } from '../runtime/document-projection.ts';
import type { DailyNotesTable } from './table.ts';

type Row = Omit<DailyNotesTable, 'last_event_position'>;

/** Each admin's daily notes and tasks on the dashboard, per day. */
export const dailyNotesProjection = documentProjection<Row>({
  name: 'daily-notes',
  version: 1,
  syncType: null,
  table: 'daily_notes',
  ddl: (s) => `
    CREATE TABLE ${s}.daily_notes (
      id integer PRIMARY KEY,
      user_id integer NOT NULL,
      day date NOT NULL,
      text text NOT NULL,
      completed boolean NOT NULL,
      created_at timestamptz NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.daily_notes (user_id, day);`,
  eventTypes: eventTypesOf(dailyNoteEventSchemas),
  idOf: (e) => (e.data as { noteId: number }).noteId,
  evolve(row, stored) {
    const event = stored as unknown as TDailyNoteEvent;
    if (event.type === 'DailyNoteAdded') {
      const { noteId, userId, day, text } = event.data;
      return {
        id: noteId,
        user_id: userId,
        day,
        text,
        completed: false,
        created_at: stored.metadata.occurredAt,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'DailyNoteEdited':
        return { ...row, text: event.data.text };
      case 'DailyNoteCompleted':
        return { ...row, completed: event.data.completed };
      case 'DailyNoteDeleted':
        return null;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});

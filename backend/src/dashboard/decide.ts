import type { TDailyNoteEvent } from '@app/contracts/events/dashboard';
import { conflict, notFound } from '../platform/errors.ts';

export const dailyNoteStream = (id: number) => `daily-note-${id}`;
export const NOTE_NOT_FOUND = 'Note not found';

type NoteState =
  | { exists: false }
  | { exists: true; noteId: number; userId: number; text: string; completed: boolean; deleted: boolean };

export const dailyNoteDecider = {
  initial: { exists: false } as NoteState,
  evolve(state: NoteState, event: TDailyNoteEvent): NoteState {
    if (event.type === 'DailyNoteAdded') {
      const { noteId, userId, text } = event.data;
      return { exists: true, noteId, userId, text, completed: false, deleted: false };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'DailyNoteEdited':
        return { ...state, text: event.data.text };
      case 'DailyNoteCompleted':
        return { ...state, completed: event.data.completed };
      case 'DailyNoteDeleted':
        return { ...state, deleted: true };
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

export function addNote(
  state: NoteState,
  command: { noteId: number; userId: number; day: string; text: string },
): TDailyNoteEvent[] {
  if (state.exists) throw conflict('This note already exists.');
  return [{ type: 'DailyNoteAdded', data: command }];
}

/** A note belongs to the one who wrote it: anyone else is told it does not exist. */
function own(state: NoteState, userId: number) {
  if (!state.exists || state.deleted || state.userId !== userId) throw notFound(NOTE_NOT_FOUND);
  return state;
}

export function changeNote(
  state: NoteState,
  userId: number,
  change: { text?: string; completed?: boolean },
): TDailyNoteEvent[] {
  const note = own(state, userId);
  const id = { noteId: note.noteId, userId };
  const events: TDailyNoteEvent[] = [];
  if (change.text !== undefined && change.text !== note.text)
    events.push({ type: 'DailyNoteEdited', data: { ...id, text: change.text } });
  if (change.completed !== undefined && change.completed !== note.completed)
    events.push({ type: 'DailyNoteCompleted', data: { ...id, completed: change.completed } });
  return events;
}

export function deleteNote(state: NoteState, userId: number): TDailyNoteEvent[] {
  const note = own(state, userId);
  return [{ type: 'DailyNoteDeleted', data: { noteId: note.noteId, userId } }];
}

import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { failureText } from '../../../lib/api';
import { today } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { errorToast } from '../../../ui/toast-store';
import { dayHeading, shiftDay } from './day';
import { NoteItem } from './NoteItem';
import { useAddNote } from './note-actions';
import { notesQuery } from './queries';

/** The admin's notes and tasks for one day, kept on the server; previous and next day, and today. */
export function DailyNotes() {
  const currentDay = today();
  const [day, setDay] = useState(currentDay);
  const [text, setText] = useState('');
  const notes = useQuery(notesQuery(day));
  const add = useAddNote(day);
  const list = notes.data ?? [];
  const done = list.filter((note) => note.completed).length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return errorToast('Missing Note', 'Please enter a note');
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  };

  return (
    <section
      aria-labelledby="daily-notes-heading"
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="daily-notes-heading" className="text-base font-semibold text-slate-900">
          Notes & Tasks
        </h3>
        <p className="text-sm text-slate-700" aria-live="polite">
          {dayHeading(day, currentDay)}
          {list.length > 0 && ` · ${done} of ${list.length} done`}
        </p>
      </div>

      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" className="px-3 py-1.5" onClick={() => setDay(shiftDay(day, -1))}>
          Previous day
        </Button>
        <Button
          variant="outline"
          className="px-3 py-1.5"
          disabled={day === currentDay}
          onClick={() => setDay(currentDay)}
        >
          Today
        </Button>
        <Button variant="outline" className="px-3 py-1.5" onClick={() => setDay(shiftDay(day, 1))}>
          Next day
        </Button>
      </div>

      <form onSubmit={onSubmit} className="mt-4 flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label="New note"
            placeholder="Add a note or task"
            maxLength={1000}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={add.isPending}>
          Add
        </Button>
      </form>

      {notes.isPending ? (
        <div className="grid place-items-center py-6">
          <Spinner label="Loading notes" />
        </div>
      ) : notes.isError ? (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-900">
          <p>{failureText(notes.error, 'Could not load notes.')}</p>
          <Button variant="outline" className="mt-2" onClick={() => void notes.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-700">No notes for this day</p>
      ) : (
        <ul className="mt-2 max-h-64 divide-y divide-slate-200 overflow-y-auto" aria-label="Notes">
          {list.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </ul>
      )}
    </section>
  );
}

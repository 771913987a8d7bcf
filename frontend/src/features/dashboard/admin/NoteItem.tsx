import type { TDailyNote } from '@app/contracts/api/portal';
import { type FormEvent, useState } from 'react';
import { formatTime } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { useDeleteNote, useUpdateNote } from './note-actions';

export function NoteItem({ note }: { note: TDailyNote }) {
  const [editing, setEditing] = useState<string | null>(null);
  const update = useUpdateNote(note.day);
  const remove = useDeleteNote(note.day);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const text = editing?.trim() ?? '';
    if (!text) return errorToast('Missing Note', 'Please enter a note');
    update.mutate({ id: note.id, text }, { onSuccess: () => setEditing(null) });
  };

  if (editing !== null)
    return (
      <li className="py-2">
        <form onSubmit={save} className="space-y-2">
          <TextField
            label="Edit note"
            value={editing}
            maxLength={1000}
            autoFocus
            onChange={(event) => setEditing(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={update.isPending}>
              Save
            </Button>
            <Button variant="outline" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );

  return (
    <li data-testid="daily-note" className="flex items-start gap-2 py-2">
      <label className="flex min-w-0 flex-1 items-start gap-2">
        <input
          type="checkbox"
          checked={note.completed}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ id: note.id, completed: event.target.checked })}
          className="mt-1 size-4 shrink-0 accent-blue-700"
        />
        <span className="min-w-0">
          <span
            className={`block text-sm break-words ${note.completed ? 'text-slate-600 line-through' : 'text-slate-900'}`}
          >
            {note.text}
          </span>
          <span className="block text-xs text-slate-600">{formatTime(note.createdAt)}</span>
        </span>
      </label>
      <Button
        variant="ghost"
        className="px-2 py-1"
        aria-label={`Edit note: ${note.text}`}
        onClick={() => setEditing(note.text)}
      >
        Edit
      </Button>
      <Button
        variant="ghost"
        className="px-2 py-1 text-red-700"
        aria-label={`Delete note: ${note.text}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(note.id)}
      >
        Delete
      </Button>
    </li>
  );
}

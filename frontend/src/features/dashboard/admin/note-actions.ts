import type { TAccepted } from '@app/contracts/api/accepted';
import type { TDailyNote } from '@app/contracts/api/portal';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createRecord, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { notesQuery } from './queries';

/** Each write puts the server's answer into the day's list, so the list changes without a reload. */
function useNotesOfDay(day: string) {
  const queryClient = useQueryClient();
  const key = notesQuery(day).queryKey;
  const edit = (change: (list: TDailyNote[]) => TDailyNote[]) =>
    queryClient.setQueryData(key, (list) => (list ? change(list) : list));
  return {
    list: () => queryClient.getQueryData(key),
    restore: (list: TDailyNote[] | undefined) => queryClient.setQueryData(key, list),
    patch: (id: number, patch: Partial<TDailyNote>) =>
      edit((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    replace: (note: TDailyNote) => edit((list) => list.map((item) => (item.id === note.id ? note : item))),
    append: (note: TDailyNote) => queryClient.setQueryData(key, (list) => [...(list ?? []), note]),
    remove: (id: number) => edit((list) => list.filter((item) => item.id !== id)),
    /** Reads the day again (a note saved but not yet listed, 202). */
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

/** POST /api/dashboard/notes {day, text}. */
export function useAddNote(day: string) {
  const notes = useNotesOfDay(day);
  return useMutation({
    mutationFn: (text: string) => createRecord<TDailyNote>('/api/dashboard/notes', { day, text }),
    onSuccess: (note) => (isAccepted(note) ? notes.refresh() : notes.append(note)),
    onError: (error) => callFailure(error, 'Failed to add note'),
  });
}

type NotePatch = { id: number; text?: string; completed?: boolean };

/**
 * PATCH /api/dashboard/notes/{id} {text?, completed?}. A tick shows at once (a checkbox that waits for
 * the server feels broken) and is taken back if the server refuses it.
 */
export function useUpdateNote(day: string) {
  const notes = useNotesOfDay(day);
  return useMutation({
    mutationFn: ({ id, ...patch }: NotePatch) =>
      apiRequest<TDailyNote | TAccepted>('PATCH', `/api/dashboard/notes/${id}`, patch),
    onMutate: ({ id, completed }: NotePatch) => {
      const before = notes.list();
      if (completed !== undefined) notes.patch(id, { completed });
      return { before };
    },
    onSuccess: (note) => (isAccepted(note) ? notes.refresh() : notes.replace(note)),
    onError: (error, _patch, context) => {
      notes.restore(context?.before);
      callFailure(error, 'Failed to update note');
    },
  });
}

/** DELETE /api/dashboard/notes/{id}. */
export function useDeleteNote(day: string) {
  const notes = useNotesOfDay(day);
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/dashboard/notes/${id}`),
    onSuccess: (_answer, id) => notes.remove(id),
    onError: (error) => callFailure(error, 'Failed to delete note'),
  });
}

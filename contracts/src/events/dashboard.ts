import { z } from 'zod';

const id = { noteId: z.number().int(), userId: z.number().int() };

export const ZDailyNoteAdded = z.object({
  type: z.literal('DailyNoteAdded'),
  data: z.object({ ...id, day: z.string(), text: z.string() }),
});
export const ZDailyNoteEdited = z.object({
  type: z.literal('DailyNoteEdited'),
  data: z.object({ ...id, text: z.string() }),
});
export const ZDailyNoteCompleted = z.object({
  type: z.literal('DailyNoteCompleted'),
  data: z.object({ ...id, completed: z.boolean() }),
});
export const ZDailyNoteDeleted = z.object({ type: z.literal('DailyNoteDeleted'), data: z.object(id) });

export const dailyNoteEventSchemas = [
  ZDailyNoteAdded,
  ZDailyNoteEdited,
  ZDailyNoteCompleted,
  ZDailyNoteDeleted,
] as const;
export type TDailyNoteEvent = z.infer<(typeof dailyNoteEventSchemas)[number]>;

import { z } from 'zod';
import { defineEvent } from './define.ts';
import { eDay, eId, eText } from './values.ts';

const id = { noteId: eId, userId: eId };

export const ZDailyNoteAdded = defineEvent('DailyNoteAdded', z.object({ ...id, day: eDay, text: eText }));
export const ZDailyNoteEdited = defineEvent('DailyNoteEdited', z.object({ ...id, text: eText }));
export const ZDailyNoteCompleted = defineEvent(
  'DailyNoteCompleted',
  z.object({ ...id, completed: z.boolean() }),
);
export const ZDailyNoteDeleted = defineEvent('DailyNoteDeleted', z.object(id));

export const dailyNoteEventSchemas = [
  ZDailyNoteAdded,
  ZDailyNoteEdited,
  ZDailyNoteCompleted,
  ZDailyNoteDeleted,
] as const;
export type TDailyNoteEvent = z.infer<(typeof dailyNoteEventSchemas)[number]>;

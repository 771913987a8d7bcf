import { z } from 'zod';
import { clientEventSchemas } from './clients.ts';
import { consultationEventSchemas } from './consultations.ts';
import { dailyNoteEventSchemas } from './dashboard.ts';
import { projectEventSchemas } from './projects.ts';
import { settingsEventSchemas } from './settings.ts';
import { userEventSchemas } from './users.ts';

/** Every event the system writes. A new slice adds its schemas here. */
export const ZDomainEvent = z.discriminatedUnion('type', [
  ...userEventSchemas,
  ...consultationEventSchemas,
  ...settingsEventSchemas,
  ...projectEventSchemas,
  ...clientEventSchemas,
  ...dailyNoteEventSchemas,
]);
export type TDomainEvent = z.infer<typeof ZDomainEvent>;
export type TEventType = TDomainEvent['type'];
export type TEventOf<T extends TEventType> = Extract<TDomainEvent, { type: T }>;

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

/** The type names of a slice's event schemas: the events a view of that slice acts on. */
export const eventTypesOf = (
  schemas: readonly { shape: { type: { value: string } } }[],
): ReadonlySet<string> => new Set(schemas.map((s) => s.shape.type.value));
export type TEventType = TDomainEvent['type'];
export type TEventOf<T extends TEventType> = Extract<TDomainEvent, { type: T }>;

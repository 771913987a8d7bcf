import { z } from 'zod';
import { userEventSchemas } from './users.ts';

/** Every event the system writes. A new slice adds its schemas here. */
export const ZDomainEvent = z.discriminatedUnion('type', [...userEventSchemas]);
export type TDomainEvent = z.infer<typeof ZDomainEvent>;
export type TEventType = TDomainEvent['type'];
export type TEventOf<T extends TEventType> = Extract<TDomainEvent, { type: T }>;

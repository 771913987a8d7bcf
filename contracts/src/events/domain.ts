import { z } from 'zod';
import { appointmentEventSchemas } from './appointments.ts';
import { billingEventSchemas } from './billing.ts';
import { calendarEventSchemas } from './calendar.ts';
import { calendarFeedEventSchemas } from './calendar-feed.ts';
import { clientEventSchemas } from './clients.ts';
import { consultationEventSchemas } from './consultations.ts';
import { dailyNoteEventSchemas } from './dashboard.ts';
import type { EventDefinition } from './define.ts';
import { documentEventSchemas } from './documents.ts';
import { estimateEventSchemas } from './estimates.ts';
import { customFormEventSchemas } from './forms.ts';
import { invoiceEventSchemas } from './invoices.ts';
import { messageEventSchemas } from './messages.ts';
import { projectEventSchemas } from './projects.ts';
import { quoteInvoiceEventSchemas } from './quote-invoices.ts';
import { settingsEventSchemas } from './settings.ts';
import { stripeEventSchemas } from './stripe.ts';
import { uniquenessEventSchemas } from './uniqueness.ts';
import { userEventSchemas } from './users.ts';

/** Every event the system writes. A new slice adds its schemas here. */
const definitions = [
  ...userEventSchemas,
  ...consultationEventSchemas,
  ...settingsEventSchemas,
  ...projectEventSchemas,
  ...clientEventSchemas,
  ...dailyNoteEventSchemas,
  ...documentEventSchemas,
  ...customFormEventSchemas,
  ...messageEventSchemas,
  ...uniquenessEventSchemas,
  ...appointmentEventSchemas,
  ...calendarEventSchemas,
  ...calendarFeedEventSchemas,
  ...estimateEventSchemas,
  ...invoiceEventSchemas,
  ...quoteInvoiceEventSchemas,
  ...stripeEventSchemas,
  ...billingEventSchemas,
] as const;
export const ZDomainEvent = z.discriminatedUnion('type', definitions);
export type TDomainEvent = z.infer<typeof ZDomainEvent>;
export type TEventType = TDomainEvent['type'];
export type TEventOf<T extends TEventType> = Extract<TDomainEvent, { type: T }>;

/** The type names of a slice's event schemas: the events a view of that slice acts on. */
export const eventTypesOf = (
  schemas: readonly { shape: { type: { value: string } } }[],
): ReadonlySet<string> => new Set(schemas.map((s) => s.shape.type.value));

const byType = new Map<string, EventDefinition>(
  (definitions as readonly EventDefinition[]).map((d) => [d.shape.type.value, d]),
);

export class EventSchemaError extends Error {
  constructor(type: string, detail: string) {
    super(`Event ${type} does not match its schema: ${detail}`);
    this.name = 'EventSchemaError';
  }
}

/**
 * Checks an event about to be stored against its type's current schema: answers the data to store (unknown
 * keys dropped) and the version it is stored under. An unknown type or a mismatch is a programming error:
 * input must have been refused before a command decided anything.
 */
export function encodeEvent(type: string, data: unknown): { data: unknown; version: number } {
  const definition = byType.get(type);
  if (!definition) throw new EventSchemaError(type, 'unknown event type');
  const parsed = definition.shape.data.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EventSchemaError(type, `${issue?.path.join('.') || 'data'} ${issue?.message ?? 'is invalid'}`);
  }
  return { data: parsed.data, version: definition.eventVersion };
}

/**
 * A stored event's data in its type's current shape: upcast step by step from the version it was stored
 * under, then parsed. Data that no longer parses (stored before validation existed) is handed on as it is, for
 * the reader to refuse: a projector parks it, rather than the whole log stalling on it.
 */
export function decodeEvent(type: string, data: unknown, storedVersion = 1): unknown {
  const definition = byType.get(type);
  if (!definition) return data;
  let upcast = data;
  for (let v = storedVersion; v < definition.eventVersion; v++) {
    const step = definition.upcasters[v];
    if (!step) throw new EventSchemaError(type, `no upcaster from version ${v}`);
    upcast = step(upcast);
  }
  const parsed = definition.shape.data.safeParse(upcast);
  return parsed.success ? parsed.data : upcast;
}

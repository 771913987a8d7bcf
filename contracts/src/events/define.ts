import { z } from 'zod';

/** Turns data stored under version `from` into the shape of version `from + 1`. */
export type Upcaster = (data: unknown) => unknown;

export interface EventHistory {
  /** The version written today; stored events of older versions are upcast on read. */
  version: number;
  /** One step per older version: `upcast[1]` turns version 1 into version 2, and so on. */
  upcast?: Record<number, Upcaster>;
}

/**
 * One stored event type: its name, its data schema (its own, built from `values.ts`) and its history.
 * Adding a field that old events lack, or renaming one, bumps `version` and adds an upcaster.
 */
export function defineEvent<T extends string, D extends z.ZodType>(
  type: T,
  data: D,
  history: EventHistory = { version: 1 },
) {
  return Object.assign(z.object({ type: z.literal(type), data }), {
    eventVersion: history.version,
    upcasters: history.upcast ?? {},
  });
}

export type EventDefinition = ReturnType<typeof defineEvent<string, z.ZodType>>;

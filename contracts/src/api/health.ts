import { z } from 'zod';

/** What a running app depends on, each checked by readiness. */
export const READINESS_CHECKS = ['database', 'eventStore', 'redis', 'projections'] as const;
export type TReadinessCheck = (typeof READINESS_CHECKS)[number];

/** `degraded`: only parked events are wrong (every view current but one event short). */
export const ZReadinessStatus = z.enum(['ready', 'degraded', 'not ready']);

const checksOf = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(READINESS_CHECKS.map((name) => [name, value])) as Record<TReadinessCheck, T>);

/**
 * GET /readyz, public (load balancers, orchestrators): ready or not, and which dependency fails. Nothing
 * more: no error text, no SQL, no process ids or view positions, which only admins see.
 */
export const ZReadiness = z.object({
  status: ZReadinessStatus,
  checks: checksOf(z.enum(['ok', 'failing'])),
});
export type TReadiness = z.infer<typeof ZReadiness>;

/** The oldest running transaction of the Postgres server, which holds the views back. */
export const ZHoldingTransaction = z.object({
  pid: z.number(),
  database: z.string().nullable(),
  applicationName: z.string().nullable(),
  state: z.string().nullable(),
  ageSeconds: z.number(),
  /** The start of its query (80 characters). */
  query: z.string().nullable(),
});

/** GET /api/ops/readiness, admins only: the same answer with the reasons. */
export const ZReadinessReport = z.object({
  status: ZReadinessStatus,
  /** `ok`, or why not: the error's message, a timeout, or the views' problems. */
  checks: checksOf(z.string()),
  /** Seconds each view is behind the event log. */
  lagSeconds: z.record(z.string(), z.number()),
  /** Events a view failed on and set aside, by view (absent when none). */
  parked: z.record(z.string(), z.number()).optional(),
  /** What holds the readers back, when something does. */
  heldBack: z
    .object({
      transaction: ZHoldingTransaction.nullable(),
      events: z.number(),
      seconds: z.number(),
      description: z.string(),
    })
    .optional(),
});
export type TReadinessReport = z.infer<typeof ZReadinessReport>;

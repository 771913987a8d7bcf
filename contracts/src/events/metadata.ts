import { z } from 'zod';

export const ZActorRole = z.enum(['admin', 'user', 'client', 'system', 'anonymous']);

/** Who did what, when and why: every event carries this, and it is the audit trail. */
export const ZEventMetadata = z.object({
  actorId: z.number().int().nullable(),
  actorRole: ZActorRole,
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
  clientIp: z.string().nullable(),
  /** The version of the event's schema it was stored under (absent: 1). */
  schemaVersion: z.number().int().positive().optional(),
  /**
   * Made as past history (`npm run seed`): it shapes the views like any event but starts no job, so no mail
   * goes out about a year that only happened on paper.
   */
  history: z.literal(true).optional(),
});
export type TEventMetadata = z.infer<typeof ZEventMetadata>;

import { z } from 'zod';

export const ZAuditQuery = z.object({
  stream: z
    .string()
    .regex(/^[a-z][a-z-]*-[1-9]\d*$/, 'stream must look like <aggregate>-<id>, for example user-1'),
});
export const ZAuditEntry = z.object({
  eventId: z.string(),
  stream: z.string(),
  revision: z.number().int(),
  type: z.string(),
  occurredAt: z.string(),
  actorId: z.number().int().nullable(),
  actorRole: z.string(),
  actorName: z.string().nullable(),
  clientIp: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  /** A document's event (in a project's trail): the document's title as it was made. */
  documentTitle: z.string().nullable().optional(),
});
export const ZAuditResponse = z.array(ZAuditEntry);
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

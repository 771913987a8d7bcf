import { z } from 'zod';
import { asksForPage, ZListQuery, ZPage } from './paging.ts';

/**
 * GET /api/audit (admins): the trail of one record, newest first. With `stream` alone, the spec's whole array;
 * with any of `limit`, `cursor`, `q`, `type` a page (see ./paging.ts): every word of `q` in the event type,
 * the actor's name or the document's title, `type` one event type.
 */
export const ZAuditQuery = ZListQuery({
  stream: z
    .string()
    .regex(/^[a-z][a-z-]*-[1-9]\d*$/, 'stream must look like <aggregate>-<id>, for example user-1'),
  type: z
    .string()
    .regex(/^[A-Z][A-Za-z]{0,99}$/, 'type must be an event type, for example DocumentSigned')
    .optional(),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

/** Whether an audit query asks for a page: `stream` alone keeps the whole-array answer. */
export const auditAsksForPage = ({ stream: _, ...rest }: TAuditQuery) => asksForPage(rest);

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

export const ZAuditPage = ZPage(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

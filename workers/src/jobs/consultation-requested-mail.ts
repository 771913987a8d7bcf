import {
  PREFERRED_TIME_LABELS,
  PROPERTY_TYPE_LABELS,
  SERVICE_TYPE_LABELS,
} from '@app/contracts/api/consultations';
import { ZConsultationRequested } from '@app/contracts/events/consultations';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';
import { defineJob } from './define.ts';

export interface ConsultationMailDeps {
  db: Kysely<unknown>;
  publicUrl: string;
  readStream(stream: string): Promise<StoredEvent[]>;
}

type Request = z.infer<typeof ZConsultationRequested.shape.data>;

/** The form's own name for a code (a code the form no longer offers is shown as it is). */
const labelOf = (labels: Record<string, string>, code: string | null) =>
  code ? (labels[code] ?? code) : null;

/** The mail that tells the admins about a request, with the options named as the form names them. */
export function consultationRequestedMailFor(
  c: Request,
  admins: readonly string[],
  publicUrl: string,
): OutgoingMail {
  const manager = new URL('/admin?view=consultations', publicUrl).toString();
  const time = labelOf(PREFERRED_TIME_LABELS, c.preferredTime);
  return {
    to: admins.join(', '),
    subject: `New consultation request from ${c.name}`,
    text: [
      `${c.name} asked for a free consultation.`,
      '',
      `  Email: ${c.email}`,
      `  Phone: ${c.phone ?? '-'}`,
      `  Service: ${labelOf(SERVICE_TYPE_LABELS, c.serviceType)}`,
      `  Property: ${labelOf(PROPERTY_TYPE_LABELS, c.propertyType) ?? '-'}`,
      `  Preferred date: ${c.preferredDate} ${time ?? ''}`.trimEnd(),
      '',
      c.description ?? '',
      '',
      `We promise contact within 24 hours. Manage it at ${manager}`,
    ].join('\n'),
  };
}

/** Tells every admin about a new consultation request, with what the visitor asked for. */
export const consultationRequestedMail = defineJob({
  id: 'consultation.requested.mail',
  version: 2,
  queue: 'mail',
  payload: z.object({ consultationId: z.number().int() }),
  startedBy: 'ConsultationRequested',
  payloadFor: (data) => ({ consultationId: data.consultationId }),
  // The admins come from the users view; the request itself comes from its event.
  waitsFor: ['users'],
  async handle(payload, ctx, deps: ConsultationMailDeps) {
    const event = (await deps.readStream(ctx.event.stream)).find((e) => e.id === ctx.event.id);
    if (!event) throw new Error(`Consultation ${payload.consultationId}'s request event is not in the log`);
    const request = ZConsultationRequested.shape.data.parse(event.data);
    const { rows } = await sql<{
      email: string;
    }>`SELECT email FROM rm.users WHERE role = 'admin' ORDER BY id`.execute(deps.db);
    if (rows.length === 0) return { sent: false, reason: 'no admin to tell' };
    const mail = consultationRequestedMailFor(
      request,
      rows.map((a) => a.email),
      deps.publicUrl,
    );
    const { messageId } = await ctx.sendMail(mail);
    return { sent: true, messageId };
  },
});

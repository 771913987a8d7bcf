import { type Kysely, sql } from 'kysely';
import type { Mailer } from '../mail/mailer.ts';
import type { ConsultationRequestedMailPayload } from './definitions.ts';

export interface ConsultationMailDeps {
  db: Kysely<unknown>;
  mailer: Mailer;
  publicUrl: string;
}

/** Tells every admin about a new consultation request, with what the visitor asked for. */
export async function sendConsultationRequestedMail(
  deps: ConsultationMailDeps,
  payload: ConsultationRequestedMailPayload,
) {
  const { rows } = await sql<Record<string, string | null>>`
    SELECT name, email, phone, preferred_date::text AS preferred_date, preferred_time, service_type, property_type, description
    FROM rm.consultations WHERE id = ${payload.consultationId}`.execute(deps.db);
  const c = rows[0];
  if (!c) throw new Error(`Consultation ${payload.consultationId} is not in the read model yet`);
  const admins = await sql<{
    email: string;
  }>`SELECT email FROM rm.users WHERE role = 'admin' ORDER BY id`.execute(deps.db);
  if (admins.rows.length === 0) return { sent: false as const, reason: 'no admin to tell' };
  const manager = new URL('/admin?view=consultations', deps.publicUrl).toString();
  const { messageId } = await deps.mailer.send({
    to: admins.rows.map((a) => a.email).join(', '),
    subject: `New consultation request from ${c.name}`,
    text: [
      `${c.name} asked for a free consultation.`,
      '',
      `  Email: ${c.email}`,
      `  Phone: ${c.phone ?? '-'}`,
      `  Service: ${c.service_type}`,
      `  Property: ${c.property_type ?? '-'}`,
      `  Preferred date: ${c.preferred_date} ${c.preferred_time ?? ''}`.trimEnd(),
      '',
      c.description ?? '',
      '',
      `We promise contact within 24 hours. Manage it at ${manager}`,
    ].join('\n'),
  });
  return { sent: true as const, messageId };
}

import type { StoredEvent } from '@app/contracts/events/envelope';
import { type InvoiceNow, invoiceNow } from '@app/contracts/invoices/invoice-now';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';

/** What the invoice mails need (given by the composition root, backend/src/processes/runtime.ts). */
export interface InvoiceMailDeps {
  db: Kysely<unknown>;
  publicUrl: string;
  readStream(stream: string): Promise<StoredEvent[]>;
  /**
   * The invoice's PDF as GET /api/invoices/{id}/pdf makes it (backend/src/invoices/export-routes.ts), or null
   * for no such invoice or a voided one.
   */
  invoicePdf(invoiceId: number): Promise<{ filename: string; pdf: Uint8Array } | null>;
  /** The clock (tests may set it); default the real one. */
  now?(): Date;
}

export const ZInvoicePayload = z.object({ invoiceId: z.number().int() });

/** The invoice as its stream has it when the job runs. */
export const invoiceOf = async (deps: Pick<InvoiceMailDeps, 'readStream'>, stream: string) =>
  invoiceNow(await deps.readStream(stream));

/** Whom the invoice is mailed to: the client's portal e-mail, else the e-mail on their record. */
export async function billedClient(db: Kysely<unknown>, invoice: InvoiceNow) {
  const { rows } = await sql<{ name: string; email: string | null }>`
    SELECT c.name, coalesce(u.email, c.email) AS email FROM rm.clients c LEFT JOIN rm.users u ON u.id = c.user_id
    WHERE c.id = ${invoice.clientId}`.execute(db);
  const client = rows[0];
  return client?.email?.trim() ? { name: client.name, email: client.email.trim() } : null;
}

/** The PDF as a mail attachment. */
export const pdfAttachment = (file: {
  filename: string;
  pdf: Uint8Array;
}): NonNullable<OutgoingMail['attachments']>[number] => ({
  filename: file.filename,
  content: Buffer.from(file.pdf).toString('base64'),
  encoding: 'base64',
  contentType: 'application/pdf',
});

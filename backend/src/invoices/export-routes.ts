import { INVOICE_NOT_FOUND, ZInvoicePageParams } from '@app/contracts/api/invoices';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { invoiceNow, invoiceStreamOf } from '@app/contracts/invoices/invoice-now';
import { invoiceAddress } from '@app/contracts/invoices/invoice-text';
import { isOverdue } from '@app/contracts/invoices/rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SignedInUser } from '../auth/guard.ts';
import { guards } from '../auth/guard.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { companyLetterhead } from '../settings/letterhead.ts';
import { type InvoicePdfInput, invoicePdf } from './invoice-pdf.ts';

/**
 * The invoice as its PDF prints it: the invoice from its stream (the ledger and due date as recorded, whatever
 * the views have caught up with), its client and project from the views. Null when there is no such invoice
 * or it was voided.
 */
export async function invoicePdfInput(
  deps: AppDeps,
  invoiceId: number,
  now = new Date(),
): Promise<InvoicePdfInput | null> {
  const invoice = invoiceNow(await deps.store.readStream(invoiceStreamOf(invoiceId)));
  if (!invoice || invoice.voided) return null;
  const [client, project] = await Promise.all([
    deps.rm
      .selectFrom('clients')
      .select(['name', 'email', 'phone', 'address'])
      .where('id', '=', invoice.clientId)
      .executeTakeFirst(),
    deps.rm
      .selectFrom('projects')
      .select(['id', 'title', 'type', 'description'])
      .where('id', '=', invoice.projectId)
      .executeTakeFirst(),
  ]);
  return {
    id: invoice.invoiceId,
    invoiceNumber: invoice.invoiceNumber,
    createdAt: invoice.issuedAt,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    status: invoice.status === 'completed' ? 'paid' : invoice.status,
    overdue: isOverdue(invoice.status, invoice.dueDate, utcToLocal(now).date),
    amountCents: invoice.amountCents,
    paidCents: invoice.paidCents,
    balanceCents: invoice.balanceCents,
    description: invoice.description,
    kind: invoice.kind,
    payments: invoice.payments,
    client: client ?? { name: '(client removed)', email: '', phone: null, address: null },
    project: project ?? { id: invoice.projectId, title: '(project removed)', type: '', description: '' },
  };
}

/** The invoice's PDF and its file name, or null (no such invoice, or voided). For the routes and the mails. */
export async function invoicePdfFile(deps: AppDeps, invoiceId: number) {
  const invoice = await invoicePdfInput(deps, invoiceId);
  if (!invoice) return null;
  const { company, logo } = await companyLetterhead(deps);
  const pdf = await invoicePdf(invoice, company, logo, invoiceAddress(deps.config.PUBLIC_URL, invoice.id));
  return { filename: `Invoice-${invoice.invoiceNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, pdf, invoice };
}

/** Whether the person may read the invoice: admins any, a client the invoices billed to them. */
async function mayRead(deps: AppDeps, user: Pick<SignedInUser, 'id' | 'role'>, clientId: number) {
  if (user.role === 'admin') return true;
  const own = await deps.rm
    .selectFrom('clients')
    .select('id')
    .where('user_id', '=', user.id)
    .where('id', '=', clientId)
    .executeTakeFirst();
  return own !== undefined;
}

/**
 * GET /api/invoices/{invoiceId}/pdf: the invoice as a PDF, made on each request, for admins and the invoice's
 * own client; anyone else is told it does not exist.
 */
export function invoiceExportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser } = guards(deps);
  return async (app) => {
    app.get(
      '/api/invoices/:invoiceId/pdf',
      { schema: { params: ZInvoicePageParams }, preValidation: requireUser },
      async (request, reply) => {
        const invoice = invoiceNow(await deps.store.readStream(invoiceStreamOf(request.params.invoiceId)));
        if (!invoice || invoice.voided || !(await mayRead(deps, request.user!, invoice.clientId)))
          throw notFound(INVOICE_NOT_FOUND);
        const file = await invoicePdfFile(deps, invoice.invoiceId);
        if (!file) throw notFound(INVOICE_NOT_FOUND);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', contentDisposition('attachment', file.filename))
          .send(Buffer.from(file.pdf));
      },
    );
  };
}

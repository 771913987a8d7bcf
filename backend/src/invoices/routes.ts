import { ZAccepted } from '@app/contracts/api/accepted';
import { ZSuccess } from '@app/contracts/api/auth';
import { ZEstimateIdParams } from '@app/contracts/api/estimates';
import {
  INVOICE_NOT_FOUND,
  paymentsAsksForPage,
  ZConfirmPaymentBody,
  ZConvertQuoteBody,
  ZConvertQuoteResponse,
  ZCreateInvoiceBody,
  ZDeletePaymentBody,
  ZDueDateBody,
  ZInvoice,
  ZInvoiceCreated,
  ZInvoiceIdParams,
  ZInvoicePageParams,
  ZPayment,
  ZPaymentMethodBody,
  ZPaymentStats,
  ZPaymentStatusBody,
  ZPayments,
  ZPaymentsPage,
  ZPaymentsQuery,
  ZQuoteInvoiceChoiceBody,
  ZRevenueByMonth,
} from '@app/contracts/api/invoices';
import { countsTable } from '@app/projections/runtime/document-projection';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { personOf } from '../auth/person.ts';
import { revenueByMonth } from '../dashboard/stats.ts';
import { answerAfter } from '../platform/answer.ts';
import type { CommandOutcome } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { createOnce } from '../platform/idempotency.ts';
import { keptPages } from '../platform/kept-pages.ts';
import { refuseWholeListOver } from '../platform/paging.ts';
import { sendKept } from '../platform/view-text-cache.ts';
import {
  changeDueDate,
  changePaymentMethod,
  confirmPayment,
  issueNew,
  setStatus,
  voidInvoice,
} from './commands.ts';
import { invoiceStream } from './decide.ts';
import { convertQuote, invoiceAcceptedQuote, invoiceOfEstimate } from './from-quote.ts';
import {
  invoicePage,
  invoiceUrlOf,
  PAYMENT_LIST_VIEWS,
  pagePayments,
  paymentById,
  paymentStats,
  paymentsListCache,
} from './queries.ts';

/**
 * Invoices and payments (spec part 2 section 2.8, part 1 "Invoice page"): staff issue invoices for a job, set
 * their due date, method and status, record money received, delete them (saying why once paid) and turn a
 * quote into one; the invoice's client reads its page; after accepting a quote the client chooses to pay a
 * deposit or all of it. The portal's lists (`/api/payments/client...`) are in backend/src/portal.
 */
export function invoiceRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  const listTexts = paymentsListCache(deps);
  const pages = keptPages(deps, PAYMENT_LIST_VIEWS);

  /** The answer to a staff command on invoice `id`: its row. */
  const answer = (reply: FastifyReply, outcome: CommandOutcome, id: number) =>
    answerAfter(reply, outcome, {
      id,
      read: () => paymentById(deps, id),
      notFoundMessage: INVOICE_NOT_FOUND,
    });

  return async (app) => {
    // POST /api/invoices and POST /api/payments: the same command, answered with the row and the spec's links.
    for (const path of ['/api/invoices', '/api/payments'])
      app.post(
        path,
        {
          schema: {
            body: ZCreateInvoiceBody,
            response: { 201: ZInvoiceCreated, 202: ZAccepted.passthrough() },
          },
          preValidation: requireAdmin,
        },
        async (request, reply) => {
          const body = request.body;
          const { id, outcome } = await createOnce(deps, request, {
            sequence: 'invoice_ids',
            stream: invoiceStream,
            create: async (invoiceId) => ({
              outcome: await issueNew(deps, actorOf(request), {
                invoiceId,
                projectId: body.projectId,
                invoiceNumber: body.invoiceNumber,
                amountCents: body.amount,
                description: body.description,
                dueDate: body.dueDate,
                kind: body.kind,
                estimateId: null,
                paymentMethod: body.paymentMethod ?? null,
                customMethod: body.customMethod ?? null,
                by: request.user!.id,
              }),
            }),
            repeated: (_id, outcome) => ({ outcome }),
          });
          const url = invoiceUrlOf(deps, id);
          return answerAfter(reply, outcome, {
            status: 201,
            id,
            read: async () => {
              const row = await paymentById(deps, id);
              return row && { ...row, paymentLink: url, customInvoiceUrl: url, stripeInvoiceUrl: null };
            },
            notFoundMessage: INVOICE_NOT_FOUND,
            extra: { paymentLink: url, customInvoiceUrl: url },
          });
        },
      );

    app.get(
      '/api/invoices/:invoiceId',
      { schema: { params: ZInvoicePageParams, response: { 200: ZInvoice } }, preValidation: requireUser },
      async (request) => {
        const person = await personOf(deps, request.user!);
        const invoice = await invoicePage(deps, person, request.params.invoiceId);
        if (!invoice) throw notFound(INVOICE_NOT_FOUND);
        return invoice;
      },
    );

    // With any of limit, cursor, q, status, clientId, from, to: a page of rows (issue 23); with none (or with
    // projectId alone, one project's invoices): the whole list, as the spec answers it.
    app.get(
      '/api/payments',
      {
        schema: {
          querystring: ZPaymentsQuery,
          response: { 200: z.union([ZPayments, ZPaymentsPage]), 304: z.null() },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        if (paymentsAsksForPage(request.query))
          return pages(request, reply, 'all', () => pagePayments(deps, request.query));
        if (request.query.projectId === undefined)
          await refuseWholeListOver(deps.rm, countsTable('payments'), 'invoices');
        return sendKept(request, reply, await listTexts.answer(request.query.projectId));
      },
    );

    app.get(
      '/api/payments/stats',
      { schema: { response: { 200: ZPaymentStats } }, preValidation: requireAdmin },
      () => paymentStats(deps),
    );

    app.delete(
      '/api/payments/:id',
      {
        schema: { params: ZInvoiceIdParams, body: ZDeletePaymentBody, response: { 200: ZSuccess } },
        preValidation: requireAdmin,
      },
      async (request) => {
        await voidInvoice(deps, actorOf(request), {
          id: request.params.id,
          reason: request.body?.reason ?? null,
          by: request.user!.id,
        });
        return { success: true as const };
      },
    );

    const write = { response: { 200: ZPayment, 202: ZAccepted }, params: ZInvoiceIdParams };

    app.patch(
      '/api/invoices/:id/due-date',
      { schema: { ...write, body: ZDueDateBody }, preValidation: requireAdmin },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await changeDueDate(deps, actorOf(request), {
          id,
          dueDate: request.body.dueDate,
          by: request.user!.id,
        });
        return answer(reply, outcome, id);
      },
    );

    app.patch(
      '/api/payments/:id/method',
      { schema: { ...write, body: ZPaymentMethodBody }, preValidation: requireAdmin },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await changePaymentMethod(deps, actorOf(request), {
          id,
          paymentMethod: request.body.paymentMethod,
          customMethod: request.body.customMethod ?? null,
          by: request.user!.id,
        });
        return answer(reply, outcome, id);
      },
    );

    for (const path of ['/api/payments/:id/complete', '/api/payments/:id/status'])
      app.patch(
        path,
        { schema: { ...write, body: ZPaymentStatusBody }, preValidation: requireAdmin },
        async (request, reply) => {
          const { id } = request.params;
          const outcome = await setStatus(deps, actorOf(request), {
            id,
            status: request.body.status,
            paidAt: request.body.paidAt ?? null,
            reason: request.body.reason ?? null,
            by: request.user!.id,
          });
          return answer(reply, outcome, id);
        },
      );

    app.patch(
      '/api/payments/:id/confirm',
      { schema: { ...write, body: ZConfirmPaymentBody }, preValidation: requireAdmin },
      async (request, reply) => {
        const { id } = request.params;
        const b = request.body;
        const outcome = await confirmPayment(deps, actorOf(request), {
          id,
          amountCents: b.amount ?? null,
          method: b.paymentMethod,
          customMethod: b.customMethod ?? null,
          transactionId: b.transactionId ?? null,
          paidAt: b.paidAt ?? null,
          by: request.user!.id,
        });
        return answer(reply, outcome, id);
      },
    );

    app.post(
      '/api/quotes/convert-to-invoice',
      {
        schema: {
          body: ZConvertQuoteBody,
          response: { 201: ZConvertQuoteResponse, 202: ZAccepted.passthrough() },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id, outcome } = await createOnce(deps, request, {
          sequence: 'invoice_ids',
          stream: invoiceStream,
          create: async (invoiceId) => ({
            outcome: await convertQuote(deps, actorOf(request), {
              invoiceId,
              estimateId: request.body.estimateId,
              projectId: request.body.projectId,
              extraCents: request.body.allowExtra ? request.body.amount! : null,
              by: request.user!.id,
            }),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        const answered = { invoiceId: id, invoiceUrl: invoiceUrlOf(deps, id) };
        return answerAfter(reply, outcome, {
          status: 201,
          id,
          read: async () => answered,
          notFoundMessage: INVOICE_NOT_FOUND,
          extra: answered,
        });
      },
    );

    // The client's choice after accepting their quote; a second call answers the invoice made the first time.
    app.post(
      '/api/estimates/:id/invoice',
      {
        schema: {
          params: ZEstimateIdParams,
          body: ZQuoteInvoiceChoiceBody,
          response: { 200: ZConvertQuoteResponse, 201: ZConvertQuoteResponse, 202: ZAccepted.passthrough() },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const estimateId = request.params.id;
        const person = await personOf(deps, request.user!);
        const existing = async () => {
          const invoiceId =
            person.clientId === null ? null : await invoiceOfEstimate(deps, estimateId, person.clientId);
          return invoiceId === null ? null : { invoiceId, invoiceUrl: invoiceUrlOf(deps, invoiceId) };
        };
        const made = await existing();
        if (made) return reply.code(200).send(made);
        try {
          const { id, outcome } = await createOnce(deps, request, {
            sequence: 'invoice_ids',
            stream: invoiceStream,
            create: async (invoiceId) => ({
              outcome: await invoiceAcceptedQuote(deps, actorOf(request), {
                invoiceId,
                estimateId,
                person,
                choice: request.body.choice,
              }),
            }),
            repeated: (_id, outcome) => ({ outcome }),
          });
          const answered = { invoiceId: id, invoiceUrl: invoiceUrlOf(deps, id) };
          return answerAfter(reply, outcome, {
            status: 201,
            id,
            read: async () => answered,
            notFoundMessage: INVOICE_NOT_FOUND,
            extra: answered,
          });
        } catch (err) {
          // A concurrent call made it first: answer that one.
          const first = await existing();
          if (first) return reply.code(200).send(first);
          throw err;
        }
      },
    );

    app.get(
      '/api/dashboard/revenue',
      { schema: { response: { 200: ZRevenueByMonth } }, preValidation: requireAdmin },
      () => revenueByMonth(deps),
    );
  };
}

import { ESTIMATE_NOT_FOUND, ZEstimateIdParams } from '@app/contracts/api/estimates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards } from '../auth/guard.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { companyLetterhead } from '../settings/letterhead.ts';
import { estimateFor } from './queries.ts';
import { quoteCsv } from './quote-csv.ts';
import { quoteSha256 } from './quote-hash.ts';
import { quotePdf } from './quote-pdf.ts';

/**
 * The quote as files, made from the estimate's read on each request: its PDF for staff and for the client it was
 * sent to (anyone else, or a client asking for a draft, is told it does not exist), and its CSV for staff.
 */
export function estimateExportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);

  return async (app) => {
    app.get(
      '/api/estimates/:id/pdf',
      { schema: { params: ZEstimateIdParams }, preValidation: requireUser },
      async (request, reply) => {
        const estimate = await estimateFor(deps, request.user!, request.params.id);
        if (!estimate) throw notFound(ESTIMATE_NOT_FOUND);
        const { company, logo } = await companyLetterhead(deps);
        // An accepted quote cannot change, so its hash now is the one its client accepted.
        const sha = estimate.status === 'accepted' ? quoteSha256(estimate) : null;
        const pdf = await quotePdf(estimate, company, logo, { quoteSha256: sha });
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            contentDisposition('attachment', `Quote-${estimate.quoteNumber}.pdf`),
          )
          .send(Buffer.from(pdf));
      },
    );

    app.get(
      '/api/estimates/:id/csv',
      { schema: { params: ZEstimateIdParams }, preValidation: requireAdmin },
      async (request, reply) => {
        const estimate = await estimateFor(deps, request.user!, request.params.id);
        if (!estimate) throw notFound(ESTIMATE_NOT_FOUND);
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            contentDisposition('attachment', `Quote-${estimate.quoteNumber}.csv`),
          )
          .send(quoteCsv(estimate));
      },
    );
  };
}

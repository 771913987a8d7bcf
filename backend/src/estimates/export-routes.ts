import { readFile } from 'node:fs/promises';
import { ESTIMATE_NOT_FOUND, ZEstimateIdParams } from '@app/contracts/api/estimates';
import { fileAddress } from '@app/contracts/api/files';
import { DEFAULT_SETTINGS } from '@app/contracts/api/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards } from '../auth/guard.ts';
import { fileStore } from '../files/store.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { estimateFor } from './queries.ts';
import { quoteCsv } from './quote-csv.ts';
import { quoteSha256 } from './quote-hash.ts';
import { type QuoteCompany, quotePdf } from './quote-pdf.ts';

const LOGO_ADDRESS = fileAddress('logos', '');

/** The company as the settings hold it now, and its logo's bytes when one was uploaded and is still stored. */
async function companyOf(
  deps: AppDeps,
  files: ReturnType<typeof fileStore>,
): Promise<{ company: QuoteCompany; logo: Uint8Array | null }> {
  const row = await deps.rm
    .selectFrom('site_settings')
    .select('company')
    .where('id', '=', 1)
    .executeTakeFirst();
  const { logo: address, ...company } = row?.company ?? DEFAULT_SETTINGS.company;
  const stored =
    address?.startsWith(LOGO_ADDRESS) && (await files.find('logos', address.slice(LOGO_ADDRESS.length)));
  return { company, logo: stored ? await readFile(stored.path) : null };
}

/** A download's file name, kept to characters every browser and header accepts. */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

/**
 * The quote as files, made from the estimate's read on each request: its PDF for staff and for the client it was
 * sent to (anyone else, or a client asking for a draft, is told it does not exist), and its CSV for staff.
 */
export function estimateExportRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  const files = fileStore(deps.config.FILES_DIR);

  return async (app) => {
    app.get(
      '/api/estimates/:id/pdf',
      { schema: { params: ZEstimateIdParams }, preValidation: requireUser },
      async (request, reply) => {
        const estimate = await estimateFor(deps, request.user!, request.params.id);
        if (!estimate) throw notFound(ESTIMATE_NOT_FOUND);
        const { company, logo } = await companyOf(deps, files);
        // An accepted quote cannot change, so its hash now is the one its client accepted.
        const sha = estimate.status === 'accepted' ? quoteSha256(estimate) : null;
        const pdf = await quotePdf(estimate, company, logo, { quoteSha256: sha });
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', attachment(`Quote-${estimate.quoteNumber}.pdf`))
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
          .header('content-disposition', attachment(`Quote-${estimate.quoteNumber}.csv`))
          .send(quoteCsv(estimate));
      },
    );
  };
}

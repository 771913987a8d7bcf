import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';
import { DomainError, notFound } from '../platform/errors.ts';
import { recordHolds } from './references.ts';
import { FILE_REF, PUBLIC_KINDS, verifiedFor } from './signed-urls.ts';
import { FILE_KINDS, fileStore, STORED_NAME } from './store.ts';

const ZFileParams = z.object({
  kind: z.enum(FILE_KINDS),
  name: z.string().regex(STORED_NAME, 'is not a stored file name'),
});

/** A repeated parameter arrives as an array: such an address is simply not a valid signature. */
const single = z.preprocess((v) => (Array.isArray(v) ? undefined : v), z.string().max(200).optional());
const ZSignedQuery = z.object({ ref: single, exp: single, sig: single });

const badAddress = () =>
  new DomainError(403, 'file_forbidden', 'This file address is not valid or has expired. Reload the page.');

/**
 * Stored files by their content address. The company logo is public (the public site shows it) and cached
 * for a year. Every other kind is served only at a signed address that has not expired, and only while the
 * record it belongs to still holds the file (see signed-urls.ts), cached privately until the address expires.
 */
export function fileRoutes(deps: Pick<AppDeps, 'config' | 'rm'>): FastifyPluginAsyncZod {
  const files = fileStore(deps.config.FILES_DIR);
  return async (app) => {
    app.get(
      '/api/files/:kind/:name',
      { schema: { params: ZFileParams, querystring: ZSignedQuery } },
      async (request, reply) => {
        const { kind, name } = request.params;
        let cacheControl = 'public, max-age=31536000, immutable';
        if (!PUBLIC_KINDS.has(kind)) {
          const { ref, exp, sig } = request.query;
          if (!ref || !FILE_REF.test(ref) || !exp || !/^\d{1,12}$/.test(exp) || !sig) throw badAddress();
          const secondsLeft = await verifiedFor(deps.rm, { kind, name }, { ref, exp: Number(exp), sig });
          if (secondsLeft === null) throw badAddress();
          if (!(await recordHolds(deps, ref, { kind, name }))) throw notFound('No such file.');
          cacheControl = `private, max-age=${secondsLeft}`;
        }
        const file = await files.find(kind, name);
        if (!file) throw notFound('No such file.');
        return reply
          .type(file.contentType)
          .header('content-length', file.size)
          .header('cache-control', cacheControl)
          .send(createReadStream(file.path));
      },
    );
  };
}

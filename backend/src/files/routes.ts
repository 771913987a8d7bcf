import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { FILE_KINDS, fileStore, STORED_NAME } from './store.ts';

const ZFileParams = z.object({
  kind: z.enum(FILE_KINDS),
  name: z.string().regex(STORED_NAME, 'is not a stored file name'),
});

/**
 * Public: stored files (the company logo, project photos and their thumbnails) by their content address,
 * cacheable for a year. A photo's address is the SHA-256 of its bytes: it cannot be guessed, only handed
 * out by the project reads that check who may see the project, which is the protection photos get.
 */
export function fileRoutes(deps: Pick<AppDeps, 'config'>): FastifyPluginAsyncZod {
  const files = fileStore(deps.config.FILES_DIR);
  return async (app) => {
    app.get('/api/files/:kind/:name', { schema: { params: ZFileParams } }, async (request, reply) => {
      const file = await files.find(request.params.kind, request.params.name);
      if (!file) throw notFound('No such file.');
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file.path));
    });
  };
}

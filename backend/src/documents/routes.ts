import { ZAccepted } from '@app/contracts/api/accepted';
import { ZSuccess } from '@app/contracts/api/auth';
import {
  DOCUMENT_NOT_FOUND,
  SIGNATURE_INVALID,
  ZCreateFormDocumentBody,
  ZDocument,
  ZDocumentIdParams,
  ZDocumentProjectParams,
  ZSignDocumentBody,
} from '@app/contracts/api/documents';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { fileStore } from '../files/store.ts';
import { answerAfter } from '../platform/answer.ts';
import { type CommandOutcome, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { forbidden, invalid, notFound } from '../platform/errors.ts';
import { createOnce } from '../platform/idempotency.ts';
import { projectById, visibleProject } from '../projects/queries.ts';
import {
  createFormDocument,
  deleteDocument,
  documentDecider,
  documentStream,
  recordView,
  sha256Hex,
  signDocument,
} from './decide.ts';
import { documentById, documentsFor, personOf, visibleDocument } from './queries.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The drawn signature's bytes: the schema checked the data URL's shape, this checks it is really a PNG. */
function signaturePng(dataUrl: string): Buffer {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length <= PNG_MAGIC.length || !bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC))
    throw invalid(SIGNATURE_INVALID, 'invalid_signature');
  return bytes;
}

const userAgentOf = (request: FastifyRequest) => String(request.headers['user-agent'] ?? '').slice(0, 500);

/**
 * Documents: forms made by staff for a client's project, files, and their signatures. An admin sees and
 * deletes every document; a signed-in client sees and signs only the documents of their own client record,
 * and anyone else's is answered 404 like a missing one.
 */
export function documentRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  const files = fileStore(deps.config.FILES_DIR);

  const answer = (reply: FastifyReply, outcome: CommandOutcome, id: number, status: 200 | 201 = 200) =>
    answerAfter(reply, outcome, {
      status,
      id,
      read: () => documentById(deps, id),
      notFoundMessage: DOCUMENT_NOT_FOUND,
    });

  return async (app) => {
    app.get(
      '/api/documents',
      { schema: { response: { 200: z.array(ZDocument) } }, preValidation: requireUser },
      async (request) => documentsFor(deps, await personOf(deps, request.user!)),
    );

    // A project's documents: an admin any project's, a client only their own project's (404 otherwise).
    app.get(
      '/api/documents/project/:projectId',
      {
        schema: { params: ZDocumentProjectParams, response: { 200: z.array(ZDocument) } },
        preValidation: requireUser,
      },
      async (request) => {
        const { projectId } = request.params;
        if (!(await visibleProject(deps, request.user!, projectId))) throw notFound('Project not found');
        return documentsFor(deps, await personOf(deps, request.user!), projectId);
      },
    );

    // Opening a document: each time its client opens it, the view is recorded in its trail.
    app.get(
      '/api/documents/:id',
      { schema: { params: ZDocumentIdParams, response: { 200: ZDocument } }, preValidation: requireUser },
      async (request) => {
        const { id } = request.params;
        const person = await personOf(deps, request.user!);
        const doc = await visibleDocument(deps, person, id);
        if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
        await runCommand(deps, documentStream(id), documentDecider, actorOf(request), (state) =>
          recordView(state, { actor: person, at: new Date().toISOString() }),
        );
        return doc;
      },
    );

    // A form as JSON (staff only); files arrive as multipart on the same address.
    app.post(
      '/api/documents',
      {
        schema: { body: ZCreateFormDocumentBody.optional(), response: { 201: ZDocument, 202: ZAccepted } },
        preValidation: requireUser,
      },
      async (request, reply) => {
        if (request.user!.role !== 'admin') throw forbidden('Admin access required.');
        const body = request.body;
        if (!body) throw invalid('Title is required');
        const project = body.projectId == null ? undefined : await projectById(deps, body.projectId);
        const { id, outcome } = await createOnce(deps, request, {
          sequence: 'document_ids',
          stream: documentStream,
          create: async (documentId) => ({
            outcome: await runCommand(
              deps,
              documentStream(documentId),
              documentDecider,
              actorOf(request),
              (state) =>
                createFormDocument(state, {
                  documentId,
                  body,
                  project: project && { id: project.id, clientId: project.clientId },
                }),
            ),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return answer(reply, outcome, id, 201);
      },
    );

    app.patch(
      '/api/documents/:id/sign',
      {
        schema: {
          params: ZDocumentIdParams,
          body: ZSignDocumentBody,
          response: { 200: ZDocument, 202: ZAccepted },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const { id } = request.params;
        const png = signaturePng(request.body.signatureData);
        const signatureFile = `${sha256Hex(png)}.png`;
        const person = await personOf(deps, request.user!);
        const outcome = await runCommand(
          deps,
          documentStream(id),
          documentDecider,
          actorOf(request),
          (state) =>
            signDocument(state, {
              actor: person,
              at: new Date().toISOString(),
              ip: request.ip,
              userAgent: userAgentOf(request),
              signatureFile,
            }),
          // The picture is kept only once the signature is decided; named by its content, storing it twice is harmless.
          { beforeAppend: async () => void (await files.put('documents', png, 'png')) },
        );
        return answer(reply, outcome, id);
      },
    );

    app.delete(
      '/api/documents/:id',
      { schema: { params: ZDocumentIdParams, response: { 200: ZSuccess } }, preValidation: requireAdmin },
      async (request) => {
        await runCommand(
          deps,
          documentStream(request.params.id),
          documentDecider,
          actorOf(request),
          deleteDocument,
        );
        return { success: true as const };
      },
    );
  };
}

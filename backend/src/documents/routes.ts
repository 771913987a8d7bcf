import { createReadStream } from 'node:fs';
import { ZAccepted } from '@app/contracts/api/accepted';
import { ZSuccess } from '@app/contracts/api/auth';
import { ZClientIdOnlyParams } from '@app/contracts/api/clients';
import {
  DOCUMENT_NOT_FOUND,
  ONLY_ADMINS_MAKE_VERSIONS,
  ZCreateFormDocumentBody,
  ZDocument,
  ZDocumentIdParams,
  ZDocumentProjectParams,
  ZDocumentsPage,
  ZDocumentsQuery,
  ZSignDocumentBody,
  ZUploadDocumentFields,
} from '@app/contracts/api/documents';
import { asksForPage, EMPTY_PAGE } from '@app/contracts/api/paging';
import { countsTable } from '@app/projections/runtime/document-projection';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { drawnSignature, userAgentOf } from '../files/signature.ts';
import { fileStore } from '../files/store.ts';
import { formDefinitionFor } from '../forms/definitions.ts';
import { answerAfter } from '../platform/answer.ts';
import { type CommandOutcome, runCommand } from '../platform/command.ts';
import { contentDisposition } from '../platform/content-disposition.ts';
import type { AppDeps } from '../platform/deps.ts';
import { forbidden, invalid, notFound } from '../platform/errors.ts';
import { createOnce } from '../platform/idempotency.ts';
import { keptPages, keptTexts } from '../platform/kept-pages.ts';
import { refuseWholeListOver } from '../platform/paging.ts';
import { projectFacts } from '../projects/facts.ts';
import { visibleProject } from '../projects/queries.ts';
import { createDocument, replacedDocument } from './commands.ts';
import {
  createFormDocument,
  deleteDocument,
  documentDecider,
  documentStream,
  recordUpload,
  reviewDocument,
  signDocument,
} from './decide.ts';
import {
  documentById,
  documentsJson,
  pageDocuments,
  personOf,
  visibleDocument,
  visibleFile,
} from './queries.ts';
import { signedPdfFor } from './signed-pdf.ts';
import { readDocumentUpload } from './upload.ts';
import { noteDocumentView } from './views.ts';

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

  /**
   * A file for a project: staff for any project (or unassigned), a client for their own project only
   * (another's answers 404). Nothing is kept unless the document is recorded.
   */
  async function upload(request: FastifyRequest, reply: FastifyReply) {
    const file = await readDocumentUpload(request, files);
    try {
      const parsed = ZUploadDocumentFields.safeParse(file.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw invalid(`${issue?.path.join('.') || 'form'}: ${issue?.message ?? 'is invalid'}`);
      }
      const fields = parsed.data;
      const isAdmin = request.user!.role === 'admin';
      const replaces = fields.replaces ?? null;
      if (replaces !== null && !isAdmin) throw forbidden(ONLY_ADMINS_MAKE_VERSIONS);
      // A new version without a project named is for the project of the document it replaces.
      const projectId =
        fields.projectId ?? (replaces === null ? null : (await replacedDocument(deps, replaces)).projectId);
      if (!isAdmin && projectId === null) throw invalid('Please select a project', 'project_required');
      const project = projectId === null ? undefined : await projectFacts(deps, projectId);
      if (!isAdmin) {
        // A client uploads to their own project only; anyone else's answers as a missing one.
        const person = await personOf(deps, request.user!);
        if (!project || project.clientId !== person.clientId) throw notFound('Project not found');
      }
      const { id, outcome } = await createOnce(deps, request, {
        sequence: 'document_ids',
        stream: documentStream,
        create: async (documentId) => ({
          outcome: await createDocument(deps, actorOf(request), {
            documentId,
            replaces,
            decide: (state) =>
              recordUpload(state, {
                documentId,
                projectId,
                project,
                title: fields.title || file.filename,
                description: fields.description,
                file: {
                  name: `${file.sha256}.${file.extension}`,
                  filename: file.filename,
                  mimeType: file.mimeType,
                  size: file.size,
                  sha256: file.sha256,
                },
                uploadedBy: isAdmin ? 'staff' : 'client',
              }),
            // Kept only once the upload is decided: a refused one leaves nothing behind.
            beforeAppend: async () =>
              void (await files.adopt('documents', file.incoming, file.sha256, file.extension)),
          }),
        }),
        repeated: (_id, outcome) => ({ outcome }),
      });
      // The temporary file goes before the answer: whoever reads the answer finds no trace of it.
      await file.discard();
      // Awaited: a promise returned from a try has no handler while the finally runs, and its read failing
      // meanwhile (Postgres stopped) was an unhandled rejection that ended the process.
      return await answer(reply, outcome, id, 201);
    } finally {
      await file.discard();
    }
  }

  /** Serves a document's file to its admins and its client only, never from a shared cache; 404 once deleted. */
  async function serveFile(
    request: FastifyRequest,
    reply: FastifyReply,
    id: number,
    kind: 'inline' | 'attachment',
  ) {
    const person = await personOf(deps, request.user!);
    const visible = await visibleFile(deps, person, id);
    const stored = visible && (await files.find('documents', visible.file));
    if (!visible || !stored) throw notFound(DOCUMENT_NOT_FOUND);
    if (kind === 'inline') await noteDocumentView(deps, actorOf(request), person, id);
    return reply
      .type(stored.contentType)
      .header('content-length', stored.size)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition(kind, visible.filename))
      .send(createReadStream(stored.path));
  }

  /** A list of the documents the caller may see; its JSON is made by the database (see documentsJson), sent as it is. */
  const lists = keptTexts(deps, ['documents']);
  /** A documents list as the person may see it, kept per audience and scope while no document changes. */
  const listAnswer = async (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: Parameters<typeof documentsJson>[2] = {},
  ) => {
    const person = await personOf(deps, request.user!);
    const audience = person.role === 'admin' ? 'all' : `client-${person.clientId}`;
    const key = `${audience}|${scope.projectId ?? ''}|${scope.clientId ?? ''}`;
    return lists(request, reply, key, () => documentsJson(deps, person, scope));
  };

  const pages = keptPages(deps, ['documents', 'projects', 'clients']);
  return async (app) => {
    app.get(
      '/api/documents/:id/file',
      { schema: { params: ZDocumentIdParams }, preValidation: requireUser },
      (request, reply) => serveFile(request, reply, request.params.id, 'inline'),
    );
    app.get(
      '/api/documents/:id/download',
      { schema: { params: ZDocumentIdParams }, preValidation: requireUser },
      (request, reply) => serveFile(request, reply, request.params.id, 'attachment'),
    );

    // The signed form as a PDF with its certificate page, made from the document's stream on each request.
    app.get(
      '/api/documents/:id/signed-pdf',
      { schema: { params: ZDocumentIdParams }, preValidation: requireUser },
      async (request, reply) => {
        const person = await personOf(deps, request.user!);
        const pdf = await signedPdfFor(deps, files, person, request.params.id);
        return reply
          .type('application/pdf')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', contentDisposition('attachment', `${pdf.title}-signed.pdf`))
          .send(Buffer.from(pdf.bytes));
      },
    );

    // With any query (limit, cursor, q, filters) a page of list rows (a client's only their own, whatever it
    // names); without, every document the caller may see (the spec's).
    app.get(
      '/api/documents',
      {
        schema: {
          querystring: ZDocumentsQuery,
          response: { 200: z.union([z.array(ZDocument), ZDocumentsPage]) },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        if (!asksForPage(request.query)) {
          if (request.user!.role === 'admin')
            await refuseWholeListOver(deps.rm, countsTable('documents'), 'documents');
          return listAnswer(request, reply);
        }
        const person = await personOf(deps, request.user!);
        if (person.role === 'admin')
          return pages(request, reply, 'all', () => pageDocuments(deps, request.query));
        const own = person.clientId;
        return own === null
          ? EMPTY_PAGE
          : pages(request, reply, `client-${own}`, () => pageDocuments(deps, request.query, own));
      },
    );

    // A project's documents: an admin any project's, a client only their own project's (404 otherwise).
    app.get(
      '/api/documents/project/:projectId',
      {
        schema: { params: ZDocumentProjectParams, response: { 200: z.array(ZDocument) } },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const { projectId } = request.params;
        if (!(await visibleProject(deps, request.user!, projectId))) throw notFound('Project not found');
        return listAnswer(request, reply, { projectId });
      },
    );

    // One client's documents, for the admin's view of that client's portal.
    app.get(
      '/api/documents/client/:clientId',
      {
        schema: { params: ZClientIdOnlyParams, response: { 200: z.array(ZDocument) } },
        preValidation: requireAdmin,
      },
      async (request, reply) => listAnswer(request, reply, { clientId: request.params.clientId }),
    );

    // Opening a document: its client's first open of the day is recorded in its trail.
    app.get(
      '/api/documents/:id',
      { schema: { params: ZDocumentIdParams, response: { 200: ZDocument } }, preValidation: requireUser },
      async (request) => {
        const { id } = request.params;
        const person = await personOf(deps, request.user!);
        const doc = await visibleDocument(deps, person, id);
        if (!doc) throw notFound(DOCUMENT_NOT_FOUND);
        await noteDocumentView(deps, actorOf(request), person, id);
        return doc;
      },
    );

    // A form as JSON (staff; a client only a required-document form); files arrive as multipart on the same address.
    app.post(
      '/api/documents',
      {
        schema: { body: ZCreateFormDocumentBody.nullish(), response: { 201: ZDocument, 202: ZAccepted } },
        preValidation: requireUser,
      },
      async (request, reply) => {
        if (request.isMultipart()) return upload(request, reply);
        const given = request.body;
        if (!given) throw invalid('Title is required');
        const replaces = given.replaces ?? null;
        if (replaces !== null && request.user!.role !== 'admin') throw forbidden(ONLY_ADMINS_MAKE_VERSIONS);
        // A new version without a project named is for the project of the document it replaces.
        const body =
          given.projectId == null && replaces !== null
            ? { ...given, projectId: (await replacedDocument(deps, replaces)).projectId }
            : given;
        const project = body.projectId == null ? undefined : await projectFacts(deps, body.projectId);
        const author = await personOf(deps, request.user!);
        const definition = await formDefinitionFor(deps, body.templateType);
        const { id, outcome } = await createOnce(deps, request, {
          sequence: 'document_ids',
          stream: documentStream,
          create: async (documentId) => ({
            outcome: await createDocument(deps, actorOf(request), {
              documentId,
              replaces,
              decide: (state) => createFormDocument(state, { documentId, body, project, author, definition }),
            }),
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
        const { png, file: signatureFile } = drawnSignature(request.body.signatureData);
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

    // Staff mark a client's upload as reviewed: it stops counting as pending.
    app.patch(
      '/api/documents/:id/review',
      {
        schema: { params: ZDocumentIdParams, response: { 200: ZDocument, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const person = await personOf(deps, request.user!);
        const outcome = await runCommand(
          deps,
          documentStream(id),
          documentDecider,
          actorOf(request),
          (state) => reviewDocument(state, { actor: person, at: new Date().toISOString() }),
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

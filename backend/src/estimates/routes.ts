import { ZAccepted } from '@app/contracts/api/accepted';
import { ZSuccess } from '@app/contracts/api/auth';
import {
  ESTIMATE_NOT_FOUND,
  ZAcceptQuoteBody,
  ZCreateEstimateBody,
  ZDeclineQuoteBody,
  ZEstimate,
  ZEstimateIdParams,
  ZEstimateProjectResponse,
  ZEstimates,
  ZEstimatesPage,
  ZEstimatesQuery,
  ZUpdateEstimateBody,
} from '@app/contracts/api/estimates';
import { asksForPage } from '@app/contracts/api/paging';
import { etagOf, ZIfMatchHeaders } from '@app/contracts/api/versions';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { personOf } from '../auth/person.ts';
import { drawnSignature, userAgentOf } from '../files/signature.ts';
import { fileStore } from '../files/store.ts';
import { answerAfter } from '../platform/answer.ts';
import type { CommandOutcome } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { createOnce } from '../platform/idempotency.ts';
import { nextId } from '../platform/ids.ts';
import { keptAnswers, keptPages } from '../platform/kept-pages.ts';
import { projectStream } from '../projects/decide.ts';
import {
  acceptExisting,
  changeExisting,
  createNew,
  createProjectFor,
  declineExisting,
  deleteExisting,
  sendExisting,
} from './commands.ts';
import { type EstimateChanges, type EstimateFields, estimateStream } from './decide.ts';
import { estimateById, estimatesOf, pageEstimates, visibleEstimate } from './queries.ts';

type CreateBody = z.output<typeof ZCreateEstimateBody>;
type UpdateBody = z.output<typeof ZUpdateEstimateBody>;

/** The body's fields as the decisions name them (`laborHours` is the custom hours, null for automatic). */
const fieldsOf = ({ laborHours, description, ...rest }: CreateBody): EstimateFields => ({
  ...rest,
  customLaborHours: laborHours,
  description: description ?? null,
});

/** Only what a PATCH names. */
function changesOf({ laborHours, ...rest }: UpdateBody): EstimateChanges {
  const changes: EstimateChanges = laborHours === undefined ? {} : { customLaborHours: laborHours };
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined) Object.assign(changes, { [key]: value });
  return changes;
}

/**
 * Estimates (quotes): staff make, price, change, send and delete them, and make a project from one; the
 * client they are sent to reads them in the portal and accepts (signing) or declines. A client asking for
 * anyone else's estimate, or a draft, is told it does not exist.
 */
export function estimateRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  const files = fileStore(deps.config.FILES_DIR);

  const answer = (reply: FastifyReply, outcome: CommandOutcome, id: number, status: 200 | 201 = 200) =>
    answerAfter(reply, outcome, {
      status,
      id,
      read: () => estimateById(deps, id),
      notFoundMessage: ESTIMATE_NOT_FOUND,
    });

  /** The answer to the client's own command: their quote as they may read it. */
  const answerClient = async (
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: CommandOutcome,
    id: number,
  ) => {
    const person = await personOf(deps, request.user!);
    return answerAfter(reply, outcome, {
      id,
      read: () => visibleEstimate(deps, person, id),
      notFoundMessage: ESTIMATE_NOT_FOUND,
    });
  };

  const pages = keptPages(deps, ['estimates', 'clients', 'projects']);
  const lists = keptAnswers(deps, ['estimates', 'clients', 'projects']);
  return async (app) => {
    app.get(
      '/api/estimates',
      {
        schema: { querystring: ZEstimatesQuery, response: { 200: z.union([ZEstimates, ZEstimatesPage]) } },
        preValidation: requireUser,
      },
      // With any query (limit, cursor, q, filters, sort) a page; without, every estimate the caller may read.
      async (request, reply) => {
        const person = await personOf(deps, request.user!);
        const scope = person.role === 'admin' ? 'all' : `client-${person.clientId}`;
        if (!asksForPage(request.query)) return lists(request, reply, scope, () => estimatesOf(deps, person));
        return pages(request, reply, scope, () => pageEstimates(deps, person, request.query));
      },
    );

    app.get(
      '/api/estimates/:id',
      { schema: { params: ZEstimateIdParams, response: { 200: ZEstimate } }, preValidation: requireUser },
      async (request, reply) => {
        const person = await personOf(deps, request.user!);
        const estimate = await visibleEstimate(deps, person, request.params.id);
        if (!estimate) throw notFound(ESTIMATE_NOT_FOUND);
        return reply.header('etag', etagOf(estimate.version)).send(estimate);
      },
    );

    app.post(
      '/api/estimates',
      {
        schema: { body: ZCreateEstimateBody, response: { 201: ZEstimate, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id, outcome } = await createOnce(deps, request, {
          sequence: 'estimate_ids',
          stream: estimateStream,
          create: async (estimateId) => ({
            outcome: await createNew(deps, actorOf(request), {
              estimateId,
              fields: fieldsOf(request.body),
              by: request.user!.id,
            }),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return answer(reply, outcome, id, 201);
      },
    );

    app.patch(
      '/api/estimates/:id',
      {
        schema: {
          params: ZEstimateIdParams,
          headers: ZIfMatchHeaders,
          body: ZUpdateEstimateBody,
          response: { 200: ZEstimate, 202: ZAccepted },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await changeExisting(deps, actorOf(request), {
          id,
          changes: changesOf(request.body),
          by: request.user!.id,
          expectedVersion: request.headers['if-match'],
        });
        return answer(reply, outcome, id);
      },
    );

    app.delete(
      '/api/estimates/:id',
      { schema: { params: ZEstimateIdParams, response: { 200: ZSuccess } }, preValidation: requireAdmin },
      async (request) => {
        await deleteExisting(deps, actorOf(request), { id: request.params.id, by: request.user!.id });
        return { success: true as const };
      },
    );

    // Create Project: a pending project made from the estimate, for its client, linked to it.
    app.post(
      '/api/estimates/:id/project',
      {
        schema: {
          params: ZEstimateIdParams,
          response: { 201: ZEstimateProjectResponse, 202: ZAccepted.extend({ projectId: z.number().int() }) },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const { id: projectId, outcome } = await createOnce(deps, request, {
          sequence: 'project_ids',
          stream: projectStream,
          create: async (projectId) => ({
            outcome: await createProjectFor(deps, actorOf(request), { id, projectId, by: request.user!.id }),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return answerAfter(reply, outcome, {
          status: 201,
          id,
          read: async () => {
            const estimate = await estimateById(deps, id);
            return estimate && { estimate, projectId };
          },
          notFoundMessage: ESTIMATE_NOT_FOUND,
          extra: { projectId },
        });
      },
    );

    app.post(
      '/api/estimates/:id/send',
      {
        schema: { params: ZEstimateIdParams, response: { 200: ZEstimate, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await sendExisting(deps, actorOf(request), { id, by: request.user!.id });
        return answer(reply, outcome, id);
      },
    );

    // The client accepts the quote sent to them: typed name, drawn signature, from where, and what they read.
    app.post(
      '/api/estimates/:id/accept',
      {
        schema: {
          params: ZEstimateIdParams,
          body: ZAcceptQuoteBody,
          response: { 200: ZEstimate, 202: ZAccepted },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const { id } = request.params;
        const { png, file: signatureFile } = drawnSignature(request.body.signatureData);
        const { outcome } = await acceptExisting(deps, actorOf(request), {
          id,
          person: await personOf(deps, request.user!),
          signerName: request.body.signerName,
          ip: request.ip,
          userAgent: userAgentOf(request),
          signatureFile,
          newProjectId: () => nextId(deps.db, 'project_ids'),
          // Kept only once the acceptance is decided; named by its content, storing it twice is harmless.
          keepSignature: async () => void (await files.put('documents', png, 'png')),
        });
        return answerClient(request, reply, outcome, id);
      },
    );

    app.post(
      '/api/estimates/:id/decline',
      {
        schema: {
          params: ZEstimateIdParams,
          body: ZDeclineQuoteBody,
          response: { 200: ZEstimate, 202: ZAccepted },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await declineExisting(deps, actorOf(request), {
          id,
          person: await personOf(deps, request.user!),
          reason: request.body.reason,
        });
        return answerClient(request, reply, outcome, id);
      },
    );
  };
}

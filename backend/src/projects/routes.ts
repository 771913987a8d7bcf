import { ZAccepted } from '@app/contracts/api/accepted';
import { ZSuccess } from '@app/contracts/api/auth';
import { ZClientIdOnlyParams } from '@app/contracts/api/clients';
import { asksForPage, EMPTY_PAGE } from '@app/contracts/api/paging';
import {
  ZCreateProjectBody,
  ZProject,
  ZProjectCounts,
  ZProjectIdParams,
  ZProjectPatchBody,
  ZProjectsPage,
  ZProjectsQuery,
  ZSyncCalendarResponse,
} from '@app/contracts/api/projects';
import { etagOf, ZIfMatchHeaders } from '@app/contracts/api/versions';
import { projectEvents } from '@app/contracts/calendar/event-times';
import type { TProjectPhotoRef } from '@app/contracts/events/projects';
import { countsTable } from '@app/projections/runtime/document-projection';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { requestProjectSync } from '../calendar-sync/commands.ts';
import { clientDecider, clientStream } from '../clients/decide.ts';
import { ownClientList } from '../clients/own-list.ts';
import { readPhotoUploads, storePhoto } from '../files/photos.ts';
import { signingWindow, storedFileAddress } from '../files/signed-urls.ts';
import { fileStore } from '../files/store.ts';
import { answerAfter } from '../platform/answer.ts';
import { type CommandOutcome, load, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { forbidden, notFound } from '../platform/errors.ts';
import { createOnce } from '../platform/idempotency.ts';
import { keptAnswers, keptPages } from '../platform/kept-pages.ts';
import { refuseWholeListOver } from '../platform/paging.ts';
import { sendKept } from '../platform/view-text-cache.ts';
import {
  addPhotos,
  changeProject,
  createProject,
  deleteProject,
  PROJECT_NOT_FOUND,
  projectDecider,
  projectFieldsChanged,
  projectStream,
} from './decide.ts';
import { projectFacts } from './facts.ts';
import {
  pageProjects,
  projectById,
  projectCounts,
  projectListCache,
  projectsOfClient,
  visibleProject,
} from './queries.ts';

/** The photos to keep arrive as the signed addresses the reads gave out; the project holds stored ones. */
const withStoredPhotoAddresses = <P extends { photos?: string[] }>(patch: P): P =>
  patch.photos ? { ...patch, photos: patch.photos.map(storedFileAddress) } : patch;

/**
 * Projects (jobs). Admins create, change and delete them; a signed-in client reads only the projects of
 * the client record linked to their account, and anyone else's project answers 404 like a missing one.
 */
export function projectRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  const files = fileStore(deps.config.FILES_DIR);
  const adminList = projectListCache(deps);
  const window = () => `window-${signingWindow(deps.config)}`;
  const pages = keptPages(deps, ['projects', 'clients'], window);
  const clientLists = keptAnswers(deps, ['projects', 'clients'], window);
  /** A client's own projects (the portal's), kept per client; an account with no client record has none. */
  const ownProjects = (request: FastifyRequest, reply: FastifyReply) =>
    ownClientList(deps, request, reply, clientLists, (own: number) => projectsOfClient(deps, own), []);

  const answer = (reply: FastifyReply, outcome: CommandOutcome, id: number, status: 200 | 201 = 200) =>
    answerAfter(reply, outcome, {
      status,
      id,
      read: () => projectById(deps, id),
      notFoundMessage: PROJECT_NOT_FOUND,
    });

  return async (app) => {
    app.post(
      '/api/projects',
      {
        schema: { body: ZCreateProjectBody, response: { 201: ZProject, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        // The client as its own stream has it (the write side decides on the write side).
        const { state: client } = await load(deps.store, clientStream(request.body.clientId), clientDecider);
        const { id, outcome } = await createOnce(deps, request, {
          sequence: 'project_ids',
          stream: projectStream,
          create: async (projectId) => ({
            outcome: await runCommand(
              deps,
              projectStream(projectId),
              projectDecider,
              actorOf(request),
              (state) =>
                createProject(state, {
                  projectId,
                  client: client.exists ? { id: client.clientId, name: client.name } : undefined,
                  body: request.body,
                }),
            ),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return answer(reply, outcome, id, 201);
      },
    );

    // An admin gets every project; anyone else signed in gets their own (as /api/projects/client).
    // With any query (limit, cursor, q, filters) a page of list rows; without, every project (the spec's).
    app.get(
      '/api/projects',
      {
        schema: {
          querystring: ZProjectsQuery,
          response: { 200: z.union([z.array(ZProject), ZProjectsPage]) },
        },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const user = request.user!;
        if (asksForPage(request.query)) {
          if (user.role === 'admin')
            return pages(request, reply, 'all', () => pageProjects(deps, request.query));
          return ownClientList(
            deps,
            request,
            reply,
            pages,
            (own: number) => pageProjects(deps, request.query, own),
            EMPTY_PAGE,
          );
        }
        if (user.role !== 'admin') return ownProjects(request, reply);
        await refuseWholeListOver(deps.rm, countsTable('projects'), 'projects');
        return sendKept(request, reply, await adminList.answer());
      },
    );

    app.get(
      '/api/projects/counts',
      { schema: { response: { 200: ZProjectCounts } }, preValidation: requireAdmin },
      () => projectCounts(deps),
    );

    app.get(
      '/api/projects/client',
      { schema: { response: { 200: z.array(ZProject) } }, preValidation: requireUser },
      ownProjects,
    );

    app.get(
      '/api/projects/client/:clientId',
      {
        schema: { params: ZClientIdOnlyParams, response: { 200: z.array(ZProject) } },
        preValidation: requireAdmin,
      },
      (request) => projectsOfClient(deps, request.params.clientId),
    );

    app.get(
      '/api/projects/:id',
      { schema: { params: ZProjectIdParams, response: { 200: ZProject } }, preValidation: requireUser },
      async (request, reply) => {
        const project = await visibleProject(deps, request.user!, request.params.id);
        if (!project) throw notFound(PROJECT_NOT_FOUND);
        return reply.header('etag', etagOf(project.version)).send(project);
      },
    );

    // PATCH sends any of the fields, the dialog's PUT all of them: both are the same change. With If-Match,
    // a copy on which another change has since changed a field the request names is refused (409).
    app.route({
      method: ['PATCH', 'PUT'],
      url: '/api/projects/:id',
      schema: {
        params: ZProjectIdParams,
        headers: ZIfMatchHeaders,
        body: ZProjectPatchBody,
        response: { 200: ZProject, 202: ZAccepted },
      },
      preValidation: requireAdmin,
      async handler(request, reply) {
        const { id } = request.params;
        const patch = withStoredPhotoAddresses(request.body);
        const outcome = await runCommand(
          deps,
          projectStream(id),
          projectDecider,
          actorOf(request),
          (state, seen) => changeProject(state, { patch, seen }),
          {
            expectedVersion: request.headers['if-match'],
            changedFields: (seen, now) => projectFieldsChanged(patch, seen, now),
          },
        );
        return answer(reply, outcome, id);
      },
    });

    app.delete(
      '/api/projects/:id',
      { schema: { params: ZProjectIdParams, response: { 200: ZSuccess } }, preValidation: requireAdmin },
      async (request) => {
        await runCommand(
          deps,
          projectStream(request.params.id),
          projectDecider,
          actorOf(request),
          deleteProject,
        );
        return { success: true as const };
      },
    );

    // The project's calendar events (section 9 rules), and a push of them to every connected Google Calendar.
    app.post(
      '/api/projects/:id/sync-calendar',
      {
        schema: { params: ZProjectIdParams, response: { 200: ZSyncCalendarResponse } },
        preValidation: requireAdmin,
      },
      async (request) => {
        const project = await projectById(deps, request.params.id);
        if (!project) throw notFound(PROJECT_NOT_FOUND);
        await requestProjectSync(deps, actorOf(request), request.user!.id, project.id);
        const events = projectEvents({
          id: project.id,
          clientId: project.clientId,
          clientName: project.clientName,
          title: project.title,
          description: project.description,
          type: project.type,
          status: project.status,
          jobStartDate: project.jobStartDate,
          jobEndDate: project.jobEndDate,
        });
        return { success: true, events };
      },
    );

    // Staff only; a client is told 404 for a project that is not theirs (as on reads) and 403 for their own.
    app.post(
      '/api/projects/:id/photos',
      {
        schema: { params: ZProjectIdParams, response: { 201: ZProject, 202: ZAccepted } },
        preValidation: requireUser,
      },
      async (request, reply) => {
        const { id } = request.params;
        if (request.user!.role !== 'admin') {
          if (!(await visibleProject(deps, request.user!, id))) throw notFound(PROJECT_NOT_FOUND);
          throw forbidden('Admin access required.');
        }
        // Decided on the write side: a project just created is there even while the projects view catches up.
        if (!(await projectFacts(deps, id))) throw notFound(PROJECT_NOT_FOUND);
        // Every file is read and converted before anything is stored: one refused file refuses the request.
        const prepared = await readPhotoUploads(request);
        const photos: TProjectPhotoRef[] = [];
        for (const photo of prepared) photos.push(await storePhoto(files, photo));
        const outcome = await runCommand(deps, projectStream(id), projectDecider, actorOf(request), (state) =>
          addPhotos(state, { photos }),
        );
        return answer(reply, outcome, id, 201);
      },
    );
  };
}

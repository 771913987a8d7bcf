import { ZSuccess } from '@app/contracts/api/auth';
import { ZClientIdOnlyParams } from '@app/contracts/api/clients';
import {
  ZCreateProjectBody,
  ZProject,
  ZProjectIdParams,
  ZProjectPatchBody,
  ZSyncCalendarResponse,
} from '@app/contracts/api/projects';
import type { TProjectPhotoRef } from '@app/contracts/events/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { clientById } from '../clients/queries.ts';
import { readPhotoUploads, storePhoto } from '../files/photos.ts';
import { fileStore } from '../files/store.ts';
import { runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { forbidden, notFound } from '../platform/errors.ts';
import {
  addPhotos,
  changeProject,
  createProject,
  deleteProject,
  PROJECT_NOT_FOUND,
  projectDecider,
  projectStream,
} from './decide.ts';
import { listProjects, projectById, projectsOfClient, projectsOfUser, visibleProject } from './queries.ts';

/**
 * Projects (jobs). Admins create, change and delete them; a signed-in client reads only the projects of
 * the client record linked to their account, and anyone else's project answers 404 like a missing one.
 */
export function projectRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);
  const files = fileStore(deps.config.FILES_DIR);

  const readBack = async (id: number) => {
    const project = await projectById(deps, id);
    if (!project) throw notFound(PROJECT_NOT_FOUND);
    return project;
  };

  return async (app) => {
    app.post(
      '/api/projects',
      {
        schema: { body: ZCreateProjectBody, response: { 201: ZProject } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const client = await clientById(deps, request.body.clientId);
        const { rows } = await sql<{ id: number }>`SELECT nextval('project_ids')::int AS id`.execute(deps.db);
        const projectId = rows[0]!.id;
        await runCommand(deps, projectStream(projectId), projectDecider, actorOf(request), (state) =>
          createProject(state, { projectId, client, body: request.body }),
        );
        return reply.code(201).send(await readBack(projectId));
      },
    );

    // An admin gets every project; anyone else signed in gets their own (as /api/projects/client).
    app.get(
      '/api/projects',
      { schema: { response: { 200: z.array(ZProject) } }, preValidation: requireUser },
      (request) => {
        const user = request.user!;
        return user.role === 'admin' ? listProjects(deps) : projectsOfUser(deps, user.id);
      },
    );

    app.get(
      '/api/projects/client',
      { schema: { response: { 200: z.array(ZProject) } }, preValidation: requireUser },
      (request) => projectsOfUser(deps, request.user!.id),
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
      async (request) => {
        const project = await visibleProject(deps, request.user!, request.params.id);
        if (!project) throw notFound(PROJECT_NOT_FOUND);
        return project;
      },
    );

    // PATCH sends any of the fields, the dialog's PUT all of them: both are the same change.
    app.route({
      method: ['PATCH', 'PUT'],
      url: '/api/projects/:id',
      schema: { params: ZProjectIdParams, body: ZProjectPatchBody, response: { 200: ZProject } },
      preValidation: requireAdmin,
      async handler(request) {
        const { id } = request.params;
        await runCommand(deps, projectStream(id), projectDecider, actorOf(request), (state) =>
          changeProject(state, { patch: request.body }),
        );
        return readBack(id);
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

    // Calendar events come with the calendar slice; until then a sync of an existing project has nothing to add.
    app.post(
      '/api/projects/:id/sync-calendar',
      {
        schema: { params: ZProjectIdParams, response: { 200: ZSyncCalendarResponse } },
        preValidation: requireAdmin,
      },
      async (request) => {
        await readBack(request.params.id);
        return { success: true, events: [] };
      },
    );

    // Staff only; a client is told 404 for a project that is not theirs (as on reads) and 403 for their own.
    app.post(
      '/api/projects/:id/photos',
      { schema: { params: ZProjectIdParams, response: { 201: ZProject } }, preValidation: requireUser },
      async (request, reply) => {
        const { id } = request.params;
        const project = await visibleProject(deps, request.user!, id);
        if (!project) throw notFound(PROJECT_NOT_FOUND);
        if (request.user!.role !== 'admin') throw forbidden('Admin access required.');
        // Every file is read and converted before anything is stored: one refused file refuses the request.
        const prepared = await readPhotoUploads(request);
        const photos: TProjectPhotoRef[] = [];
        for (const photo of prepared) photos.push(await storePhoto(files, photo));
        await runCommand(deps, projectStream(id), projectDecider, actorOf(request), (state) =>
          addPhotos(state, { photos }),
        );
        return reply.code(201).send(await readBack(id));
      },
    );
  };
}

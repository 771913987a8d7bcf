import { ZAccepted } from '@app/contracts/api/accepted';
import {
  ZAddDailyNoteBody,
  ZDailyNote,
  ZDailyNoteIdParams,
  ZDailyNotesQuery,
  ZDashboardStats,
  ZUpdateDailyNoteBody,
} from '@app/contracts/api/portal';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { clientIdForUser } from '../clients/queries.ts';
import { answerAfter } from '../platform/answer.ts';
import { runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { createOnce } from '../platform/idempotency.ts';
import {
  addNote,
  changeNote,
  dailyNoteDecider,
  dailyNoteStream,
  deleteNote,
  NOTE_NOT_FOUND,
} from './decide.ts';
import { noteOf, notesOfDay } from './queries.ts';
import { dashboardStats } from './stats.ts';

export function dashboardRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser, requireAdmin } = guards(deps);

  return async (app) => {
    app.get(
      '/api/dashboard/stats',
      { schema: { response: { 200: ZDashboardStats } }, preValidation: requireUser },
      async (request) => {
        const user = request.user!;
        if (user.role === 'admin') return dashboardStats(deps, null);
        // A client sees their own figures; an account without a client record has none.
        return dashboardStats(deps, (await clientIdForUser(deps, user.id)) ?? -1);
      },
    );

    app.get(
      '/api/dashboard/notes',
      {
        schema: { querystring: ZDailyNotesQuery, response: { 200: z.array(ZDailyNote) } },
        preValidation: requireAdmin,
      },
      (request) => notesOfDay(deps, request.user!.id, request.query.day),
    );

    app.post(
      '/api/dashboard/notes',
      {
        schema: { body: ZAddDailyNoteBody, response: { 201: ZDailyNote, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const userId = request.user!.id;
        const { day, text } = request.body;
        const made = await createOnce(deps, request, {
          sequence: 'daily_note_ids',
          stream: dailyNoteStream,
          create: async (noteId) => ({
            outcome: await runCommand(
              deps,
              dailyNoteStream(noteId),
              dailyNoteDecider,
              actorOf(request),
              (state) => addNote(state, { noteId, userId, day, text }),
            ),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return answerAfter(reply, made.outcome, {
          status: 201,
          id: made.id,
          read: () => noteOf(deps, userId, made.id),
          notFoundMessage: NOTE_NOT_FOUND,
        });
      },
    );

    app.patch(
      '/api/dashboard/notes/:id',
      {
        schema: {
          params: ZDailyNoteIdParams,
          body: ZUpdateDailyNoteBody,
          response: { 200: ZDailyNote, 202: ZAccepted },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const userId = request.user!.id;
        const { id } = request.params;
        const outcome = await runCommand(
          deps,
          dailyNoteStream(id),
          dailyNoteDecider,
          actorOf(request),
          (state) => changeNote(state, userId, request.body),
        );
        return answerAfter(reply, outcome, {
          id,
          read: () => noteOf(deps, userId, id),
          notFoundMessage: NOTE_NOT_FOUND,
        });
      },
    );

    app.delete(
      '/api/dashboard/notes/:id',
      {
        schema: { params: ZDailyNoteIdParams, response: { 200: z.object({ success: z.literal(true) }) } },
        preValidation: requireAdmin,
      },
      async (request) => {
        const userId = request.user!.id;
        await runCommand(
          deps,
          dailyNoteStream(request.params.id),
          dailyNoteDecider,
          actorOf(request),
          (state) => deleteNote(state, userId),
        );
        return { success: true as const };
      },
    );
  };
}

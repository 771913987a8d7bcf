import { ZAccepted } from '@app/contracts/api/accepted';
import { ZSuccess } from '@app/contracts/api/auth';
import {
  CUSTOM_FORM_NOT_FOUND,
  ZCustomForm,
  ZCustomFormIdParams,
  ZSaveCustomFormBody,
} from '@app/contracts/api/forms';
import { ZIfMatchHeaders } from '@app/contracts/api/versions';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, guards } from '../auth/guard.ts';
import { answerAfter } from '../platform/answer.ts';
import { type CommandOutcome, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { createOnce } from '../platform/idempotency.ts';
import {
  createCustomForm,
  customFormDecider,
  customFormFieldsChanged,
  customFormStream,
  removeCustomForm,
  updateCustomForm,
} from './decide.ts';
import { allCustomForms, customFormById } from './queries.ts';

/**
 * Custom forms: built in the form builder or converted from a document, kept on the server and shared by every
 * admin (admins only). A document made from one names it as `custom-<id>` (see `formDefinitionFor`).
 */
export function customFormRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);

  const answer = (reply: FastifyReply, outcome: CommandOutcome, id: number, status: 200 | 201 = 200) =>
    answerAfter(reply, outcome, {
      status,
      id,
      read: () => customFormById(deps, id),
      notFoundMessage: CUSTOM_FORM_NOT_FOUND,
    });

  return async (app) => {
    app.get(
      '/api/forms',
      { schema: { response: { 200: z.array(ZCustomForm) } }, preValidation: requireAdmin },
      () => allCustomForms(deps),
    );

    app.post(
      '/api/forms',
      {
        schema: { body: ZSaveCustomFormBody, response: { 201: ZCustomForm, 202: ZAccepted } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const body = request.body;
        const { id, outcome } = await createOnce(deps, request, {
          sequence: 'form_ids',
          stream: customFormStream,
          create: async (formId) => ({
            outcome: await runCommand(
              deps,
              customFormStream(formId),
              customFormDecider,
              actorOf(request),
              (s) => createCustomForm(s, { formId, body }),
            ),
          }),
          repeated: (_id, outcome) => ({ outcome }),
        });
        return answer(reply, outcome, id, 201);
      },
    );

    app.put(
      '/api/forms/:id',
      {
        schema: {
          params: ZCustomFormIdParams,
          headers: ZIfMatchHeaders,
          body: ZSaveCustomFormBody,
          response: { 200: ZCustomForm, 202: ZAccepted },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const { id } = request.params;
        const outcome = await runCommand(
          deps,
          customFormStream(id),
          customFormDecider,
          actorOf(request),
          (s) => updateCustomForm(s, request.body),
          { expectedVersion: request.headers['if-match'], changedFields: customFormFieldsChanged },
        );
        return answer(reply, outcome, id);
      },
    );

    app.delete(
      '/api/forms/:id',
      { schema: { params: ZCustomFormIdParams, response: { 200: ZSuccess } }, preValidation: requireAdmin },
      async (request) => {
        await runCommand(
          deps,
          customFormStream(request.params.id),
          customFormDecider,
          actorOf(request),
          removeCustomForm,
        );
        return { success: true as const };
      },
    );
  };
}

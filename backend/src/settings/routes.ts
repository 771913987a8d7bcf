import { ZSuccess } from '@app/contracts/api/auth';
import {
  DEFAULT_SETTINGS,
  DEFAULT_SITE_CONTENT,
  ZContactInfo,
  ZSettings,
  ZSettingsUpdate,
  ZSiteContent,
} from '@app/contracts/api/settings';
import type { TSettingsEvent } from '@app/contracts/events/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, guards } from '../auth/guard.ts';
import { runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';

/** The site's settings are one aggregate; every valid save is recorded as it is (no rule depends on history). */
const SETTINGS_STREAM = 'settings-1';
const settingsDecider = { initial: null, evolve: () => null };
const save = (deps: AppDeps, request: Parameters<typeof actorOf>[0], event: TSettingsEvent) =>
  runCommand(deps, SETTINGS_STREAM, settingsDecider, actorOf(request), () => [event]);

async function readSettings(deps: AppDeps) {
  const row = await deps.rm.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    settings: {
      company: row?.company ?? DEFAULT_SETTINGS.company,
      pricing: row?.pricing ?? DEFAULT_SETTINGS.pricing,
      admin: row?.admin ?? DEFAULT_SETTINGS.admin,
    },
    content: row?.content ?? DEFAULT_SITE_CONTENT,
  };
}

export function settingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
  return async (app) => {
    // Public: the marketing pages render the saved content and contact details.
    app.get(
      '/api/content',
      { schema: { response: { 200: ZSiteContent } } },
      async () => (await readSettings(deps)).content,
    );

    app.get(
      '/api/settings',
      { schema: { response: { 200: ZSettings } }, preValidation: requireAdmin },
      async () => {
        return (await readSettings(deps)).settings;
      },
    );

    app.put(
      '/api/settings',
      { schema: { body: ZSettingsUpdate, response: { 200: ZSettings } }, preValidation: requireAdmin },
      async (request) => {
        await save(deps, request, { type: 'SettingsSectionSaved', data: request.body });
        return (await readSettings(deps)).settings;
      },
    );

    app.post(
      '/api/content/save',
      { schema: { body: ZSiteContent, response: { 200: ZSuccess } }, preValidation: requireAdmin },
      async (request) => {
        await save(deps, request, { type: 'SiteContentSaved', data: request.body });
        return { success: true as const, message: 'Content saved' };
      },
    );

    app.post(
      '/api/content/contact',
      { schema: { body: ZContactInfo, response: { 200: ZSuccess } }, preValidation: requireAdmin },
      async (request) => {
        await save(deps, request, { type: 'ContactInfoSaved', data: request.body });
        return { success: true as const, message: 'Contact information saved' };
      },
    );
  };
}

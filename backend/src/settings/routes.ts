import { ZSuccess } from '@app/contracts/api/auth';
import {
  LOGO_JPEG_QUALITY,
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  ZContactInfo,
  ZLogoUploaded,
  ZPublicSiteContent,
  ZSettingsRead,
  ZSettingsUpdate,
  ZSiteContent,
} from '@app/contracts/api/settings';
import { etagOf, ZIfMatchHeaders } from '@app/contracts/api/versions';
import type { TSettingsEvent } from '@app/contracts/events/settings';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, guards } from '../auth/guard.ts';
import { toJpeg } from '../files/images.ts';
import { fileStore } from '../files/store.ts';
import { readImageUpload } from '../files/upload.ts';
import { type CommandOptions, runCommand } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import {
  changeLogo,
  SETTINGS_STREAM,
  saveContactInfo,
  saveSection,
  saveSiteContent,
  settingsDecider,
  settingsFieldsChanged,
} from './decide.ts';
import { publicContent, readSettings } from './queries.ts';

const save = (
  deps: AppDeps,
  request: FastifyRequest,
  decide: () => TSettingsEvent[],
  options?: CommandOptions<(typeof settingsDecider)['initial']>,
) => runCommand(deps, SETTINGS_STREAM, settingsDecider, actorOf(request), decide, options);

export function settingsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);
  const files = fileStore(deps.config.FILES_DIR);
  return async (app) => {
    // Public: the marketing pages render the saved content, contact details and the company logo.
    app.get('/api/content', { schema: { response: { 200: ZPublicSiteContent } } }, () => publicContent(deps));

    app.get(
      '/api/settings',
      { schema: { response: { 200: ZSettingsRead } }, preValidation: requireAdmin },
      async (_request, reply) => {
        const { settings, version } = await readSettings(deps);
        return reply.header('etag', etagOf(version)).send({ ...settings, version });
      },
    );

    // One section at a time; with If-Match, a copy on which a field of that section changed since is refused.
    app.put(
      '/api/settings',
      {
        schema: { headers: ZIfMatchHeaders, body: ZSettingsUpdate, response: { 200: ZSettingsRead } },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        const update = request.body;
        await save(deps, request, () => saveSection(update), {
          expectedVersion: request.headers['if-match'],
          changedFields: (seen, now) => settingsFieldsChanged(update, seen, now),
        });
        const { settings, version } = await readSettings(deps);
        return reply.header('etag', etagOf(version)).send({ ...settings, version });
      },
    );

    // The logo is stored as a small JPEG first; only then is the change recorded, so a refused upload leaves no trace.
    app.post(
      '/api/settings/logo',
      { schema: { response: { 200: ZLogoUploaded } }, preValidation: requireAdmin },
      async (request) => {
        const upload = await readImageUpload(request, {
          field: 'file',
          maxBytes: LOGO_MAX_BYTES,
          tooLargeMessage: `File too large: the logo must be at most ${LOGO_MAX_BYTES / 1024 / 1024}MB.`,
        });
        const jpeg = await toJpeg(upload.bytes, { maxSide: LOGO_MAX_SIDE, quality: LOGO_JPEG_QUALITY });
        const { url } = await files.put('logos', jpeg, 'jpg');
        await save(deps, request, () => changeLogo(url));
        return { logo: url };
      },
    );

    app.post(
      '/api/content/save',
      { schema: { body: ZSiteContent, response: { 200: ZSuccess } }, preValidation: requireAdmin },
      async (request) => {
        await save(deps, request, () => saveSiteContent(request.body));
        return { success: true as const, message: 'Content saved' };
      },
    );

    app.post(
      '/api/content/contact',
      { schema: { body: ZContactInfo, response: { 200: ZSuccess } }, preValidation: requireAdmin },
      async (request) => {
        await save(deps, request, () => saveContactInfo(request.body));
        return { success: true as const, message: 'Contact information saved' };
      },
    );
  };
}

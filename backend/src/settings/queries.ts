import { DEFAULT_SETTINGS, DEFAULT_SITE_CONTENT, type TPublicSiteContent } from '@app/contracts/api/settings';
import type { AppDeps } from '../platform/deps.ts';

export async function readSettings(deps: Pick<AppDeps, 'rm'>) {
  const row = await deps.rm.selectFrom('site_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    settings: {
      company: row?.company ?? DEFAULT_SETTINGS.company,
      pricing: row?.pricing ?? DEFAULT_SETTINGS.pricing,
      admin: row?.admin ?? DEFAULT_SETTINGS.admin,
    },
    content: row?.content ?? DEFAULT_SITE_CONTENT,
    // Nothing saved yet: the settings' stream holds no event.
    version: row?.version ?? 0,
  };
}

/** What the public pages render (GET /api/content; also written into every page: backend/src/web). */
export async function publicContent(deps: Pick<AppDeps, 'rm'>): Promise<TPublicSiteContent> {
  const { content, settings } = await readSettings(deps);
  return { ...content, logo: settings.company.logo };
}

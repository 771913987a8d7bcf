import { eventTypesOf } from '@app/contracts/events/domain';
import { settingsEventSchemas, type TSettingsEvent } from '@app/contracts/events/settings';
import { NOTHING_SAVED, settingsAfter } from '@app/contracts/settings/sections';
import { documentProjection } from '../runtime/document-projection.ts';
import type { SiteSettingsTable } from './table.ts';

type Row = Omit<SiteSettingsTable, 'last_event_position' | 'version'>;

/**
 * Company, pricing and admin settings and the public site's content, folded as the settings' decider folds
 * them (`settingsAfter`: the company's contact details and the site's are one set).
 */
export const siteSettingsProjection = documentProjection<Row>({
  name: 'site-settings',
  // 2: company and site contact details are one set. 3: the row keeps the settings' version (streamVersion).
  version: 3,
  streamVersion: true,
  syncType: 'settings',
  table: 'site_settings',
  ddl: (s) => `
    CREATE TABLE ${s}.site_settings (
      id integer PRIMARY KEY,
      company jsonb,
      pricing jsonb,
      admin jsonb,
      content jsonb,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      last_event_position numeric NOT NULL
    );`,
  eventTypes: eventTypesOf(settingsEventSchemas),
  idOf: () => 1,
  evolve(row, stored) {
    const { company, pricing, admin, content } = row ?? NOTHING_SAVED;
    const saved = settingsAfter({ company, pricing, admin, content }, stored as unknown as TSettingsEvent);
    return { id: 1, ...saved, updated_at: stored.metadata.occurredAt };
  },
});

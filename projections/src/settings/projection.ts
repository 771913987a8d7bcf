import { DEFAULT_SETTINGS, DEFAULT_SITE_CONTENT } from '@app/contracts/api/settings';
import { eventTypesOf } from '@app/contracts/events/domain';
import { settingsEventSchemas, type TSettingsEvent } from '@app/contracts/events/settings';
import { documentProjection } from '../runtime/document-projection.ts';
import type { SiteSettingsTable } from './table.ts';

type Row = Omit<SiteSettingsTable, 'last_event_position'>;

/** Company, pricing and admin settings and the public site's content. */
export const siteSettingsProjection = documentProjection<Row>({
  name: 'site-settings',
  version: 1,
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
      last_event_position numeric NOT NULL
    );`,
  eventTypes: eventTypesOf(settingsEventSchemas),
  idOf: () => 1,
  evolve(row, stored) {
    const event = stored as unknown as TSettingsEvent;
    const current: Row = row ?? {
      id: 1,
      company: null,
      pricing: null,
      admin: null,
      content: null,
      updated_at: '',
    };
    const updated_at = stored.metadata.occurredAt;
    switch (event.type) {
      case 'SettingsSectionSaved':
        return { ...current, [event.data.section]: event.data.data, updated_at };
      case 'SiteContentSaved':
        return { ...current, content: event.data, updated_at };
      case 'ContactInfoSaved': {
        const { email, phone, website, address } = event.data;
        const content = {
          ...(current.content ?? DEFAULT_SITE_CONTENT),
          contactEmail: email,
          contactPhone: phone,
          website,
          address,
        };
        return { ...current, content, updated_at };
      }
      case 'CompanyLogoChanged': {
        const company = { ...(current.company ?? DEFAULT_SETTINGS.company), logo: event.data.logo };
        return { ...current, company, updated_at };
      }
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});

import { DEFAULT_SETTINGS, DEFAULT_SITE_CONTENT } from '@app/contracts/api/settings';
import { eventTypesOf } from '@app/contracts/events/domain';
import { settingsEventSchemas, type TSettingsEvent } from '@app/contracts/events/settings';
import { documentProjection } from '../runtime/document-projection.ts';
import type { SiteSettingsTable } from './table.ts';

type Row = Omit<SiteSettingsTable, 'last_event_position'>;
type Contact = { email: string; phone: string; address: string; website?: string };

/**
 * The company's e-mail, phone and address are the site's contact details: one set, whichever screen saved it
 * last (Settings → Company or Content Management), so both screens and the public site agree.
 */
function withContact(row: Row, contact: Contact): Row {
  const company = row.company ?? DEFAULT_SETTINGS.company;
  const content = row.content ?? DEFAULT_SITE_CONTENT;
  return {
    ...row,
    company: { ...company, email: contact.email, phone: contact.phone, address: contact.address },
    content: {
      ...content,
      contactEmail: contact.email,
      contactPhone: contact.phone,
      address: contact.address,
      website: contact.website ?? content.website,
    },
  };
}

/** Company, pricing and admin settings and the public site's content. */
export const siteSettingsProjection = documentProjection<Row>({
  name: 'site-settings',
  // 2: company and site contact details are one set (withContact).
  version: 2,
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
      case 'SettingsSectionSaved': {
        const saved = { ...current, [event.data.section]: event.data.data, updated_at };
        return event.data.section === 'company' ? withContact(saved, event.data.data) : saved;
      }
      case 'SiteContentSaved': {
        const { contactEmail: email, contactPhone: phone, address, website } = event.data;
        return withContact(
          { ...current, content: event.data, updated_at },
          { email, phone, address, website },
        );
      }
      case 'ContactInfoSaved':
        return withContact({ ...current, updated_at }, event.data);
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

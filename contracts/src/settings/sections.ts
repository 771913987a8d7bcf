import {
  DEFAULT_SETTINGS,
  DEFAULT_SITE_CONTENT,
  type TSettings,
  type TSiteContent,
} from '../api/settings.ts';
import type { TSettingsEvent } from '../events/settings.ts';

/** What the owner saved of each part of the settings; a part never saved is null and reads as its default. */
export interface SavedSettings {
  company: TSettings['company'] | null;
  pricing: TSettings['pricing'] | null;
  admin: TSettings['admin'] | null;
  content: TSiteContent | null;
}

export const NOTHING_SAVED: SavedSettings = { company: null, pricing: null, admin: null, content: null };

type Contact = { email: string; phone: string; address: string; website?: string };

/**
 * The company's e-mail, phone and address are the site's contact details: one set, whichever screen saved it
 * last (Settings → Company or Content Management), so both screens and the public site agree.
 */
function withContact(saved: SavedSettings, contact: Contact): SavedSettings {
  const company = saved.company ?? DEFAULT_SETTINGS.company;
  const content = saved.content ?? DEFAULT_SITE_CONTENT;
  return {
    ...saved,
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

/**
 * The settings after one of their events: the site-settings view's rows and the settings' own decider (which
 * compares a stale copy with the settings as stored) fold them alike.
 */
export function settingsAfter(saved: SavedSettings, event: TSettingsEvent): SavedSettings {
  switch (event.type) {
    case 'SettingsSectionSaved': {
      const next = { ...saved, [event.data.section]: event.data.data };
      return event.data.section === 'company' ? withContact(next, event.data.data) : next;
    }
    case 'SiteContentSaved': {
      const { contactEmail: email, contactPhone: phone, address, website } = event.data;
      return withContact({ ...saved, content: event.data }, { email, phone, address, website });
    }
    case 'ContactInfoSaved':
      return withContact(saved, event.data);
    case 'CompanyLogoChanged': {
      const company = { ...(saved.company ?? DEFAULT_SETTINGS.company), logo: event.data.logo };
      return { ...saved, company };
    }
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

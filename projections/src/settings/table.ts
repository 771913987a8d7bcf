import type { TSettings, TSiteContent } from '@app/contracts/api/settings';

/** One row (id 1): what the owner saved; a section never saved is null and reads as its default. */
export interface SiteSettingsTable {
  id: number;
  company: TSettings['company'] | null;
  pricing: TSettings['pricing'] | null;
  admin: TSettings['admin'] | null;
  content: TSiteContent | null;
  updated_at: Date | string;
  /** Events in the settings' stream (see documentProjection's streamVersion): what If-Match names. */
  version: number;
  last_event_position: string;
}

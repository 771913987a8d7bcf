import { isDeepStrictEqual } from 'node:util';
import {
  DEFAULT_SETTINGS,
  type TContactInfo,
  type TSettingsUpdate,
  type TSiteContent,
} from '@app/contracts/api/settings';
import type { TSettingsEvent } from '@app/contracts/events/settings';
import { NOTHING_SAVED, type SavedSettings, settingsAfter } from '@app/contracts/settings/sections';

/** The site's settings are one aggregate; every valid save is recorded as it is (no rule depends on history). */
export const SETTINGS_STREAM = 'settings-1';

/** What was saved of each part: no save depends on it, a stale copy is compared with it. */
export const settingsDecider = { initial: NOTHING_SAVED, evolve: settingsAfter };

/**
 * The fields of the section a save sends that changed between the copy the person read and the settings as
 * stored (the section's own names: `wiredCameraPrice`, `email`). The company's `logo` counts only when the
 * save would put another one back: it is uploaded on its own, and the Company form sends the newest.
 */
export function settingsFieldsChanged(
  update: TSettingsUpdate,
  seen: SavedSettings,
  now: SavedSettings,
): string[] {
  const { section } = update;
  const before: Record<string, unknown> = seen[section] ?? DEFAULT_SETTINGS[section];
  const after: Record<string, unknown> = now[section] ?? DEFAULT_SETTINGS[section];
  const sent: Record<string, unknown> = update.data;
  return Object.keys(sent).filter(
    (key) =>
      !isDeepStrictEqual(before[key], after[key]) &&
      !(section === 'company' && key === 'logo' && sent[key] === after[key]),
  );
}

export const saveSection = (update: TSettingsUpdate): TSettingsEvent[] => [
  { type: 'SettingsSectionSaved', data: update },
];

export const saveSiteContent = (content: TSiteContent): TSettingsEvent[] => [
  { type: 'SiteContentSaved', data: content },
];

export const saveContactInfo = (contact: TContactInfo): TSettingsEvent[] => [
  { type: 'ContactInfoSaved', data: contact },
];

/** `logo` is the address of a file already stored: a refused upload records nothing. */
export const changeLogo = (logo: string): TSettingsEvent[] => [
  { type: 'CompanyLogoChanged', data: { logo } },
];

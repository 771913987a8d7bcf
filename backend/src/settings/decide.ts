import type { TContactInfo, TSettingsUpdate, TSiteContent } from '@app/contracts/api/settings';
import type { TSettingsEvent } from '@app/contracts/events/settings';

/** The site's settings are one aggregate; every valid save is recorded as it is (no rule depends on history). */
export const SETTINGS_STREAM = 'settings-1';

export const settingsDecider = { initial: null, evolve: (state: null, _event: TSettingsEvent) => state };

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

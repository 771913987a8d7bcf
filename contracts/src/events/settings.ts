import { z } from 'zod';
import { ZCompanySettings, ZContactInfo, ZSettingsUpdate, ZSiteContent } from '../api/settings.ts';

export const ZSettingsSectionSaved = z.object({
  type: z.literal('SettingsSectionSaved'),
  data: ZSettingsUpdate,
});
export const ZSiteContentSaved = z.object({ type: z.literal('SiteContentSaved'), data: ZSiteContent });
export const ZContactInfoSaved = z.object({ type: z.literal('ContactInfoSaved'), data: ZContactInfo });
/** A new company logo was uploaded; `logo` is the address it is served at. */
export const ZCompanyLogoChanged = z.object({
  type: z.literal('CompanyLogoChanged'),
  data: z.object({ logo: ZCompanySettings.shape.logo }),
});

export const settingsEventSchemas = [
  ZSettingsSectionSaved,
  ZSiteContentSaved,
  ZContactInfoSaved,
  ZCompanyLogoChanged,
] as const;
export type TSettingsEvent = z.infer<(typeof settingsEventSchemas)[number]>;

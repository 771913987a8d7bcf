import { z } from 'zod';
import { ZContactInfo, ZSettingsUpdate, ZSiteContent } from '../api/settings.ts';

export const ZSettingsSectionSaved = z.object({
  type: z.literal('SettingsSectionSaved'),
  data: ZSettingsUpdate,
});
export const ZSiteContentSaved = z.object({ type: z.literal('SiteContentSaved'), data: ZSiteContent });
export const ZContactInfoSaved = z.object({ type: z.literal('ContactInfoSaved'), data: ZContactInfo });

export const settingsEventSchemas = [ZSettingsSectionSaved, ZSiteContentSaved, ZContactInfoSaved] as const;
export type TSettingsEvent = z.infer<(typeof settingsEventSchemas)[number]>;

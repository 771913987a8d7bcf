import { z } from 'zod';
import { defineEvent } from './define.ts';
import { eAmount, eText } from './values.ts';

const company = z.object({
  name: eText,
  email: eText,
  phone: eText,
  address: eText,
  logo: eText.nullable(),
});
const pricing = z.object({
  wiredCameraPrice: eAmount,
  wirelessCameraPrice: eAmount,
  wireCostPerFoot: eAmount,
  starlinkInstallPrice: eAmount,
  laborHourlyRate: eAmount,
  additionalServicePrice: eAmount,
  propertyTypeMultipliers: z.record(eText, eAmount),
  customServices: z.array(z.object({ id: eText, name: eText, price: eAmount, description: eText })),
});
const admin = z.object({ email: eText, name: eText });

export const ZSettingsSectionSaved = defineEvent(
  'SettingsSectionSaved',
  z.discriminatedUnion('section', [
    z.object({ section: z.literal('company'), data: company }),
    z.object({ section: z.literal('pricing'), data: pricing }),
    z.object({ section: z.literal('admin'), data: admin }),
  ]),
);
export const ZSiteContentSaved = defineEvent(
  'SiteContentSaved',
  z.object({
    companyTitle: eText,
    companySubtitle: eText,
    heroDescription: eText,
    servicesDescription: eText,
    contactEmail: eText,
    contactPhone: eText,
    website: eText,
    address: eText,
  }),
);
export const ZContactInfoSaved = defineEvent(
  'ContactInfoSaved',
  z.object({ email: eText, phone: eText, website: eText, address: eText }),
);
/** A new company logo was uploaded; `logo` is the address it is served at. */
export const ZCompanyLogoChanged = defineEvent('CompanyLogoChanged', z.object({ logo: eText.nullable() }));

export const settingsEventSchemas = [
  ZSettingsSectionSaved,
  ZSiteContentSaved,
  ZContactInfoSaved,
  ZCompanyLogoChanged,
] as const;
export type TSettingsEvent = z.infer<(typeof settingsEventSchemas)[number]>;

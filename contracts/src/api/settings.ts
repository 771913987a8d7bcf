import { z } from 'zod';
import { DEFAULT_PRICING, isWholeCents } from '../estimates/pricing.ts';
import { ZText } from './primitives.ts';
import { ZVersion } from './versions.ts';

const text = (label: string, max = 300) => ZText(max, { error: `${label} is required` });
const price = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(1_000_000)
    .refine(isWholeCents, `${label} must be in whole cents`);

export const ZCompanySettings = z.object({
  name: text('Company name', 200).min(1, 'Company name is required'),
  email: z.union([z.email({ error: 'Invalid email' }), z.literal('')]),
  phone: text('Phone', 40),
  address: text('Address', 300),
  logo: ZText(500, { trim: false }).nullable().default(null),
});

export const ZPricingSettings = z.object({
  wiredCameraPrice: price('Wired camera price'),
  wirelessCameraPrice: price('Wireless camera price'),
  wireCostPerFoot: price('Wire cost per foot'),
  starlinkInstallPrice: price('Starlink installation price'),
  laborHourlyRate: price('Labor hourly rate'),
  additionalServicePrice: price('Additional service price'),
  propertyTypeMultipliers: z.record(ZText(50, { trim: false }).min(1), z.number().min(0).max(100)),
  customServices: z
    .array(
      z.object({
        id: ZText(100, { trim: false }).min(1),
        name: text('Service name', 100).min(1, 'Service name is required'),
        price: price('Service price'),
        description: ZText(500, { trim: false }).default(''),
      }),
    )
    .max(100)
    .default([]),
});

export const ZAdminSettings = z.object({
  email: z.union([z.email({ error: 'Invalid email' }), z.literal('')]),
  name: text('Name', 200),
});

export const ZSettings = z.object({
  company: ZCompanySettings,
  pricing: ZPricingSettings,
  admin: ZAdminSettings,
});
export type TSettings = z.infer<typeof ZSettings>;

/**
 * GET /api/settings and the answer to PUT: the settings and their version (one for every section: the
 * settings are one record), which a section's save sends back as If-Match (see ./versions.ts).
 */
export const ZSettingsRead = ZSettings.extend({ version: ZVersion });
export type TSettingsRead = z.infer<typeof ZSettingsRead>;

export const ZSettingsUpdate = z.discriminatedUnion('section', [
  z.object({ section: z.literal('company'), data: ZCompanySettings }),
  z.object({ section: z.literal('pricing'), data: ZPricingSettings }),
  z.object({ section: z.literal('admin'), data: ZAdminSettings }),
]);
export type TSettingsUpdate = z.infer<typeof ZSettingsUpdate>;

export const ZSiteContent = z.object({
  companyTitle: text('Company title', 200).min(1, 'Company title is required'),
  companySubtitle: text('Subtitle', 300),
  heroDescription: text('Hero description', 2000),
  servicesDescription: text('Services description', 2000),
  contactEmail: z.union([z.email({ error: 'Invalid email' }), z.literal('')]),
  contactPhone: text('Phone', 40),
  website: text('Website', 300),
  address: text('Address', 300),
});
export type TSiteContent = z.infer<typeof ZSiteContent>;
/** GET /api/content: the saved content plus the company logo's address (null until one is uploaded). */
export const ZPublicSiteContent = ZSiteContent.extend({ logo: z.string().nullable() });
export type TPublicSiteContent = z.infer<typeof ZPublicSiteContent>;

export const ZContactInfo = z.object({
  email: ZSiteContent.shape.contactEmail,
  phone: ZSiteContent.shape.contactPhone,
  website: ZSiteContent.shape.website,
  address: ZSiteContent.shape.address,
});
export type TContactInfo = z.infer<typeof ZContactInfo>;

/** What a fresh install shows until the owner edits it ("Reset to Default" restores these). */
export const DEFAULT_SITE_CONTENT: TSiteContent = {
  companyTitle: 'Northern Guard Security & Satellite',
  companySubtitle: 'Security cameras, Starlink internet and websites for Alaska homes and businesses',
  heroDescription:
    'From Anchorage to the Interior, we install security camera systems and Starlink satellite internet, and build websites, for homes and businesses across Alaska. 500+ systems installed, 24/7 support, 1-year warranty, statewide coverage.',
  servicesDescription:
    'Professional installation built for Alaska winters: camera systems you can watch from anywhere, fast satellite internet where cable never reached, and websites that bring you customers.',
  contactEmail: 'info@example.com',
  contactPhone: '(907) 555-0100',
  website: 'https://example.com',
  address: 'Anchorage, Alaska',
};

/** Settings defaults (spec part 2, section 9). */
export const DEFAULT_SETTINGS: TSettings = {
  // The company's contact details are the site's: one set (see the site-settings projection).
  company: {
    name: DEFAULT_SITE_CONTENT.companyTitle,
    email: DEFAULT_SITE_CONTENT.contactEmail,
    phone: DEFAULT_SITE_CONTENT.contactPhone,
    address: DEFAULT_SITE_CONTENT.address,
    logo: null,
  },
  // One pricing model: the Pricing page's defaults (see contracts/src/estimates/pricing.ts for why).
  pricing: DEFAULT_PRICING,
  admin: { email: '', name: '' },
};

/** Company logo upload (spec part 2, section 5): at most 5MB in, at most 300 px on the longest side out, JPEG quality 0.8. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MAX_SIDE = 300;
export const LOGO_JPEG_QUALITY = 0.8;
/** POST /api/settings/logo (multipart, field `file`): the address the stored logo is served at. */
export const ZLogoUploaded = z.object({ logo: z.string() });
export type TLogoUploaded = z.infer<typeof ZLogoUploaded>;

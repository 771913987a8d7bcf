/**
 * Quote pricing (spec part 2, sections 3 "Pricing settings" and 9). The spec lists three sets of defaults (the
 * calculator's, the Settings page's and the Pricing page's). We keep ONE pricing model, saved on the server in
 * the settings' pricing section, and its default is the Pricing page's set: it is the page where the owner
 * edits prices, and the only set whose property types match the calculator's property type list.
 *
 * Prices are entered and shown in dollars (the spec's fields and step 0.01); every calculation turns them into
 * integer cents first (`toCents`) and never adds dollars.
 */

/** Property types a quote may be for (section 9), in the order the calculator lists them. */
export const PROPERTY_TYPES = [
  'house',
  'residential_house',
  'apartment',
  'commercial_small',
  'commercial_large',
  'warehouse',
  'retail',
] as const;

export const PROPERTY_TYPE_LABELS: Record<string, string> = {
  house: 'House',
  residential_house: 'Residential House',
  apartment: 'Apartment',
  commercial_small: 'Small Commercial',
  commercial_large: 'Large Commercial',
  warehouse: 'Warehouse',
  retail: 'Retail',
};

/** A property type's label; a type the owner added on the Pricing page shows as typed, underscores as spaces. */
export const propertyTypeLabel = (type: string) =>
  Object.hasOwn(PROPERTY_TYPE_LABELS, type)
    ? (PROPERTY_TYPE_LABELS[type] as string)
    : type.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

const PROPERTY_PHRASES: Record<string, string> = {
  house: 'a house',
  residential_house: 'a residential house',
  apartment: 'an apartment',
  commercial_small: 'a small commercial property',
  commercial_large: 'a large commercial property',
  warehouse: 'a warehouse',
  retail: 'a retail property',
};

/** The property as a quote's description names it ("at an apartment"); an added type: "a <label> property". */
export const propertyPhrase = (type: string) =>
  Object.hasOwn(PROPERTY_PHRASES, type)
    ? (PROPERTY_PHRASES[type] as string)
    : `a ${propertyTypeLabel(type).toLowerCase()} property`;

/** Commercial property (the timeline's "commercial property" rule): the two commercial types, warehouses and shops. */
export const isCommercialProperty = (type: string) =>
  type.startsWith('commercial') || type === 'warehouse' || type === 'retail';

export interface PricingService {
  id: string;
  name: string;
  price: number;
  description: string;
}

export interface Pricing {
  wiredCameraPrice: number;
  wirelessCameraPrice: number;
  wireCostPerFoot: number;
  starlinkInstallPrice: number;
  laborHourlyRate: number;
  /** The price a newly added service starts with on the Pricing page. */
  additionalServicePrice: number;
  propertyTypeMultipliers: Record<string, number>;
  /** The additional services a quote can include, each at its own price. */
  customServices: PricingService[];
}

/** The Pricing page's defaults (section 9): 110, 150, 3, 599, 75, 50, seven multipliers and two services. */
export const DEFAULT_PRICING: Pricing = {
  wiredCameraPrice: 110,
  wirelessCameraPrice: 150,
  wireCostPerFoot: 3,
  starlinkInstallPrice: 599,
  laborHourlyRate: 75,
  additionalServicePrice: 50,
  propertyTypeMultipliers: {
    house: 1,
    residential_house: 1,
    apartment: 0.8,
    commercial_small: 1.2,
    commercial_large: 1.5,
    warehouse: 1.3,
    retail: 1.1,
  },
  customServices: [
    { id: 'system-training', name: 'System Training', price: 150, description: '' },
    { id: 'extended-warranty', name: 'Extended Warranty', price: 200, description: '2-year' },
  ],
};

/** Dollars (at most two decimals, as entered) to integer cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * Whether a dollar amount has at most two decimals (a price the owner can type with step 0.01): it is the very
 * number its cents give back. Exact for every amount typed with two decimals (the division is correctly
 * rounded to the same nearest double), and no tolerance lets `1e-9` or `0.000001` pass as 0 cents.
 */
export const isWholeCents = (dollars: number) =>
  Number.isFinite(dollars) && Math.round(dollars * 100) / 100 === dollars;

/** Integer cents to dollars, for the API's dollar fields (`totalCost`). */
export const fromCents = (cents: number) => cents / 100;

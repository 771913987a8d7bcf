import type { TSettings } from '@app/contracts/api/settings';

type Pricing = TSettings['pricing'];
type PriceKey = Exclude<keyof Pricing, 'propertyTypeMultipliers' | 'customServices'>;

export const PRICE_FIELDS: readonly { key: PriceKey; label: string }[] = [
  { key: 'wiredCameraPrice', label: 'Wired camera price ($)' },
  { key: 'wirelessCameraPrice', label: 'Wireless camera price ($)' },
  { key: 'wireCostPerFoot', label: 'Wire cost per foot ($)' },
  { key: 'starlinkInstallPrice', label: 'Starlink installation price ($)' },
  { key: 'laborHourlyRate', label: 'Labor hourly rate ($)' },
  { key: 'additionalServicePrice', label: 'Additional service price ($)' },
];

/**
 * The pricing form as typed: numbers stay text while edited (so a field can be cleared and retyped) and
 * become numbers on save.
 */
export type PricingDraft = {
  prices: Record<PriceKey, string>;
  multipliers: { propertyType: string; value: string }[];
  services: { id: string; name: string; price: string; description: string }[];
};

/** A typed number, or the fallback when the entry is empty, not a number or zero. */
export const numberOr = (text: string, fallback: number) => Number.parseFloat(text) || fallback;

export function pricingDraft(pricing: Pricing): PricingDraft {
  return {
    prices: Object.fromEntries(PRICE_FIELDS.map(({ key }) => [key, String(pricing[key])])) as Record<
      PriceKey,
      string
    >,
    multipliers: Object.entries(pricing.propertyTypeMultipliers).map(([propertyType, value]) => ({
      propertyType,
      value: String(value),
    })),
    services: pricing.customServices.map((service) => ({ ...service, price: String(service.price) })),
  };
}

/** What PUT /api/settings receives: prices fall back to 0, multipliers to 1. */
export function pricingFromDraft(draft: PricingDraft): Pricing {
  const prices = Object.fromEntries(
    PRICE_FIELDS.map(({ key }) => [key, numberOr(draft.prices[key], 0)]),
  ) as Record<PriceKey, number>;
  return {
    ...prices,
    propertyTypeMultipliers: Object.fromEntries(
      draft.multipliers.map((row) => [row.propertyType, numberOr(row.value, 1)]),
    ),
    customServices: draft.services.map((service) => ({
      ...service,
      name: service.name.trim(),
      description: service.description.trim(),
      price: numberOr(service.price, 0),
    })),
  };
}

/**
 * A new property type's key, written as the built-in ones are (`commercial_small`): trimmed, lower case,
 * spaces as underscores; null when empty or already listed.
 */
export function newPropertyType(draft: PricingDraft, typed: string): string | null {
  const propertyType = typed.trim().toLowerCase().replace(/\s+/g, '_');
  if (!propertyType || draft.multipliers.some((row) => row.propertyType === propertyType)) return null;
  return propertyType;
}

/** A service being added: Add is offered only with a trimmed name and a price (spec part 2, section 5). */
export type NewService = { name: string; price: string; description: string };

export const canAddService = (service: NewService) =>
  service.name.trim() !== '' && service.price.trim() !== '' && Number.isFinite(Number(service.price));

/**
 * A new service's id: its name in lower-case words joined by dashes (`snow-guard`), with a number added
 * when taken. (A saved estimate keeps its own copy of the services it was priced with.)
 */
export function newServiceId(name: string, draft: PricingDraft): string {
  const base =
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'service';
  const taken = new Set(draft.services.map((service) => service.id));
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** The draft with the service added (name and description trimmed). */
export function withService(draft: PricingDraft, service: NewService): PricingDraft {
  const name = service.name.trim();
  return {
    ...draft,
    services: [
      ...draft.services,
      {
        id: newServiceId(name, draft),
        name,
        price: service.price.trim(),
        description: service.description.trim(),
      },
    ],
  };
}

import { isCommercialProperty, type Pricing, propertyPhrase, toCents } from './pricing.ts';

/**
 * The quote calculator (spec part 2, section 9), one pure function that the browser runs for the instant
 * preview and the server runs again, with the estimate's stored pricing, to keep the authoritative amounts.
 * All money is integer cents. Where section 9 is not exact, the reading chosen is written beside its rule.
 */

export const CAMERA_TYPES = ['none', 'wired', 'wireless'] as const;
export type CameraType = (typeof CAMERA_TYPES)[number];
export const CAMERA_COUNT_MIN = 1;
export const CAMERA_COUNT_MAX = 32;
/** Wire is counted in whole feet; a long rural run is still well under this. */
export const WIRE_LENGTH_MAX = 10_000;
/** Custom labor hours: at least 0, in steps of 0.5. */
export const LABOR_HOURS_MAX = 1_000;

export interface QuoteInput {
  cameraType: CameraType;
  /** 0 when the camera type is none, otherwise 1 to 32. */
  cameraCount: number;
  /** Feet of cable; only counted for wired cameras. */
  wireLength: number;
  starlinkInstall: boolean;
  propertyType: string;
  location: string;
  /** Ids of the pricing's services. */
  additionalServices: string[];
  /** Hours the admin typed; null: the automatic hours. */
  customLaborHours: number | null;
}

export interface QuoteBreakdown {
  cameras: number;
  wiring: number;
  starlink: number;
  labor: number;
  additional: number;
}

/** What a quote is mostly for (the type badge and the All Estimates filter). */
export type QuoteKind = 'starlink' | 'cameras' | 'consultation';
export const QUOTE_KIND_LABELS: Record<QuoteKind, string> = {
  starlink: 'Starlink',
  cameras: 'Security Cameras',
  consultation: 'Consultation',
};

export interface Quote {
  /** Each part in cents, the property multiplier applied. */
  breakdown: QuoteBreakdown;
  totalCents: number;
  /** The hours labor was priced with (custom, or automatic). */
  laborHours: number;
  multiplier: number;
  timeline: string;
  description: string;
  recommendations: string[];
  kind: QuoteKind;
}

/** Cameras that count: none for the camera type none, whatever count was left in the form. */
export const camerasOf = (input: Pick<QuoteInput, 'cameraType' | 'cameraCount'>) =>
  input.cameraType === 'none' ? 0 : input.cameraCount;

/** Feet of cable that count: wiring is only for wired cameras. */
const wireOf = (input: QuoteInput) =>
  input.cameraType === 'wired' && camerasOf(input) > 0 ? input.wireLength : 0;

/**
 * Automatic hours: 2 for Starlink only; with cameras the larger of 4 and (1.5 per camera plus cable
 * feet / 100), with or without Starlink (its flat price covers its own work); nothing else: 0.
 */
export function automaticHours(input: QuoteInput): number {
  const cameras = camerasOf(input);
  if (cameras > 0) return Math.max(4, 1.5 * cameras + wireOf(input) / 100);
  return input.starlinkInstall ? 2 : 0;
}

/**
 * A part's cost with the property multiplier, rounded to whole dollars (half a dollar up). The multiplier is
 * taken to thousandths so the product stays an exact integer before the one rounding. The cost may come in
 * `per`ths of a cent (labor: hundredths of an hour times cents per hour) so that it is not rounded twice.
 */
function multiplied(cents: number, multiplier: number, per = 1): number {
  const thousandths = Math.round(multiplier * 1000);
  return Math.round((cents * thousandths) / (100_000 * per)) * 100;
}

/**
 * Timeline, the first rule that holds (section 9's order): Starlink without cameras 1-2 days; more than 8
 * cameras or a commercial property 2-4 weeks; 1 to 4 cameras without Starlink 3-7 days; other cameras 1-2
 * weeks; otherwise Same day.
 */
export function timelineOf(input: QuoteInput): string {
  const cameras = camerasOf(input);
  if (input.starlinkInstall && cameras === 0) return '1-2 days';
  if (cameras > 8 || isCommercialProperty(input.propertyType)) return '2-4 weeks';
  if (cameras > 0 && cameras <= 4 && !input.starlinkInstall) return '3-7 days';
  if (cameras > 0) return '1-2 weeks';
  return 'Same day';
}

/** A location that reads as off the road system or out of town (the "rural location" rule). */
const RURAL = /\b(rural|remote|cabin|homestead|off[- ]grid|bush|village|fly[- ]in|lodge)\b/i;
export const isRuralLocation = (location: string) => RURAL.test(location);

/**
 * Recommendations (section 9 names the rules' subjects; these are ours), in this order:
 * - more than 8 cameras: a recorder sized for them; 1 to 3 cameras: cover every entrance;
 * - wireless cameras, more than 6: wired or mesh;
 * - a rural location: Starlink when it is not in the quote, otherwise a mount rated for snow;
 * - no services chosen while the pricing offers some: name them.
 */
export function recommendationsOf(input: QuoteInput, pricing: Pick<Pricing, 'customServices'>): string[] {
  const cameras = camerasOf(input);
  const out: string[] = [];
  if (cameras > 8)
    out.push('Use a network video recorder (NVR) with at least 4 TB of storage for more than 8 cameras.');
  else if (cameras > 0 && cameras < 4)
    out.push('Consider at least 4 cameras so every entrance and the driveway are covered.');
  if (input.cameraType === 'wireless' && cameras > 6)
    out.push(
      'More than 6 wireless cameras can crowd the Wi-Fi: consider wired (PoE) cameras or a mesh network.',
    );
  if (isRuralLocation(input.location))
    out.push(
      input.starlinkInstall
        ? 'Rural site: mount the Starlink dish on a roof or pole mount rated for snow load.'
        : 'Rural site: add Starlink satellite internet so the cameras can be watched from anywhere.',
    );
  if (input.additionalServices.length === 0 && pricing.customServices.length > 0)
    out.push(`Consider adding ${pricing.customServices.map((s) => s.name).join(' or ')}.`);
  return out;
}

export function kindOf(input: QuoteInput): QuoteKind {
  const cameras = camerasOf(input);
  if (cameras > 0) return 'cameras';
  return input.starlinkInstall ? 'starlink' : 'consultation';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The quote's description as the calculator writes it (the admin may edit it on the estimate). */
export function describeQuote(input: QuoteInput, pricing: Pick<Pricing, 'customServices'>): string {
  const cameras = camerasOf(input);
  const work: string[] = [];
  if (cameras > 0) {
    const cams = plural(
      cameras,
      `${input.cameraType} security camera`,
      `${input.cameraType} security cameras`,
    );
    const wire = wireOf(input);
    work.push(wire > 0 ? `${cams} with ${wire} ft of cable` : cams);
  }
  if (input.starlinkInstall) work.push('Starlink satellite internet');
  const where = `${propertyPhrase(input.propertyType)}${input.location.trim() ? ` in ${input.location.trim()}` : ''}`;
  const first =
    work.length > 0 ? `Installation of ${work.join(' and ')} at ${where}.` : `Consultation at ${where}.`;
  const names = pricing.customServices
    .filter((s) => input.additionalServices.includes(s.id))
    .map((s) => s.name);
  return names.length > 0 ? `${first} Includes ${names.join(', ')}.` : first;
}

/** Prices a quote. Unknown services count nothing and an unknown property type counts as 1 (the server refuses both first). */
export function calculateQuote(input: QuoteInput, pricing: Pricing): Quote {
  const cameras = camerasOf(input);
  const multipliers = pricing.propertyTypeMultipliers;
  const multiplier = Object.hasOwn(multipliers, input.propertyType)
    ? (multipliers[input.propertyType] as number)
    : 1;
  const cameraPrice =
    input.cameraType === 'wireless' ? pricing.wirelessCameraPrice : pricing.wiredCameraPrice;
  const laborHours = input.customLaborHours ?? automaticHours(input);
  const raw = {
    cameras: cameras * toCents(cameraPrice),
    wiring: wireOf(input) * toCents(pricing.wireCostPerFoot),
    starlink: input.starlinkInstall ? toCents(pricing.starlinkInstallPrice) : 0,
  };
  // Hours are whole hundredths (custom ones step by 0.5; automatic ones are 1.5 per camera plus whole
  // feet / 100), so labor in hundredths of a cent is an exact integer, rounded once below.
  const laborHundredths = Math.round(laborHours * 100) * toCents(pricing.laborHourlyRate);
  // Services are priced as listed: the property multiplier is for the installation work, not for them.
  const additional = pricing.customServices
    .filter((s) => input.additionalServices.includes(s.id))
    .reduce((sum, s) => sum + toCents(s.price), 0);
  const breakdown: QuoteBreakdown = {
    cameras: multiplied(raw.cameras, multiplier),
    wiring: multiplied(raw.wiring, multiplier),
    starlink: multiplied(raw.starlink, multiplier),
    labor: multiplied(laborHundredths, multiplier, 100),
    additional,
  };
  return {
    breakdown,
    totalCents: breakdown.cameras + breakdown.wiring + breakdown.starlink + breakdown.labor + additional,
    laborHours,
    multiplier,
    timeline: timelineOf(input),
    description: describeQuote(input, pricing),
    recommendations: recommendationsOf(input, pricing),
    kind: kindOf(input),
  };
}

/**
 * Why the calculator cannot price this input with this pricing (null when it can): the bounds of section 5 and
 * that the property type and services are the pricing's. The form shows it; the server answers it with 400.
 */
export function quoteInputProblem(input: QuoteInput, pricing: Pricing): string | null {
  // Own keys only: `in` also finds Object members such as constructor or toString.
  if (!Object.hasOwn(pricing.propertyTypeMultipliers, input.propertyType))
    return `Unknown property type: ${input.propertyType}. Choose one of the pricing's property types.`;
  const count = input.cameraCount;
  if (!Number.isInteger(count) || count < 0) return 'Number of cameras must be a whole number';
  if (input.cameraType !== 'none' && (count < CAMERA_COUNT_MIN || count > CAMERA_COUNT_MAX))
    return `Number of cameras must be between ${CAMERA_COUNT_MIN} and ${CAMERA_COUNT_MAX}`;
  if (!Number.isInteger(input.wireLength) || input.wireLength < 0 || input.wireLength > WIRE_LENGTH_MAX)
    return `Wire length must be a whole number of feet from 0 to ${WIRE_LENGTH_MAX}`;
  const hours = input.customLaborHours;
  if (hours !== null && (!Number.isInteger(hours * 2) || hours < 0 || hours > LABOR_HOURS_MAX))
    return `Labor hours must be from 0 to ${LABOR_HOURS_MAX} in steps of 0.5`;
  const known = new Set(pricing.customServices.map((s) => s.id));
  const unknown = input.additionalServices.find((id) => !known.has(id));
  if (unknown !== undefined) return `Unknown service: ${unknown}`;
  return null;
}

/** Quote numbers (section 9): NGS and the last six digits of the time in milliseconds. */
export const quoteNumberAt = (at: Date) => `NGS${String(at.getTime()).slice(-6).padStart(6, '0')}`;
/** A quote is valid for 30 days from when it was made. */
export const QUOTE_VALID_DAYS = 30;

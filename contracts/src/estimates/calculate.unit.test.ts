import { describe, expect, it } from 'vitest';
import {
  automaticHours,
  calculateQuote,
  describeQuote,
  type QuoteBreakdown,
  type QuoteInput,
  type QuoteKind,
  quoteInputProblem,
  quoteNumberAt,
  recommendationsOf,
  timelineOf,
} from './calculate.ts';
import { DEFAULT_PRICING, type Pricing } from './pricing.ts';

// Every expected amount below is worked out by hand from the rules written in calculate.ts (spec part 2,
// section 9), never by running the calculator: each case says its arithmetic in dollars. DEFAULT_PRICING is
// wired $110, wireless $150, wire $3/ft, Starlink $599, labor $75/h; house 1, residential_house 1,
// apartment 0.8, commercial_small 1.2, commercial_large 1.5, warehouse 1.3, retail 1.1; services System
// Training $150 and Extended Warranty $200.

const input = (over: Partial<QuoteInput> = {}): QuoteInput => ({
  cameraType: 'none',
  cameraCount: 0,
  wireLength: 0,
  starlinkInstall: false,
  propertyType: 'house',
  location: '',
  additionalServices: [],
  customLaborHours: null,
  ...over,
});

/** A breakdown in cents, in the order cameras, wiring, Starlink, labor, additional. */
const parts = (
  cameras: number,
  wiring: number,
  starlink: number,
  labor: number,
  additional: number,
): QuoteBreakdown => ({ cameras, wiring, starlink, labor, additional });

/** Prices with cents, a multiplier that is not a tenth (1.15) and services with cents. */
const CENTS_PRICING: Pricing = {
  wiredCameraPrice: 99.99,
  wirelessCameraPrice: 139.5,
  wireCostPerFoot: 2.75,
  starlinkInstallPrice: 649.95,
  laborHourlyRate: 82.5,
  additionalServicePrice: 50,
  propertyTypeMultipliers: { house: 1, cabin: 1.15, condo: 0.8 },
  customServices: [
    { id: 'snow-mount', name: 'Snow-Load Mount', price: 89.99, description: '' },
    { id: 'nvr-4tb', name: '4 TB Recorder', price: 349.5, description: '' },
  ],
};
/** The default prices with a property type added at ×1.15. */
const CABIN_PRICING: Pricing = {
  ...DEFAULT_PRICING,
  propertyTypeMultipliers: { ...DEFAULT_PRICING.propertyTypeMultipliers, cabin: 1.15 },
};
/** An hourly rate whose half hour ends in half a cent. */
const ODD_RATE_PRICING: Pricing = { ...DEFAULT_PRICING, laborHourlyRate: 84.99 };

interface QuoteCase {
  name: string;
  input: Partial<QuoteInput>;
  pricing?: Pricing;
  breakdown: QuoteBreakdown;
  total: number;
  hours: number;
  multiplier: number;
  kind: QuoteKind;
}

const QUOTE_CASES: QuoteCase[] = [
  {
    name: '4 wired cameras with 200 ft on a house',
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 200 },
    // 4 × $110 = $440; 200 ft × $3 = $600; hours max(4, 6+2)=8 × $75 = $600; total $1,640
    breakdown: parts(44_000, 60_000, 0, 60_000, 0),
    total: 164_000,
    hours: 8,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'the same on a small commercial property (×1.2)',
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 200, propertyType: 'commercial_small' },
    // $440, $600, 8 h × $75 = $600; ×1.2 → 528, 720, 720; total $1,968
    breakdown: parts(52_800, 72_000, 0, 72_000, 0),
    total: 196_800,
    hours: 8,
    multiplier: 1.2,
    kind: 'cameras',
  },
  {
    name: 'wireless cameras ignore the wire length left in the form',
    input: { cameraType: 'wireless', cameraCount: 4, wireLength: 200 },
    // 4 × $150 = $600; no wiring; hours max(4, 6+0)=6 × $75 = $450; total $1,050
    breakdown: parts(60_000, 0, 0, 45_000, 0),
    total: 105_000,
    hours: 6,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: '1 wired camera without cable takes the 4-hour minimum',
    input: { cameraType: 'wired', cameraCount: 1 },
    // $110; 0 ft; hours max(4, 1.5)=4 × $75 = $300; total $410
    breakdown: parts(11_000, 0, 0, 30_000, 0),
    total: 41_000,
    hours: 4,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: '2 wireless cameras: 3 hours raised to 4',
    input: { cameraType: 'wireless', cameraCount: 2 },
    // 2 × $150 = $300; hours max(4, 3)=4 × $75 = $300; total $600
    breakdown: parts(30_000, 0, 0, 30_000, 0),
    total: 60_000,
    hours: 4,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: '3 wired cameras with 50 ft',
    input: { cameraType: 'wired', cameraCount: 3, wireLength: 50 },
    // 3 × $110 = $330; 50 × $3 = $150; hours max(4, 4.5+0.5)=5 × $75 = $375; total $855
    breakdown: parts(33_000, 15_000, 0, 37_500, 0),
    total: 85_500,
    hours: 5,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'camera type none with a count and wire left over: nothing',
    input: { cameraType: 'none', cameraCount: 6, wireLength: 120 },
    // no cameras, no wiring, no Starlink: 0 hours; total $0
    breakdown: parts(0, 0, 0, 0, 0),
    total: 0,
    hours: 0,
    multiplier: 1,
    kind: 'consultation',
  },
  {
    name: 'camera type none with a count left over, Starlink',
    input: { cameraType: 'none', cameraCount: 5, wireLength: 80, starlinkInstall: true },
    // Starlink $599; Starlink only: 2 h × $75 = $150; total $749
    breakdown: parts(0, 0, 59_900, 15_000, 0),
    total: 74_900,
    hours: 2,
    multiplier: 1,
    kind: 'starlink',
  },
  {
    name: 'Starlink alone on a warehouse (×1.3)',
    input: { starlinkInstall: true, propertyType: 'warehouse' },
    // $599 × 1.3 = $778.70 → 779; 2 h × $75 = $150 × 1.3 = $195; total $974
    breakdown: parts(0, 0, 77_900, 19_500, 0),
    total: 97_400,
    hours: 2,
    multiplier: 1.3,
    kind: 'starlink',
  },
  {
    name: 'Starlink with 4 wired cameras and 100 ft: the Starlink adds no hours',
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 100, starlinkInstall: true },
    // $440; 100 × $3 = $300; $599; hours max(4, 6+1)=7 × $75 = $525; total $1,864
    breakdown: parts(44_000, 30_000, 59_900, 52_500, 0),
    total: 186_400,
    hours: 7,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'Starlink with 2 wireless cameras in an apartment (×0.8)',
    input: { cameraType: 'wireless', cameraCount: 2, starlinkInstall: true, propertyType: 'apartment' },
    // $300 × 0.8 = $240; $599 × 0.8 = $479.20 → 479; 4 h × $75 = $300 × 0.8 = $240; total $959
    breakdown: parts(24_000, 0, 47_900, 24_000, 0),
    total: 95_900,
    hours: 4,
    multiplier: 0.8,
    kind: 'cameras',
  },
  {
    name: 'fractional automatic hours: 4 wired with 37 ft',
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 37 },
    // $440; 37 × $3 = $111; hours 6 + 0.37 = 6.37 × $75 = $477.75 → 478; total $1,029
    breakdown: parts(44_000, 11_100, 0, 47_800, 0),
    total: 102_900,
    hours: 6.37,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'fractional automatic hours rounding down: 3 wired with 5 ft',
    input: { cameraType: 'wired', cameraCount: 3, wireLength: 5 },
    // $330; 5 × $3 = $15; hours 4.5 + 0.05 = 4.55 × $75 = $341.25 → 341; total $686
    breakdown: parts(33_000, 1_500, 0, 34_100, 0),
    total: 68_600,
    hours: 4.55,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'labor landing exactly on half a dollar rounds up: 2 wired with 150 ft',
    input: { cameraType: 'wired', cameraCount: 2, wireLength: 150 },
    // $220; 150 × $3 = $450; hours 3 + 1.5 = 4.5 × $75 = $337.50 → 338; total $1,008
    breakdown: parts(22_000, 45_000, 0, 33_800, 0),
    total: 100_800,
    hours: 4.5,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'custom hours 0: no labor',
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 200, customLaborHours: 0 },
    // $440; $600; 0 h × $75 = $0; total $1,040
    breakdown: parts(44_000, 60_000, 0, 0, 0),
    total: 104_000,
    hours: 0,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'custom hours 2.5 (below the automatic 6)',
    input: { cameraType: 'wireless', cameraCount: 4, customLaborHours: 2.5 },
    // $600; 2.5 h × $75 = $187.50 → 188; total $788
    breakdown: parts(60_000, 0, 0, 18_800, 0),
    total: 78_800,
    hours: 2.5,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'custom hours 10 with Starlink alone',
    input: { starlinkInstall: true, customLaborHours: 10 },
    // $599; 10 h × $75 = $750; total $1,349
    breakdown: parts(0, 0, 59_900, 75_000, 0),
    total: 134_900,
    hours: 10,
    multiplier: 1,
    kind: 'starlink',
  },
  {
    name: 'custom half hour and nothing else',
    input: { customLaborHours: 0.5 },
    // 0.5 h × $75 = $37.50 → 38; total $38
    breakdown: parts(0, 0, 0, 3_800, 0),
    total: 3_800,
    hours: 0.5,
    multiplier: 1,
    kind: 'consultation',
  },
  {
    name: 'residential_house (×1): 1 wireless camera',
    input: { cameraType: 'wireless', cameraCount: 1, propertyType: 'residential_house' },
    // $150; 4 h × $75 = $300; total $450
    breakdown: parts(15_000, 0, 0, 30_000, 0),
    total: 45_000,
    hours: 4,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'apartment (×0.8): 4 wired with 200 ft',
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 200, propertyType: 'apartment' },
    // $440, $600, 8 h × $75 = $600; ×0.8 → 352, 480, 480; total $1,312
    breakdown: parts(35_200, 48_000, 0, 48_000, 0),
    total: 131_200,
    hours: 8,
    multiplier: 0.8,
    kind: 'cameras',
  },
  {
    name: 'commercial_large (×1.5): 1 wired with 1 ft, wiring lands on half a dollar',
    input: { cameraType: 'wired', cameraCount: 1, wireLength: 1, propertyType: 'commercial_large' },
    // $110 × 1.5 = $165; 1 × $3 = $3 × 1.5 = $4.50 → 5; hours max(4, 1.51)=4 × $75 = $300 × 1.5 = $450;
    // total $620
    breakdown: parts(16_500, 500, 0, 45_000, 0),
    total: 62_000,
    hours: 4,
    multiplier: 1.5,
    kind: 'cameras',
  },
  {
    name: 'warehouse (×1.3): 6 wireless, labor lands on half a dollar',
    input: { cameraType: 'wireless', cameraCount: 6, propertyType: 'warehouse' },
    // 6 × $150 = $900 × 1.3 = $1,170; hours max(4, 9)=9 × $75 = $675 × 1.3 = $877.50 → 878; total $2,048
    breakdown: parts(117_000, 0, 0, 87_800, 0),
    total: 204_800,
    hours: 9,
    multiplier: 1.3,
    kind: 'cameras',
  },
  {
    name: 'retail (×1.1): 2 wired with 5 ft',
    input: { cameraType: 'wired', cameraCount: 2, wireLength: 5, propertyType: 'retail' },
    // $220 × 1.1 = $242; $15 × 1.1 = $16.50 → 17; hours max(4, 3.05)=4 × $75 = $300 × 1.1 = $330; total $589
    breakdown: parts(24_200, 1_700, 0, 33_000, 0),
    total: 58_900,
    hours: 4,
    multiplier: 1.1,
    kind: 'cameras',
  },
  {
    name: 'warehouse (×1.3): wiring rounds down',
    input: { cameraType: 'wired', cameraCount: 1, wireLength: 6, propertyType: 'warehouse' },
    // $110 × 1.3 = $143; 6 × $3 = $18 × 1.3 = $23.40 → 23; 4 h × $75 = $300 × 1.3 = $390; total $556
    breakdown: parts(14_300, 2_300, 0, 39_000, 0),
    total: 55_600,
    hours: 4,
    multiplier: 1.3,
    kind: 'cameras',
  },
  {
    name: 'commercial_large (×1.5): Starlink alone lands on half a dollar',
    input: { starlinkInstall: true, propertyType: 'commercial_large' },
    // $599 × 1.5 = $898.50 → 899; 2 h × $75 = $150 × 1.5 = $225; total $1,124
    breakdown: parts(0, 0, 89_900, 22_500, 0),
    total: 112_400,
    hours: 2,
    multiplier: 1.5,
    kind: 'starlink',
  },
  {
    name: 'services are added without the multiplier',
    input: {
      cameraType: 'wired',
      cameraCount: 2,
      propertyType: 'commercial_large',
      additionalServices: ['system-training', 'extended-warranty'],
    },
    // $220 × 1.5 = $330; 4 h × $75 = $300 × 1.5 = $450; services $150 + $200 = $350 as listed; total $1,130
    breakdown: parts(33_000, 0, 0, 45_000, 35_000),
    total: 113_000,
    hours: 4,
    multiplier: 1.5,
    kind: 'cameras',
  },
  {
    name: 'a service alone in an apartment is not multiplied',
    input: { propertyType: 'apartment', additionalServices: ['system-training'] },
    // no work, 0 h; System Training $150 (not × 0.8); total $150
    breakdown: parts(0, 0, 0, 0, 15_000),
    total: 15_000,
    hours: 0,
    multiplier: 0.8,
    kind: 'consultation',
  },
  {
    name: 'an unknown service counts nothing',
    input: {
      cameraType: 'wired',
      cameraCount: 1,
      additionalServices: ['extended-warranty', 'drone-survey'],
    },
    // $110; 4 h × $75 = $300; Extended Warranty $200, drone-survey $0; total $610
    breakdown: parts(11_000, 0, 0, 30_000, 20_000),
    total: 61_000,
    hours: 4,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: '32 wired cameras with 500 ft',
    input: { cameraType: 'wired', cameraCount: 32, wireLength: 500 },
    // 32 × $110 = $3,520; 500 × $3 = $1,500; hours 48 + 5 = 53 × $75 = $3,975; total $8,995
    breakdown: parts(352_000, 150_000, 0, 397_500, 0),
    total: 899_500,
    hours: 53,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: '32 wireless cameras on a large commercial property',
    input: { cameraType: 'wireless', cameraCount: 32, propertyType: 'commercial_large' },
    // 32 × $150 = $4,800 × 1.5 = $7,200; 48 h × $75 = $3,600 × 1.5 = $5,400; total $12,600
    breakdown: parts(720_000, 0, 0, 540_000, 0),
    total: 1_260_000,
    hours: 48,
    multiplier: 1.5,
    kind: 'cameras',
  },
  {
    name: 'an unknown property type counts as 1',
    input: { cameraType: 'wired', cameraCount: 1, propertyType: 'castle' },
    // $110; 4 h × $75 = $300; ×1; total $410
    breakdown: parts(11_000, 0, 0, 30_000, 0),
    total: 41_000,
    hours: 4,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'a property type the owner added (×1.15), wiring lands on half a dollar',
    input: { cameraType: 'wired', cameraCount: 2, wireLength: 10, propertyType: 'cabin' },
    pricing: CABIN_PRICING,
    // $220 × 1.15 = $253; 10 × $3 = $30 × 1.15 = $34.50 → 35; 4 h × $75 = $300 × 1.15 = $345; total $633
    breakdown: parts(25_300, 3_500, 0, 34_500, 0),
    total: 63_300,
    hours: 4,
    multiplier: 1.15,
    kind: 'cameras',
  },
  {
    name: 'prices with cents, each part rounded to whole dollars',
    input: { cameraType: 'wired', cameraCount: 3, wireLength: 40 },
    pricing: CENTS_PRICING,
    // 3 × $99.99 = $299.97 → 300; 40 × $2.75 = $110; hours max(4, 4.5+0.4)=4.9 × $82.50 = $404.25 → 404;
    // total $814
    breakdown: parts(30_000, 11_000, 0, 40_400, 0),
    total: 81_400,
    hours: 4.9,
    multiplier: 1,
    kind: 'cameras',
  },
  {
    name: 'prices with cents, a ×1.15 property, Starlink and a service with cents',
    input: {
      cameraType: 'wired',
      cameraCount: 3,
      wireLength: 40,
      starlinkInstall: true,
      propertyType: 'cabin',
      additionalServices: ['snow-mount'],
    },
    pricing: CENTS_PRICING,
    // $299.97 × 1.15 = $344.9655 → 345; $110 × 1.15 = $126.50 → 127; $649.95 × 1.15 = $747.4425 → 747;
    // 4.9 h × $82.50 = $404.25 × 1.15 = $464.8875 → 465; Snow-Load Mount $89.99 as listed;
    // total 345 + 127 + 747 + 465 = $1,684 + $89.99 = $1,773.99
    breakdown: parts(34_500, 12_700, 74_700, 46_500, 8_999),
    total: 177_399,
    hours: 4.9,
    multiplier: 1.15,
    kind: 'cameras',
  },
  {
    name: 'prices with cents, a ×0.8 property, custom 7.5 hours and two services',
    input: {
      cameraType: 'wireless',
      cameraCount: 5,
      propertyType: 'condo',
      customLaborHours: 7.5,
      additionalServices: ['snow-mount', 'nvr-4tb'],
    },
    pricing: CENTS_PRICING,
    // 5 × $139.50 = $697.50 × 0.8 = $558; 7.5 h × $82.50 = $618.75 × 0.8 = $495;
    // services $89.99 + $349.50 = $439.49; total $1,053 + $439.49 = $1,492.49
    breakdown: parts(55_800, 0, 0, 49_500, 43_949),
    total: 149_249,
    hours: 7.5,
    multiplier: 0.8,
    kind: 'cameras',
  },
  {
    name: 'labor is rounded once: half an hour at $84.99 is $42.495, below half a dollar',
    input: { customLaborHours: 0.5 },
    pricing: ODD_RATE_PRICING,
    // 0.5 h × $84.99 = $42.495 → 42 (rounding to cents first would give $42.50 → 43); total $42
    breakdown: parts(0, 0, 0, 4_200, 0),
    total: 4_200,
    hours: 0.5,
    multiplier: 1,
    kind: 'consultation',
  },
];

describe('calculateQuote', () => {
  it.each(QUOTE_CASES)('$name', (c) => {
    const quote = calculateQuote(input(c.input), c.pricing ?? DEFAULT_PRICING);
    expect(quote.breakdown).toEqual(c.breakdown);
    expect(quote.totalCents).toBe(c.total);
    expect(quote.laborHours).toBeCloseTo(c.hours, 9);
    expect(quote.multiplier).toBe(c.multiplier);
    expect(quote.kind).toBe(c.kind);
  });

  it('has at least 30 hand-worked cases, the total being the sum of the parts', () => {
    expect(QUOTE_CASES.length).toBeGreaterThanOrEqual(30);
    for (const c of QUOTE_CASES) {
      const b = c.breakdown;
      expect(b.cameras + b.wiring + b.starlink + b.labor + b.additional, c.name).toBe(c.total);
    }
  });

  it('carries the timeline, description and recommendations of the same input', () => {
    const i = input({ cameraType: 'wired', cameraCount: 4, wireLength: 200, location: 'Anchorage' });
    const quote = calculateQuote(i, DEFAULT_PRICING);
    expect(quote.timeline).toBe('3-7 days');
    expect(quote.description).toBe(
      'Installation of 4 wired security cameras with 200 ft of cable at a house in Anchorage.',
    );
    expect(quote.recommendations).toEqual(['Consider adding System Training or Extended Warranty.']);
  });
});

const TIMELINE_CASES: { name: string; input: Partial<QuoteInput>; timeline: string }[] = [
  // Rule 1 comes before the commercial rule.
  {
    name: 'Starlink without cameras on commercial property',
    input: { starlinkInstall: true, propertyType: 'commercial_large' },
    timeline: '1-2 days',
  },
  {
    name: 'Starlink, camera type none with a count left over',
    input: { starlinkInstall: true, cameraCount: 6 },
    timeline: '1-2 days',
  },
  // Rule 2: more than 8 cameras, whatever the Starlink.
  {
    name: '9 cameras on a residential house',
    input: { cameraType: 'wired', cameraCount: 9, propertyType: 'residential_house' },
    timeline: '2-4 weeks',
  },
  {
    name: '9 wireless cameras with Starlink',
    input: { cameraType: 'wireless', cameraCount: 9, starlinkInstall: true },
    timeline: '2-4 weeks',
  },
  // Rule 2: commercial property (commercial_*, warehouse, retail) before the camera-count rules.
  {
    name: 'commercial property with 2 cameras',
    input: { cameraType: 'wired', cameraCount: 2, propertyType: 'commercial_small' },
    timeline: '2-4 weeks',
  },
  {
    name: 'a warehouse with 1 camera',
    input: { cameraType: 'wireless', cameraCount: 1, propertyType: 'warehouse' },
    timeline: '2-4 weeks',
  },
  {
    name: 'retail with cameras and Starlink',
    input: { cameraType: 'wired', cameraCount: 3, starlinkInstall: true, propertyType: 'retail' },
    timeline: '2-4 weeks',
  },
  {
    name: 'nothing at all on commercial property',
    input: { propertyType: 'commercial_small' },
    timeline: '2-4 weeks',
  },
  // Rule 3: 1 to 4 cameras without Starlink.
  {
    name: '4 cameras without Starlink',
    input: { cameraType: 'wired', cameraCount: 4 },
    timeline: '3-7 days',
  },
  {
    name: '1 camera in an apartment',
    input: { cameraType: 'wireless', cameraCount: 1, propertyType: 'apartment' },
    timeline: '3-7 days',
  },
  // Rule 4: other cameras.
  {
    name: '4 cameras with Starlink',
    input: { cameraType: 'wired', cameraCount: 4, starlinkInstall: true },
    timeline: '1-2 weeks',
  },
  {
    name: '5 cameras without Starlink',
    input: { cameraType: 'wireless', cameraCount: 5 },
    timeline: '1-2 weeks',
  },
  {
    name: '8 cameras (not more than 8)',
    input: { cameraType: 'wired', cameraCount: 8 },
    timeline: '1-2 weeks',
  },
  // Otherwise.
  { name: 'nothing at all', input: {}, timeline: 'Same day' },
  {
    name: 'camera type none with a count left over, no Starlink',
    input: { cameraCount: 3 },
    timeline: 'Same day',
  },
];

describe('timelineOf', () => {
  it.each(TIMELINE_CASES)('$name: $timeline', (c) => {
    expect(timelineOf(input(c.input))).toBe(c.timeline);
  });
});

const NVR = 'Use a network video recorder (NVR) with at least 4 TB of storage for more than 8 cameras.';
const ENTRANCES = 'Consider at least 4 cameras so every entrance and the driveway are covered.';
const MESH =
  'More than 6 wireless cameras can crowd the Wi-Fi: consider wired (PoE) cameras or a mesh network.';
const ADD_STARLINK =
  'Rural site: add Starlink satellite internet so the cameras can be watched from anywhere.';
const SNOW_MOUNT = 'Rural site: mount the Starlink dish on a roof or pole mount rated for snow load.';
const SERVICES = 'Consider adding System Training or Extended Warranty.';
const withService = { additionalServices: ['system-training'], location: 'Anchorage' };

const RECOMMENDATION_CASES: {
  name: string;
  input: Partial<QuoteInput>;
  pricing?: Pricing;
  recommendations: string[];
}[] = [
  {
    name: '9 wired cameras',
    input: { cameraType: 'wired', cameraCount: 9, ...withService },
    recommendations: [NVR],
  },
  {
    name: '32 wireless cameras',
    input: { cameraType: 'wireless', cameraCount: 32, ...withService },
    recommendations: [NVR, MESH],
  },
  {
    name: '8 wired cameras: none',
    input: { cameraType: 'wired', cameraCount: 8, ...withService },
    recommendations: [],
  },
  {
    name: '4 wired cameras: none',
    input: { cameraType: 'wired', cameraCount: 4, ...withService },
    recommendations: [],
  },
  {
    name: '3 wired cameras',
    input: { cameraType: 'wired', cameraCount: 3, ...withService },
    recommendations: [ENTRANCES],
  },
  {
    name: '1 wireless camera',
    input: { cameraType: 'wireless', cameraCount: 1, ...withService },
    recommendations: [ENTRANCES],
  },
  {
    name: '7 wireless cameras',
    input: { cameraType: 'wireless', cameraCount: 7, ...withService },
    recommendations: [MESH],
  },
  {
    name: '6 wireless cameras: none',
    input: { cameraType: 'wireless', cameraCount: 6, ...withService },
    recommendations: [],
  },
  {
    name: '7 wired cameras: none',
    input: { cameraType: 'wired', cameraCount: 7, ...withService },
    recommendations: [],
  },
  {
    name: 'type none with 2 left over: no camera advice',
    input: { cameraCount: 2, ...withService },
    recommendations: [],
  },
  {
    name: 'rural without Starlink',
    input: {
      cameraType: 'wired',
      cameraCount: 4,
      additionalServices: ['system-training'],
      location: 'Remote cabin near Talkeetna',
    },
    recommendations: [ADD_STARLINK],
  },
  {
    name: 'rural with Starlink',
    input: {
      starlinkInstall: true,
      additionalServices: ['extended-warranty'],
      location: 'Homestead off the Parks Highway',
    },
    recommendations: [SNOW_MOUNT],
  },
  {
    name: 'off-grid lodge reads as rural',
    input: {
      cameraType: 'wired',
      cameraCount: 5,
      additionalServices: ['system-training'],
      location: 'Off-grid lodge, Lake Clark',
    },
    recommendations: [ADD_STARLINK],
  },
  {
    name: 'no services chosen',
    input: { cameraType: 'wired', cameraCount: 4, location: 'Fairbanks' },
    recommendations: [SERVICES],
  },
  {
    name: 'no services chosen, the pricing offers none',
    input: { cameraType: 'wired', cameraCount: 4 },
    pricing: { ...DEFAULT_PRICING, customServices: [] },
    recommendations: [],
  },
  {
    name: 'every rule, in order',
    input: { cameraType: 'wireless', cameraCount: 9, location: 'Bush village' },
    recommendations: [NVR, MESH, ADD_STARLINK, SERVICES],
  },
];

describe('recommendationsOf', () => {
  it.each(RECOMMENDATION_CASES)('$name', (c) => {
    expect(recommendationsOf(input(c.input), c.pricing ?? DEFAULT_PRICING)).toEqual(c.recommendations);
  });
});

const DESCRIPTION_CASES: { input: Partial<QuoteInput>; description: string }[] = [
  {
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 200, location: 'Anchorage' },
    description: 'Installation of 4 wired security cameras with 200 ft of cable at a house in Anchorage.',
  },
  {
    input: {
      cameraType: 'wireless',
      cameraCount: 1,
      wireLength: 100,
      propertyType: 'residential_house',
      location: '  Wasilla ',
    },
    description: 'Installation of 1 wireless security camera at a residential house in Wasilla.',
  },
  {
    input: { cameraType: 'wired', cameraCount: 2, propertyType: 'warehouse', location: 'Palmer' },
    description: 'Installation of 2 wired security cameras at a warehouse in Palmer.',
  },
  {
    input: {
      cameraCount: 3,
      wireLength: 50,
      starlinkInstall: true,
      propertyType: 'fishing_lodge',
      location: ' ',
    },
    description: 'Installation of Starlink satellite internet at a fishing lodge property.',
  },
  {
    input: {
      cameraType: 'wired',
      cameraCount: 6,
      wireLength: 150,
      starlinkInstall: true,
      location: 'Homer',
      additionalServices: ['extended-warranty', 'system-training'],
    },
    description:
      'Installation of 6 wired security cameras with 150 ft of cable and Starlink satellite internet at a house in Homer. Includes System Training, Extended Warranty.',
  },
  { input: {}, description: 'Consultation at a house.' },
  { input: { propertyType: 'apartment' }, description: 'Consultation at an apartment.' },
  {
    input: { cameraType: 'wireless', cameraCount: 2, propertyType: 'commercial_small', location: 'Soldotna' },
    description: 'Installation of 2 wireless security cameras at a small commercial property in Soldotna.',
  },
  {
    input: { starlinkInstall: true, propertyType: 'retail' },
    description: 'Installation of Starlink satellite internet at a retail property.',
  },
  // An Object member is no property type of ours: named as typed, never looked up on the prototype.
  { input: { propertyType: 'constructor' }, description: 'Consultation at a constructor property.' },
  {
    input: {
      propertyType: 'residential_house',
      location: 'Kenai',
      additionalServices: ['system-training', 'drone-survey'],
    },
    description: 'Consultation at a residential house in Kenai. Includes System Training.',
  },
];

describe('describeQuote', () => {
  it.each(DESCRIPTION_CASES)('$description', (c) => {
    expect(describeQuote(input(c.input), DEFAULT_PRICING)).toBe(c.description);
  });
});

const HOURS_CASES: { name: string; input: Partial<QuoteInput>; hours: number }[] = [
  { name: 'nothing', input: {}, hours: 0 },
  { name: 'Starlink only', input: { starlinkInstall: true }, hours: 2 },
  {
    name: 'Starlink, type none with a count and wire left over',
    input: { starlinkInstall: true, cameraCount: 4, wireLength: 300 },
    hours: 2,
  },
  { name: '1 wired: max(4, 1.5)', input: { cameraType: 'wired', cameraCount: 1 }, hours: 4 },
  {
    name: '2 wired with 100 ft: max(4, 3 + 1)',
    input: { cameraType: 'wired', cameraCount: 2, wireLength: 100 },
    hours: 4,
  },
  { name: '3 wireless: max(4, 4.5)', input: { cameraType: 'wireless', cameraCount: 3 }, hours: 4.5 },
  {
    name: '4 wireless, 300 ft ignored: max(4, 6)',
    input: { cameraType: 'wireless', cameraCount: 4, wireLength: 300 },
    hours: 6,
  },
  {
    name: '4 wired with 200 ft: max(4, 6 + 2)',
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 200 },
    hours: 8,
  },
  {
    name: '4 wired with 200 ft and Starlink: still 8',
    input: { cameraType: 'wired', cameraCount: 4, wireLength: 200, starlinkInstall: true },
    hours: 8,
  },
  {
    name: '3 wired with 5 ft: 4.5 + 0.05',
    input: { cameraType: 'wired', cameraCount: 3, wireLength: 5 },
    hours: 4.55,
  },
  {
    name: '32 wired with 10,000 ft: 48 + 100',
    input: { cameraType: 'wired', cameraCount: 32, wireLength: 10_000 },
    hours: 148,
  },
  {
    name: 'custom hours do not change the automatic ones',
    input: { cameraType: 'wired', cameraCount: 4, customLaborHours: 1 },
    hours: 6,
  },
];

describe('automaticHours', () => {
  it.each(HOURS_CASES)('$name: $hours', (c) => {
    expect(automaticHours(input(c.input))).toBeCloseTo(c.hours, 9);
  });
});

const valid = input({
  cameraType: 'wired',
  cameraCount: 4,
  wireLength: 200,
  additionalServices: ['system-training'],
});
const COUNT = 'Number of cameras must be between 1 and 32';
const WHOLE = 'Number of cameras must be a whole number';
const WIRE = 'Wire length must be a whole number of feet from 0 to 10000';
const HOURS = 'Labor hours must be from 0 to 1000 in steps of 0.5';

const PROBLEM_CASES: { name: string; input: Partial<QuoteInput>; problem: string | null }[] = [
  { name: 'a valid input', input: {}, problem: null },
  {
    name: 'unknown property type',
    input: { propertyType: 'castle' },
    problem: "Unknown property type: castle. Choose one of the pricing's property types.",
  },
  {
    name: 'an Object member as property type',
    input: { propertyType: 'constructor' },
    problem: "Unknown property type: constructor. Choose one of the pricing's property types.",
  },
  {
    name: 'the property type before the count',
    input: { propertyType: 'castle', cameraCount: 33 },
    problem: "Unknown property type: castle. Choose one of the pricing's property types.",
  },
  {
    name: 'unknown service',
    input: { additionalServices: ['system-training', 'drone-survey'] },
    problem: 'Unknown service: drone-survey',
  },
  { name: 'count 0 with a camera type', input: { cameraCount: 0 }, problem: COUNT },
  { name: 'count 33', input: { cameraType: 'wireless', cameraCount: 33 }, problem: COUNT },
  { name: 'count 1', input: { cameraCount: 1 }, problem: null },
  { name: 'count 32', input: { cameraCount: 32 }, problem: null },
  { name: 'count 1.5', input: { cameraCount: 1.5 }, problem: WHOLE },
  { name: 'count -1', input: { cameraCount: -1 }, problem: WHOLE },
  { name: 'type none with count 0', input: { cameraType: 'none', cameraCount: 0 }, problem: null },
  { name: 'type none with a count left over', input: { cameraType: 'none', cameraCount: 5 }, problem: null },
  { name: 'wire 10.5 ft', input: { wireLength: 10.5 }, problem: WIRE },
  { name: 'wire -1 ft', input: { wireLength: -1 }, problem: WIRE },
  { name: 'wire 10,001 ft', input: { wireLength: 10_001 }, problem: WIRE },
  { name: 'wire 10,000 ft', input: { wireLength: 10_000 }, problem: null },
  { name: 'hours 0.25', input: { customLaborHours: 0.25 }, problem: HOURS },
  { name: 'hours -0.5', input: { customLaborHours: -0.5 }, problem: HOURS },
  { name: 'hours 1000.5', input: { customLaborHours: 1000.5 }, problem: HOURS },
  { name: 'hours 0', input: { customLaborHours: 0 }, problem: null },
  { name: 'hours 0.5', input: { customLaborHours: 0.5 }, problem: null },
  { name: 'hours 1000', input: { customLaborHours: 1000 }, problem: null },
];

describe('quoteInputProblem', () => {
  it.each(PROBLEM_CASES)('$name', (c) => {
    expect(quoteInputProblem({ ...valid, ...c.input }, DEFAULT_PRICING)).toBe(c.problem);
  });

  it('accepts wire 0', () => {
    expect(quoteInputProblem({ ...valid, wireLength: 0 }, DEFAULT_PRICING)).toBeNull();
  });
});

const NUMBER_CASES: { ms: number; number: string }[] = [
  { ms: 1_767_225_600_123, number: 'NGS600123' }, // "1767225600123" → last six "600123"
  { ms: 1_700_000_000_042, number: 'NGS000042' }, // "1700000000042" → "000042", zeros kept
  { ms: 1_999_999_999_999, number: 'NGS999999' },
  { ms: 42, number: 'NGS000042' }, // "42" → padded to six
  { ms: 0, number: 'NGS000000' },
  { ms: 1_000_000, number: 'NGS000000' }, // "1000000" → "000000"
];

describe('quoteNumberAt', () => {
  it.each(NUMBER_CASES)('$ms ms → $number', (c) => {
    expect(quoteNumberAt(new Date(c.ms))).toBe(c.number);
  });
});

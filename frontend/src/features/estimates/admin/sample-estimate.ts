import type { TEstimate } from '@app/contracts/api/estimates';
import { DEFAULT_PRICING } from '@app/contracts/estimates/pricing';

let nextId = 1;

/**
 * An estimate as the API answers it, for unit tests (4 wired cameras with 100 ft of cable at a house, with the
 * default pricing); each call gets a new id unless one is given.
 */
export const sampleEstimate = (overrides: Partial<TEstimate> = {}): TEstimate => ({
  id: nextId++,
  quoteNumber: 'NGS123456',
  title: 'Lodge cameras',
  jobName: 'Lodge cameras',
  clientId: 1,
  clientName: 'Kenai Lodge',
  projectId: null,
  projectTitle: null,
  propertyType: 'house',
  location: 'Soldotna',
  cameraType: 'wired',
  cameraCount: 4,
  wireLength: 100,
  starlinkInstall: false,
  laborHours: 7,
  customLaborHours: null,
  additionalServices: [],
  selectedServices: [],
  specialRequirements: '',
  description: 'Installation of 4 wired security cameras with 100 ft of cable at a house in Soldotna.',
  timeline: '3-7 days',
  recommendations: [],
  breakdown: { cameras: 44_000, wiring: 30_000, starlink: 0, labor: 52_500, additional: 0 },
  multiplier: 1,
  calculatedTotalCents: 126_500,
  totalCents: 126_500,
  totalCost: 1265,
  adjusted: false,
  kind: 'cameras',
  pricing: DEFAULT_PRICING,
  pricingSavedAt: null,
  status: 'draft',
  sentAt: null,
  validUntil: '2030-01-31T10:00:00.000Z',
  acceptedAt: null,
  signerName: null,
  declinedAt: null,
  declineReason: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
  version: 1,
  ...overrides,
});

import type { TProject } from '@app/contracts/api/projects';

let nextId = 1;

/** A project as the API answers it, for unit tests; each call gets a new id unless one is given. */
export const sampleProject = (overrides: Partial<TProject> = {}): TProject => ({
  id: nextId++,
  clientId: 1,
  clientName: 'Kenai Lodge',
  title: 'Lodge cameras',
  description: '',
  type: 'security_cameras',
  status: 'pending',
  totalAmount: null,
  estimatedCost: null,
  timeline: null,
  jobStartDate: null,
  jobEndDate: null,
  progress: 0,
  notes: '',
  photos: [],
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:00:00.000Z',
  version: 1,
  ...overrides,
});

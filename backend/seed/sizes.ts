/** How much of a business each size makes. */
export interface SeedSize {
  clients: number;
  /** Clients whose password is set to the demo one (the first is printed; the bench signs in as them). */
  knownPasswords: number;
  projects: number;
  photoPalette: number;
  messages: number;
  invoices: number;
  appointments: number;
  documents: number;
  consultations: number;
  estimates: number;
  /** Days of history before "now", and days of appointments booked after it. */
  historyDays: number;
  aheadDays: number;
  /** Commands in flight at once. */
  width: number;
}

export const SIZES = {
  small: {
    clients: 10,
    knownPasswords: 3,
    projects: 30,
    photoPalette: 12,
    messages: 300,
    invoices: 30,
    appointments: 40,
    documents: 8,
    consultations: 6,
    estimates: 3,
    historyDays: 45,
    aheadDays: 10,
    width: 8,
  },
  full: {
    clients: 500,
    knownPasswords: 20,
    projects: 5_000,
    photoPalette: 60,
    messages: 50_000,
    invoices: 5_000,
    appointments: 2_500,
    documents: 1_000,
    consultations: 250,
    estimates: 20,
    historyDays: 365,
    aheadDays: 60,
    width: 16,
  },
  /** Ten times the full business (issue 23): what a page's cost must not grow with. Not run in CI. */
  large: {
    clients: 5_000,
    knownPasswords: 20,
    projects: 50_000,
    photoPalette: 60,
    messages: 500_000,
    invoices: 50_000,
    appointments: 25_000,
    documents: 10_000,
    consultations: 2_500,
    estimates: 200,
    historyDays: 365,
    aheadDays: 60,
    width: 16,
  },
} as const satisfies Record<string, SeedSize>;

export type SizeName = keyof typeof SIZES;

import type { QuoteBreakdown } from '@app/contracts/estimates/calculate';
import type { Pricing } from '@app/contracts/estimates/pricing';

/**
 * One row per estimate that is not deleted. Money is integer cents (bigint: node-postgres answers a string).
 * The client's and project's names are not kept here: queries join them from their views, so renames show.
 */
export interface EstimatesTable {
  id: number;
  quote_number: string;
  title: string;
  job_name: string;
  client_id: number | null;
  project_id: number | null;
  property_type: string;
  location: string;
  camera_type: 'none' | 'wired' | 'wireless';
  camera_count: number;
  wire_length: number;
  starlink_install: boolean;
  /** The hours labor was priced with; `custom_labor_hours` null: they are the automatic ones. */
  labor_hours: number;
  custom_labor_hours: number | null;
  additional_services: string[];
  /** The included services as the estimate's pricing names and prices them (dollars). */
  selected_services: { id: string; name: string; price: number }[];
  special_requirements: string;
  description: string;
  timeline: string;
  recommendations: string[];
  breakdown: QuoteBreakdown;
  multiplier: number;
  calculated_total_cents: string | number;
  adjusted_total_cents: string | number | null;
  kind: 'starlink' | 'cameras' | 'consultation';
  /** The pricing the estimate was made with (the settings' pricing section, dollars). */
  pricing: Pricing;
  pricing_saved_at: Date | string | null;
  /** draft, sent, accepted, declined. */
  status: string;
  sent_at: Date | string | null;
  /** 30 days from when it was sent, or from when it was made while a draft. */
  valid_until: Date | string;
  accepted_at: Date | string | null;
  signer_name: string | null;
  declined_at: Date | string | null;
  decline_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Events in the estimate's stream (see documentProjection's streamVersion): what If-Match names. */
  version: number;
  last_event_position: string;
}

import { QUOTE_VALID_DAYS } from '@app/contracts/estimates/calculate';
import { eventTypesOf } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { estimateEventSchemas, type TEstimateEvent } from '@app/contracts/events/estimates';
import { documentProjection } from '../runtime/document-projection.ts';
import type { EstimatesTable } from './table.ts';

export type EstimateRow = Omit<EstimatesTable, 'last_event_position' | 'version'>;

/** What a search of estimates looks through besides the client and project, of the table aliased `alias` (indexed). */
export const estimateSearchText = (alias = '') =>
  `${alias}quote_number || ' ' || ${alias}title || ' ' || ${alias}job_name || ' ' || ${alias}location`;
/** The total the client pays, in cents (All Estimates' "Highest cost first" sorts by it; indexed). */
export const estimateTotalCents = (alias = '') =>
  `coalesce(${alias}adjusted_total_cents, ${alias}calculated_total_cents)`;
/** A quote with at least one camera (All Estimates' "Security cameras"); a Starlink one has `starlink_install`. */
export const estimateHasCameras = (alias = '') =>
  `(${alias}camera_type <> 'none' AND ${alias}camera_count > 0)`;

type Data<T extends TEstimateEvent['type']> = Extract<TEstimateEvent, { type: T }>['data'];
type Priced = Data<'EstimateChanged'> | Data<'EstimateCreated'>;

const DAY_MS = 86_400_000;
const draftValidUntil = (createdAt: Date | string) =>
  new Date(new Date(createdAt).getTime() + QUOTE_VALID_DAYS * DAY_MS).toISOString();

/** The columns an estimate's texts, input and amounts fill (created or changed). */
function pricedColumns(d: Priced, pricing: EstimateRow['pricing']) {
  return {
    title: d.title,
    job_name: d.jobName,
    client_id: d.clientId,
    project_id: d.projectId,
    property_type: d.propertyType,
    location: d.location,
    camera_type: d.cameraType,
    camera_count: d.cameraCount,
    wire_length: d.wireLength,
    starlink_install: d.starlinkInstall,
    labor_hours: d.laborHours,
    custom_labor_hours: d.customLaborHours,
    additional_services: d.additionalServices,
    selected_services: pricing.customServices
      .filter((s) => d.additionalServices.includes(s.id))
      .map((s) => ({ id: s.id, name: s.name, price: s.price })),
    special_requirements: d.specialRequirements,
    description: d.description,
    timeline: d.timeline,
    recommendations: d.recommendations,
    breakdown: d.breakdown,
    multiplier: d.multiplier,
    calculated_total_cents: d.totalCents,
    adjusted_total_cents: d.adjustedTotalCents,
    kind: d.kind,
  };
}

/** The row after one estimate event (pure, so it is unit tested without a database); null removes it. */
export function evolveEstimate(
  row: EstimateRow | null,
  event: TEstimateEvent,
): EstimateRow | null | undefined {
  if (event.type === 'EstimateCreated') {
    const d = event.data;
    return {
      id: d.estimateId,
      quote_number: d.quoteNumber,
      ...pricedColumns(d, d.pricing),
      pricing: d.pricing,
      pricing_saved_at: d.pricingSavedAt,
      status: 'draft',
      sent_at: null,
      valid_until: draftValidUntil(d.createdAt),
      accepted_at: null,
      signer_name: null,
      declined_at: null,
      decline_reason: null,
      created_at: d.createdAt,
      updated_at: d.createdAt,
    };
  }
  if (!row) return undefined;
  switch (event.type) {
    case 'EstimateChanged': {
      // A change to a sent or declined quote makes it a draft again (as the write side decides).
      const reopened = row.status === 'sent' || row.status === 'declined';
      return {
        ...row,
        ...pricedColumns(event.data, row.pricing),
        ...(reopened
          ? {
              status: 'draft',
              sent_at: null,
              valid_until: draftValidUntil(row.created_at),
              declined_at: null,
              decline_reason: null,
            }
          : {}),
        updated_at: event.data.changedAt,
      };
    }
    case 'EstimateDeleted':
      return null;
    case 'EstimateProjectLinked':
      return { ...row, project_id: event.data.projectId, updated_at: event.data.linkedAt };
    case 'EstimateSent':
      return {
        ...row,
        status: 'sent',
        sent_at: event.data.sentAt,
        valid_until: event.data.validUntil,
        declined_at: null,
        decline_reason: null,
        updated_at: event.data.sentAt,
      };
    case 'EstimateAccepted':
      return {
        ...row,
        status: 'accepted',
        project_id: event.data.projectId,
        accepted_at: event.data.acceptedAt,
        signer_name: event.data.signerName,
        updated_at: event.data.acceptedAt,
      };
    case 'EstimateDeclined':
      return {
        ...row,
        status: 'declined',
        declined_at: event.data.declinedAt,
        decline_reason: event.data.reason,
        updated_at: event.data.declinedAt,
      };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/**
 * Estimates (spec part 2, sections 2.6, 3 "Estimate", 4, 7): All Estimates, the estimate page, and the quotes
 * a client was sent in their portal. A deleted estimate's row is removed.
 */
export const estimatesProjection = documentProjection<EstimateRow>({
  name: 'estimates',
  // 2: each row keeps its estimate's version (streamVersion). 3: paged lists (search text, counters, indexes).
  version: 3,
  streamVersion: true,
  syncType: 'estimate',
  table: 'estimates',
  ddl: (s) => `
    CREATE TABLE ${s}.estimates (
      id integer PRIMARY KEY,
      quote_number text NOT NULL,
      title text NOT NULL,
      job_name text NOT NULL,
      client_id integer,
      project_id integer,
      property_type text NOT NULL,
      location text NOT NULL,
      camera_type text NOT NULL,
      camera_count integer NOT NULL,
      wire_length integer NOT NULL,
      starlink_install boolean NOT NULL,
      labor_hours double precision NOT NULL,
      custom_labor_hours double precision,
      additional_services jsonb NOT NULL,
      selected_services jsonb NOT NULL,
      special_requirements text NOT NULL,
      description text NOT NULL,
      timeline text NOT NULL,
      recommendations jsonb NOT NULL,
      breakdown jsonb NOT NULL,
      multiplier double precision NOT NULL,
      calculated_total_cents bigint NOT NULL,
      adjusted_total_cents bigint,
      kind text NOT NULL,
      pricing jsonb NOT NULL,
      pricing_saved_at timestamptz,
      status text NOT NULL,
      sent_at timestamptz,
      valid_until timestamptz NOT NULL,
      accepted_at timestamptz,
      signer_name text,
      declined_at timestamptz,
      decline_reason text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.estimates (created_at DESC, id DESC);
    CREATE INDEX ON ${s}.estimates (client_id, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.estimates (status, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.estimates (created_at DESC, id DESC) WHERE starlink_install;
    CREATE INDEX ON ${s}.estimates (created_at DESC, id DESC) WHERE ${estimateHasCameras()};
    CREATE INDEX ON ${s}.estimates ((${estimateTotalCents()}) DESC, id DESC);
    CREATE INDEX ON ${s}.estimates (lower(title), id);
    CREATE INDEX ON ${s}.estimates USING gin ((${estimateSearchText()}) gin_trgm_ops);`,
  counts: {
    keysOf: (r) => [
      '',
      `status:${r.status}`,
      ...(r.client_id === null ? [] : [`client:${r.client_id}`]),
      ...(r.starlink_install ? ['includes:starlink'] : []),
      ...(r.camera_type !== 'none' && r.camera_count > 0 ? ['includes:cameras'] : []),
    ],
  },
  eventTypes: eventTypesOf(estimateEventSchemas),
  idOf: (e: StoredEvent) => (e.data as { estimateId: number }).estimateId,
  evolve: (row, stored) => evolveEstimate(row, stored as unknown as TEstimateEvent),
});

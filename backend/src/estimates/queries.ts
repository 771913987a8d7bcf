import type { TEstimate } from '@app/contracts/api/estimates';
import { fromCents } from '@app/contracts/estimates/pricing';
import type { SignedInUser } from '../auth/guard.ts';
import { type Person, personOf } from '../auth/person.ts';
import type { AppDeps } from '../platform/deps.ts';
import { instant } from '../platform/read-values.ts';

type Deps = Pick<AppDeps, 'rm'>;

/** Estimates with their client's and project's names as they are now (joined, so renames show). */
const estimates = (deps: Deps) =>
  deps.rm
    .selectFrom('estimates as e')
    .leftJoin('clients as c', 'c.id', 'e.client_id')
    .leftJoin('projects as p', 'p.id', 'e.project_id')
    .selectAll('e')
    .select(['c.name as client_name', 'p.title as project_title'])
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id', 'desc');

type Row = Awaited<ReturnType<ReturnType<typeof estimates>['executeTakeFirstOrThrow']>>;

const orNull = (v: Date | string | null) => (v === null ? null : instant(v));

/** An estimate as the API answers it; `staff` false leaves the pricing out (a client reads only their quote). */
function toDto(r: Row, staff: boolean): TEstimate {
  const calculated = Number(r.calculated_total_cents);
  const adjusted = r.adjusted_total_cents === null ? null : Number(r.adjusted_total_cents);
  const total = adjusted ?? calculated;
  return {
    id: r.id,
    quoteNumber: r.quote_number,
    title: r.title,
    jobName: r.job_name,
    clientId: r.client_id,
    clientName: r.client_name,
    projectId: r.project_id,
    projectTitle: r.project_title,
    propertyType: r.property_type,
    location: r.location,
    cameraType: r.camera_type,
    cameraCount: r.camera_count,
    wireLength: r.wire_length,
    starlinkInstall: r.starlink_install,
    laborHours: r.labor_hours,
    customLaborHours: r.custom_labor_hours,
    additionalServices: r.additional_services,
    selectedServices: r.selected_services,
    specialRequirements: r.special_requirements,
    description: r.description,
    timeline: r.timeline,
    recommendations: r.recommendations,
    breakdown: r.breakdown,
    multiplier: r.multiplier,
    calculatedTotalCents: calculated,
    totalCents: total,
    totalCost: fromCents(total),
    adjusted: adjusted !== null,
    kind: r.kind,
    pricing: staff ? r.pricing : null,
    pricingSavedAt: orNull(r.pricing_saved_at),
    status: r.status as TEstimate['status'],
    sentAt: orNull(r.sent_at),
    validUntil: instant(r.valid_until),
    acceptedAt: orNull(r.accepted_at),
    signerName: r.signer_name,
    declinedAt: orNull(r.declined_at),
    declineReason: r.decline_reason,
    createdAt: instant(r.created_at),
    updatedAt: instant(r.updated_at),
    version: r.version,
  };
}

/** What a client may read: their own estimates once sent (drafts stay with staff). */
const SHOWN_TO_CLIENTS = ['sent', 'accepted', 'declined'];

/** Staff: every estimate, newest first. A client: their own that were sent to them, without the pricing. */
export async function estimatesOf(deps: Deps, person: Person): Promise<TEstimate[]> {
  if (person.role === 'admin') return (await estimates(deps).execute()).map((r) => toDto(r, true));
  if (person.clientId === null) return [];
  const rows = await estimates(deps)
    .where('e.client_id', '=', person.clientId)
    .where('e.status', 'in', SHOWN_TO_CLIENTS)
    .execute();
  return rows.map((r) => toDto(r, false));
}

/** One estimate as the person may read it (as GET /api/estimates/{id}); anyone else's or a draft: null. */
export async function visibleEstimate(deps: Deps, person: Person, id: number): Promise<TEstimate | null> {
  const row = await estimates(deps).where('e.id', '=', id).executeTakeFirst();
  if (!row) return null;
  if (person.role === 'admin') return toDto(row, true);
  const own = person.clientId !== null && row.client_id === person.clientId;
  return own && SHOWN_TO_CLIENTS.includes(row.status) ? toDto(row, false) : null;
}

/**
 * The estimate `id` as the signed-in `user` may read it, with the visibility rules of GET /api/estimates/{id}
 * (staff any estimate; a client their own once sent, without the pricing), or null. For other routes that
 * answer an estimate's content (the quote's PDF and CSV).
 */
export async function estimateFor(
  deps: Deps,
  user: Pick<SignedInUser, 'id' | 'role'>,
  id: number,
): Promise<TEstimate | null> {
  return visibleEstimate(deps, await personOf(deps, user), id);
}

/** Staff's read of one estimate (the answer to their commands). */
export async function estimateById(deps: Deps, id: number): Promise<TEstimate | null> {
  const row = await estimates(deps).where('e.id', '=', id).executeTakeFirst();
  return row ? toDto(row, true) : null;
}

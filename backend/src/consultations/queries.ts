import type { TConsultation } from '@app/contracts/api/consultations';
import type { ConsultationsTable } from '@app/projections/consultations/table';
import type { AppDeps } from '../platform/deps.ts';

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const day = (v: Date | string) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

const toDto = (r: ConsultationsTable): TConsultation => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  preferredDate: day(r.preferred_date),
  preferredTime: r.preferred_time,
  serviceType: r.service_type,
  propertyType: r.property_type,
  description: r.description,
  status: r.status as TConsultation['status'],
  notes: r.notes,
  archived: r.archived,
  contactedAt: iso(r.contacted_at),
  createdAt: iso(r.created_at)!,
});

/** Newest first; the manager splits them into active and previous by `archived`. */
export async function listConsultations(deps: Pick<AppDeps, 'rm'>) {
  const rows = await deps.rm
    .selectFrom('consultations')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDto);
}

export async function consultationById(deps: Pick<AppDeps, 'rm'>, id: number) {
  const row = await deps.rm.selectFrom('consultations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDto(row) : null;
}

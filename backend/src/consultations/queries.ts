import type { TConsultation } from '@app/contracts/api/consultations';
import type { ConsultationsTable } from '@app/projections/consultations/table';
import type { AppDeps } from '../platform/deps.ts';
import { calendarDay, instant } from '../platform/read-values.ts';

const toDto = (r: ConsultationsTable): TConsultation => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  preferredDate: calendarDay(r.preferred_date),
  preferredTime: r.preferred_time,
  serviceType: r.service_type,
  propertyType: r.property_type,
  description: r.description,
  status: r.status as TConsultation['status'],
  notes: r.notes,
  archived: r.archived,
  contactedAt: r.contacted_at === null ? null : instant(r.contacted_at),
  createdAt: instant(r.created_at),
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

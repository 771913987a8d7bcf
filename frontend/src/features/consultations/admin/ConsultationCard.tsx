import type { TConsultation } from '@app/contracts/api/consultations';
import { type ReactNode, useId } from 'react';
import { formatDay, formatInstant } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { canMarkContacted } from './consultation-list';
import { preferredTimeLabel, propertyTypeLabel, serviceTypeLabel } from './labels';
import { StatusBadge } from './StatusBadge';
import { useUpdateConsultation } from './update-consultation';

const linkClass =
  'text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-700 uppercase">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

export function ConsultationCard({
  consultation,
  onManage,
}: {
  consultation: TConsultation;
  onManage: (consultation: TConsultation) => void;
}) {
  const headingId = useId();
  const update = useUpdateConsultation();
  const { name, email, phone, archived } = consultation;

  return (
    <article
      data-testid="consultation-card"
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {name}
          </h3>
          <p className="text-sm text-slate-700">{serviceTypeLabel(consultation.serviceType)}</p>
        </div>
        <StatusBadge status={consultation.status} />
      </div>

      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Detail term="Email">
          <a href={`mailto:${email}`} className={linkClass}>
            {email}
          </a>
        </Detail>
        <Detail term="Phone">
          {phone ? (
            <a href={`tel:${phone}`} className={linkClass}>
              {phone}
            </a>
          ) : (
            'Not provided'
          )}
        </Detail>
        <Detail term="Property type">{propertyTypeLabel(consultation.propertyType)}</Detail>
        <Detail term="Preferred date">{formatDay(consultation.preferredDate)}</Detail>
        <Detail term="Preferred time">{preferredTimeLabel(consultation.preferredTime)}</Detail>
        <Detail term="Requested">{formatInstant(consultation.createdAt)}</Detail>
        {consultation.contactedAt && (
          <Detail term="Contacted">{formatInstant(consultation.contactedAt)}</Detail>
        )}
      </dl>

      {consultation.description && (
        <p className="mt-4 text-sm whitespace-pre-line text-slate-800">{consultation.description}</p>
      )}
      {consultation.notes && (
        <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-800">
          <span className="font-medium">Notes: </span>
          {consultation.notes}
        </p>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        {canMarkContacted(consultation) && (
          <Button
            disabled={update.isPending}
            onClick={() =>
              update.mutate({ consultation, patch: { status: 'contacted' }, action: 'contacted' })
            }
          >
            Mark Contacted
          </Button>
        )}
        <Button variant="outline" onClick={() => onManage(consultation)}>
          Manage
        </Button>
        <Button
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({
              consultation,
              patch: { archived: !archived },
              action: archived ? 'restore' : 'archive',
            })
          }
        >
          {archived ? 'Restore' : 'Archive'}
        </Button>
      </div>
    </article>
  );
}

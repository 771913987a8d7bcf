import { ESTIMATE_STATUS_LABELS, type TEstimate } from '@app/contracts/api/estimates';
import { formatDate } from '../../lib/format';
import { pickerUrl, usePickerSearch } from '../../lib/picker-search';
import { SearchCombobox } from '../../ui/SearchCombobox';
import { ESTIMATES_KEY, estimateQuery } from './estimates-query';
import { formatCents } from './money';

/** What a picker needs of a quote. */
export type PickedEstimate = Pick<
  TEstimate,
  | 'id'
  | 'quoteNumber'
  | 'title'
  | 'clientId'
  | 'clientName'
  | 'projectId'
  | 'totalCents'
  | 'status'
  | 'createdAt'
>;

/** The quote's name in the field: its number and title. */
export const estimateName = (e: PickedEstimate) => `${e.quoteNumber} · ${e.title}`;

/** The line under a quote's name that tells look-alikes apart. */
export const estimateDetails = (e: PickedEstimate) =>
  `${e.clientName ?? 'No client'} · ${formatCents(e.totalCents)} · ${ESTIMATE_STATUS_LABELS[e.status]} · created ${formatDate(e.createdAt)}`;

/**
 * A quote found by typing (number, title, job name, location, client or project): the server searches as the
 * person types and answers the 20 newest matches; `offers` leaves out those of a page that cannot be chosen
 * here. `estimateId` may be set from outside; that quote is then read to show its name.
 */
export function EstimatePicker({
  label = 'Quote',
  estimateId,
  onChange,
  offers,
  error,
  placeholder = 'Type a quote number, title or client',
}: {
  label?: string;
  estimateId: number | null;
  onChange: (estimate: PickedEstimate | null) => void;
  offers?: (estimate: PickedEstimate) => boolean;
  error?: string | null;
  placeholder?: string;
}) {
  const search = usePickerSearch({
    id: estimateId,
    onChange,
    searchKey: [ESTIMATES_KEY, 'pick'],
    searchUrl: (q) => pickerUrl(ESTIMATES_KEY, q),
    readOne: estimateQuery,
  });
  return (
    <SearchCombobox<PickedEstimate>
      label={label}
      {...search}
      items={offers ? search.items.filter(offers) : search.items}
      toText={estimateName}
      describe={estimateDetails}
      keyOf={(e) => e.id}
      placeholder={placeholder}
      error={error}
      emptyText="No quote matches what you typed."
    />
  );
}

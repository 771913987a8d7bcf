import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { ClientPicker } from '../../clients/ClientPicker';
import { isFiltered, NO_PAYMENT_FILTERS, type PaymentFilters, rangeReversed } from './payments-filters';

/** Search, client and invoice dates of the Payments view. */
export function PaymentFiltersBar({
  value,
  onChange,
}: {
  value: PaymentFilters;
  onChange: (value: PaymentFilters) => void;
}) {
  return (
    <search aria-label="Filter invoices" className="grid grid-cols-2 items-end gap-3 md:flex md:flex-wrap">
      <div className="col-span-2 md:min-w-56 md:flex-1">
        <TextField
          label="Search invoices"
          type="search"
          placeholder="Number, client or description"
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
        />
      </div>
      <div className="col-span-2 md:w-56">
        <ClientPicker
          label="Client"
          placeholder="All clients"
          clientId={value.clientId ? Number(value.clientId) : null}
          onChange={(client) => onChange({ ...value, clientId: client ? String(client.id) : '' })}
        />
      </div>
      <div className="min-w-0 md:w-40">
        <TextField
          label="Invoice date from"
          type="date"
          value={value.from}
          onChange={(event) => onChange({ ...value, from: event.target.value })}
        />
      </div>
      <div className="min-w-0 md:w-40">
        <TextField
          label="Invoice date to"
          type="date"
          value={value.to}
          error={rangeReversed(value) ? 'Must not be before the from date' : null}
          onChange={(event) => onChange({ ...value, to: event.target.value })}
        />
      </div>
      <Button
        variant="outline"
        className="col-span-2 md:col-span-1"
        disabled={!isFiltered(value)}
        onClick={() => onChange(NO_PAYMENT_FILTERS)}
      >
        Clear Filters
      </Button>
    </search>
  );
}

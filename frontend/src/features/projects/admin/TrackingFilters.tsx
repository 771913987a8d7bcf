import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { STATUS_OPTIONS, TYPE_OPTIONS } from '../ProjectFields';
import {
  isFiltered,
  NO_FILTERS,
  type StatusFilter,
  type TrackingFilters,
  type TypeFilter,
} from './tracking-list';

const STATUS_FILTERS = [{ value: 'all', label: 'All statuses' }, ...STATUS_OPTIONS];
const TYPE_FILTERS = [{ value: 'all', label: 'All types' }, ...TYPE_OPTIONS];

export function TrackingFiltersBar({
  value,
  onChange,
}: {
  value: TrackingFilters;
  onChange: (value: TrackingFilters) => void;
}) {
  return (
    <search aria-label="Filter jobs" className="flex flex-wrap items-end gap-4">
      <div className="min-w-56 flex-1">
        <TextField
          label="Search jobs"
          type="search"
          placeholder="Title, client or description"
          value={value.search}
          onChange={(event) => onChange({ ...value, search: event.target.value })}
        />
      </div>
      <div className="w-44">
        <SelectField
          label="Status"
          options={STATUS_FILTERS}
          value={value.status}
          onChange={(event) => onChange({ ...value, status: event.target.value as StatusFilter })}
        />
      </div>
      <div className="w-48">
        <SelectField
          label="Type"
          options={TYPE_FILTERS}
          value={value.type}
          onChange={(event) => onChange({ ...value, type: event.target.value as TypeFilter })}
        />
      </div>
      <Button variant="outline" disabled={!isFiltered(value)} onClick={() => onChange(NO_FILTERS)}>
        Clear Filters
      </Button>
    </search>
  );
}

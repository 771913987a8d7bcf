import type { TCustomForm } from '@app/contracts/api/forms';
import type { CustomFormsTable } from '@app/projections/forms/table';
import type { AppDeps } from '../platform/deps.ts';
import { instant } from '../platform/read-values.ts';

type Deps = Pick<AppDeps, 'rm'>;
type Row = Omit<CustomFormsTable, 'last_event_position'>;

const toDto = (r: Row): TCustomForm => ({
  id: r.id,
  title: r.title,
  description: r.description,
  sections: r.sections,
  isCustom: true,
  originalDocument: r.original_document,
  type: r.type === 'converted' ? 'converted' : 'custom',
  createdAt: instant(r.created_at),
  updatedAt: instant(r.updated_at),
  version: r.version,
});

const customForms = (deps: Deps) =>
  deps.rm
    .selectFrom('custom_forms')
    .select([
      'id',
      'title',
      'description',
      'sections',
      'original_document',
      'type',
      'created_at',
      'updated_at',
      'version',
    ]);

/** Every custom form, newest first: shared by all admins. */
export async function allCustomForms(deps: Deps): Promise<TCustomForm[]> {
  const rows = await customForms(deps).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toDto);
}

export async function customFormById(deps: Deps, id: number): Promise<TCustomForm | undefined> {
  const row = await customForms(deps).where('id', '=', id).executeTakeFirst();
  return row && toDto(row);
}

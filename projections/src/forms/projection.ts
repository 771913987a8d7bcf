import { eventTypesOf } from '@app/contracts/events/domain';
import { customFormEventSchemas, type TCustomFormEvent } from '@app/contracts/events/forms';
import { documentProjection } from '../runtime/document-projection.ts';
import type { CustomFormsTable } from './table.ts';

type Row = Omit<CustomFormsTable, 'last_event_position' | 'version'>;

/**
 * Custom forms (the form builder's and converted documents'): the list every admin picks from. A removed form's
 * row is removed. Its changes refresh the admin's documents panel (syncType 'document').
 */
export const customFormsProjection = documentProjection<Row>({
  name: 'custom_forms',
  // 2: each row keeps its form's version (streamVersion).
  version: 2,
  streamVersion: true,
  syncType: 'document',
  table: 'custom_forms',
  ddl: (s) => `
    CREATE TABLE ${s}.custom_forms (
      id integer PRIMARY KEY,
      title text NOT NULL,
      description text NOT NULL,
      sections jsonb NOT NULL,
      original_document text,
      type text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.custom_forms (created_at DESC, id DESC);`,
  eventTypes: eventTypesOf(customFormEventSchemas),
  idOf: (e) => (e.data as { formId: number }).formId,
  evolve(row, stored) {
    const event = stored as unknown as TCustomFormEvent;
    const at = stored.metadata.occurredAt;
    switch (event.type) {
      case 'CustomFormSaved': {
        const d = event.data;
        return {
          id: d.formId,
          title: d.title,
          description: d.description,
          sections: d.sections,
          original_document: d.originalDocument,
          type: d.type,
          created_at: row?.created_at ?? at,
          updated_at: at,
        };
      }
      case 'CustomFormRemoved':
        return row ? null : undefined;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});

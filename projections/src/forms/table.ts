import type { TFormSection } from '@app/contracts/forms/definition';

/** Custom forms every admin shares (a removed one has no row). */
export interface CustomFormsTable {
  id: number;
  title: string;
  description: string;
  sections: TFormSection[];
  /** The converted document's original file name (null: built by hand). */
  original_document: string | null;
  /** custom or converted. */
  type: string;
  created_at: Date | string;
  updated_at: Date | string;
  /** Events in the form's stream (see documentProjection's streamVersion): what If-Match names. */
  version: number;
  last_event_position: string;
}

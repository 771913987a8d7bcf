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
  last_event_position: string;
}

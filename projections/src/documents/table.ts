import type { TDocumentSignature } from '@app/contracts/api/documents';
import type { TFormSection } from '@app/contracts/forms/definition';

export interface DocumentsTable {
  id: number;
  /** null: staff only (an unassigned document made without a project). */
  client_id: number | null;
  /** null: unassigned. */
  project_id: number | null;
  title: string;
  /** form, upload (photo is the spec's third type, not made yet). */
  type: string;
  /** pending, completed (a signed form). */
  status: string;
  form_data: Record<string, unknown> | null;
  /** A form's questions as they stood when it was made (null: none, or not a form). */
  form_sections: TFormSection[] | null;
  template_type: string | null;
  /** The stored file's name under the private documents folder (null for a form). */
  file: string | null;
  filename: string | null;
  mime_type: string | null;
  size: number | null;
  sha256: string | null;
  description: string;
  signature: TDocumentSignature | null;
  /** The newer version that replaced this one (null: current). */
  superseded_by: number | null;
  /** Signed, then replaced by a newer version: the signature no longer counts (status stays 'completed'). */
  signature_void: boolean;
  /** The row as the API lists it (`documentDto`), JSON text. */
  list_json: string;
  created_at: Date | string;
  updated_at: Date | string;
  last_event_position: string;
}

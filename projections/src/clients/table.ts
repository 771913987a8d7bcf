export interface ClientsTable {
  id: number;
  user_id: number | null;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Events in the client's stream (see documentProjection's streamVersion): what If-Match names. */
  version: number;
  last_event_position: string;
}

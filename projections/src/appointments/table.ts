/** One row per appointment; times as the business time zone (America/Anchorage) shows them, and as instants. */
export interface AppointmentsTable {
  id: number;
  client_id: number;
  project_id: number | null;
  title: string;
  description: string;
  /** The local day it starts on (YYYY-MM-DD). */
  scheduled_date: string;
  /** Local HH:mm. */
  start_time: string | null;
  end_time: string | null;
  /** Minutes; 60 when there is no end (spec section 3). */
  duration: number;
  status: string;
  type: string;
  location: string | null;
  starts_at: Date | string;
  ends_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  /** Events in the appointment's stream (see documentProjection's streamVersion): what If-Match names. */
  version: number;
  last_event_position: string;
}

export interface ClientsTable {
  id: number;
  user_id: number | null;
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_event_position: string;
}

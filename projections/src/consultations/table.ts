export interface ConsultationsTable {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  preferred_date: string;
  preferred_time: string | null;
  service_type: string;
  property_type: string | null;
  description: string | null;
  status: string;
  notes: string;
  archived: boolean;
  contacted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  last_event_position: string;
}

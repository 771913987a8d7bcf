export interface PaymentsTable {
  id: number;
  project_id: number;
  client_id: number;
  amount: string;
  description: string;
  invoice_number: string | null;
  status: 'pending' | 'completed' | 'failed';
  payment_method: string | null;
  due_date: string | null;
  paid_at: Date | string | null;
  created_at: Date | string;
  last_event_position: string;
}

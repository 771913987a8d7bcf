export interface UsersTable {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  must_change_password: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  last_login_at: Date | string | null;
  last_event_position: string;
}

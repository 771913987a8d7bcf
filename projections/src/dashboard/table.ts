export interface DailyNotesTable {
  id: number;
  user_id: number;
  day: string;
  text: string;
  completed: boolean;
  created_at: Date | string;
  last_event_position: string;
}

import type { TPhoto } from '@app/contracts/api/projects';

export interface ProjectsTable {
  id: number;
  client_id: number;
  /** The client's name when the project was made; queries prefer the current one from `clients`. */
  client_name: string;
  title: string;
  description: string;
  type: string;
  status: string;
  /** numeric: node-postgres answers a string. */
  total_amount: string | number | null;
  estimated_cost: string | number | null;
  timeline: string | null;
  /** date: kept as 'YYYY-MM-DD' (see backend/src/platform/db.ts). */
  job_start_date: string | null;
  job_end_date: string | null;
  progress: number;
  notes: string;
  photos: TPhoto[];
  created_at: Date | string;
  updated_at: Date | string;
  /** Events in the project's stream (see documentProjection's streamVersion): what If-Match names. */
  version: number;
  last_event_position: string;
}

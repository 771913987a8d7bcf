export interface AuditLogTable {
  event_id: string;
  stream: string;
  revision: string;
  type: string;
  occurred_at: Date;
  actor_id: number | null;
  actor_role: string;
  client_ip: string | null;
  correlation_id: string;
  changes: Record<string, unknown>;
}

export interface AuditActorsTable {
  id: number;
  name: string;
}

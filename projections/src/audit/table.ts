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
  /** The event's place in the whole log (commit << 64 | prepare): orders a trail made of several streams. */
  position: string;
  /** The project a project's or a document's event belongs to (null: neither, or an unassigned document). */
  project_id: number | null;
  /** A document's event: the document's title as it was made. */
  document_title: string | null;
}

export interface AuditActorsTable {
  id: number;
  name: string;
}

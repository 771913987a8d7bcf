import type { AuditActorsTable, AuditLogTable } from '../audit/table.ts';
import type { ConsultationsTable } from '../consultations/table.ts';
import type { SiteSettingsTable } from '../settings/table.ts';
import type { UsersTable } from '../users/table.ts';

/** Read models, in the `rm` schema. Query them with `db.withSchema('rm')`. */
export interface Database {
  users: UsersTable;
  audit_log: AuditLogTable;
  audit_actors: AuditActorsTable;
  consultations: ConsultationsTable;
  site_settings: SiteSettingsTable;
}

export const READ_MODEL_SCHEMA = 'rm';

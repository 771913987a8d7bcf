import type { AppointmentsTable } from '../appointments/table.ts';
import type { AuditActorsTable, AuditLogTable } from '../audit/table.ts';
import type { BillingPlansTable } from '../billing/table.ts';
import type { ClientsTable } from '../clients/table.ts';
import type { ConsultationsTable } from '../consultations/table.ts';
import type { DailyNotesTable } from '../dashboard/table.ts';
import type { DocumentsTable } from '../documents/table.ts';
import type { EstimatesTable } from '../estimates/table.ts';
import type { CustomFormsTable } from '../forms/table.ts';
import type { PaymentsTable } from '../invoices/table.ts';
import type { ConversationReadersTable, ConversationsTable, MessagesTable } from '../messages/tables.ts';
import type { ProjectsTable } from '../projects/table.ts';
import type { SiteSettingsTable } from '../settings/table.ts';
import type { UsersTable } from '../users/table.ts';

/** Read models, in the `rm` schema. Query them with `db.withSchema('rm')`. */
export interface Database {
  users: UsersTable;
  audit_log: AuditLogTable;
  audit_actors: AuditActorsTable;
  consultations: ConsultationsTable;
  site_settings: SiteSettingsTable;
  clients: ClientsTable;
  projects: ProjectsTable;
  daily_notes: DailyNotesTable;
  messages: MessagesTable;
  conversations: ConversationsTable;
  conversation_readers: ConversationReadersTable;
  appointments: AppointmentsTable;
  payments: PaymentsTable;
  documents: DocumentsTable;
  custom_forms: CustomFormsTable;
  estimates: EstimatesTable;
  billing_plans: BillingPlansTable;
}

export const READ_MODEL_SCHEMA = 'rm';

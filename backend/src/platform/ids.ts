import { type Kysely, sql } from 'kysely';

/** Ids shown to people stay numeric (the spec's routes say `/client/job/{id}`): one Postgres sequence per kind. */
export type IdSequence =
  | 'user_ids'
  | 'client_ids'
  | 'project_ids'
  | 'consultation_ids'
  | 'daily_note_ids'
  | 'document_ids'
  | 'form_ids'
  | 'message_ids'
  | 'appointment_ids'
  | 'estimate_ids'
  | 'invoice_ids'
  | 'billing_plan_ids';

export async function nextId(db: Kysely<unknown>, sequence: IdSequence): Promise<number> {
  const { rows } = await sql<{ id: number }>`SELECT nextval(${sequence}::regclass)::int AS id`.execute(db);
  return rows[0]!.id;
}

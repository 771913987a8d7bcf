import type { TDomainEvent } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { sql } from 'kysely';
import { positionKey } from '../runtime/document-projection.ts';
import type { ApplyContext, Projection } from '../runtime/types.ts';
import { recordStreamOf } from './record-stream.ts';

const PROJECT_STREAM = /^project-(\d+)$/;
const DOCUMENT_STREAM = /^document-(\d+)$/;
const INVOICE_STREAM = /^invoice-(\d+)$/;

/**
 * The audit trail: one row per event with who, when and what changed, plus the names of actors,
 * kept here (not joined from the users view) so the trail still names people after they are deleted.
 * Each row of a project's or of one of its documents' streams names the project (`project_id`), so the
 * project's History shows its documents' events too; a document's events name its title as it was made.
 * An invoice's events name its project the same way (`audit_invoices`), so the History shows them too.
 */
/**
 * The project of each invoice whose stream has events in the batch: issued in this batch (kept in
 * `audit_invoices`), or known from before.
 */
async function invoiceProjectsOf(events: readonly StoredEvent[], tx: ApplyContext['tx'], schema: string) {
  const table = sql.table(`${schema}.audit_invoices`);
  const projects = new Map<number, number>();
  const issued: { id: number; project_id: number }[] = [];
  for (const stored of events) {
    const e = stored as unknown as TDomainEvent;
    if (e.type === 'InvoiceIssued') {
      projects.set(e.data.invoiceId, e.data.projectId);
      issued.push({ id: e.data.invoiceId, project_id: e.data.projectId });
    }
  }
  const earlier = [
    ...new Set(
      events.flatMap((e) => {
        const match = INVOICE_STREAM.exec(e.streamName);
        return match && !projects.has(Number(match[1])) ? [Number(match[1])] : [];
      }),
    ),
  ];
  if (earlier.length > 0) {
    const { rows } = await sql<{ id: number; project_id: number }>`
      SELECT id, project_id FROM ${table} WHERE id = ANY(${earlier}::int[])`.execute(tx);
    for (const r of rows) projects.set(r.id, r.project_id);
  }
  if (issued.length > 0)
    await sql`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, ${JSON.stringify(issued)}::jsonb)
      ON CONFLICT (id) DO NOTHING`.execute(tx);
  return projects;
}

export const auditProjection: Projection = {
  name: 'audit',
  // 2: a renamed account's new name names its actions.
  // 3: project_id, document_title and position (a project's History includes its documents' events).
  // 4: an invoice's events name its project (a project's History includes its invoices' events).
  // 5: bookkeeping streams (a document's views) stand under their record's stream.
  // 6: a trail is read by position (GET /api/audit pages): (stream, position DESC) for (stream, revision DESC).
  version: 6,
  syncType: null,
  tables: ['audit_log', 'audit_actors', 'audit_documents', 'audit_invoices'],
  ddl: (s) => `
    CREATE TABLE ${s}.audit_log (
      event_id uuid PRIMARY KEY,
      stream text NOT NULL,
      revision bigint NOT NULL,
      type text NOT NULL,
      occurred_at timestamptz NOT NULL,
      actor_id integer,
      actor_role text NOT NULL,
      client_ip text,
      correlation_id text NOT NULL,
      changes jsonb NOT NULL,
      position numeric NOT NULL,
      project_id integer,
      document_title text
    );
    CREATE INDEX ON ${s}.audit_log (stream, position DESC);
    CREATE INDEX ON ${s}.audit_log (project_id, position DESC) WHERE project_id IS NOT NULL;
    CREATE TABLE ${s}.audit_actors (id integer PRIMARY KEY, name text NOT NULL);
    CREATE TABLE ${s}.audit_documents (id integer PRIMARY KEY, project_id integer, title text NOT NULL);
    CREATE TABLE ${s}.audit_invoices (id integer PRIMARY KEY, project_id integer NOT NULL);`,
  async apply(events, { tx, schema }) {
    const documentsTable = sql.table(`${schema}.audit_documents`);
    // Which project (and title) each document of the batch has: made in this batch, or known from before.
    const documents = new Map<number, { project_id: number | null; title: string }>();
    const made: { id: number; project_id: number | null; title: string }[] = [];
    for (const stored of events) {
      const e = stored as unknown as TDomainEvent;
      if (e.type === 'DocumentFormCreated' || e.type === 'DocumentFileUploaded') {
        const document = { project_id: e.data.projectId, title: e.data.title };
        documents.set(e.data.documentId, document);
        made.push({ id: e.data.documentId, ...document });
      }
    }
    const documentIdOf = (stream: string) => {
      const match = DOCUMENT_STREAM.exec(stream);
      return match ? Number(match[1]) : null;
    };
    const earlier = [
      ...new Set(
        events
          .map((e) => documentIdOf(recordStreamOf(e.streamName)))
          .filter((id): id is number => id !== null),
      ),
    ].filter((id) => !documents.has(id));
    if (earlier.length > 0) {
      const { rows } = await sql<{ id: number; project_id: number | null; title: string }>`
        SELECT id, project_id, title FROM ${documentsTable} WHERE id = ANY(${earlier}::int[])`.execute(tx);
      for (const r of rows) documents.set(r.id, { project_id: r.project_id, title: r.title });
    }

    const invoiceProjects = await invoiceProjectsOf(events, tx, schema);

    const rows = events.map((e) => {
      const stream = recordStreamOf(e.streamName);
      const projectMatch = PROJECT_STREAM.exec(stream);
      const invoiceMatch = INVOICE_STREAM.exec(stream);
      const invoiceProject = invoiceMatch ? (invoiceProjects.get(Number(invoiceMatch[1])) ?? null) : null;
      const documentId = documentIdOf(stream);
      const document = documentId === null ? undefined : documents.get(documentId);
      return {
        event_id: e.id,
        stream,
        revision: e.revision.toString(),
        type: e.type,
        occurred_at: e.metadata.occurredAt,
        actor_id: e.metadata.actorId,
        actor_role: e.metadata.actorRole,
        client_ip: e.metadata.clientIp,
        correlation_id: e.metadata.correlationId,
        changes: e.data,
        position: positionKey(e).toString(),
        project_id: projectMatch ? Number(projectMatch[1]) : (document?.project_id ?? invoiceProject),
        document_title: document?.title ?? null,
      };
    });
    const log = sql.table(`${schema}.audit_log`);
    await sql`INSERT INTO ${log} SELECT * FROM jsonb_populate_recordset(NULL::${log}, ${JSON.stringify(rows)}::jsonb)
      ON CONFLICT (event_id) DO NOTHING`.execute(tx);

    if (made.length > 0)
      await sql`INSERT INTO ${documentsTable} SELECT * FROM jsonb_populate_recordset(NULL::${documentsTable}, ${JSON.stringify(made)}::jsonb)
        ON CONFLICT (id) DO NOTHING`.execute(tx);

    const actors = new Map<number, string>();
    for (const stored of events) {
      const e = stored as unknown as TDomainEvent;
      if (e.type === 'UserCreated' || e.type === 'UserRenamed')
        actors.set(e.data.userId, `${e.data.firstName} ${e.data.lastName}`.trim());
    }
    if (actors.size > 0) {
      const table = sql.table(`${schema}.audit_actors`);
      const list = [...actors].map(([id, name]) => ({ id, name }));
      await sql`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, ${JSON.stringify(list)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name`.execute(tx);
    }
    return rows.length;
  },
};

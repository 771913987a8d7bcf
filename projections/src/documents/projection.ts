import { documentEventSchemas, type TDocumentEvent } from '@app/contracts/events/documents';
import { eventTypesOf } from '@app/contracts/events/domain';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { documentProjection } from '../runtime/document-projection.ts';
import { documentDto } from './dto.ts';
import type { DocumentsTable } from './table.ts';

type Row = Omit<DocumentsTable, 'last_event_position'>;

/** What a search of documents looks through besides its project and client, of the table aliased `alias` (indexed). */
export const documentSearchText = (alias = '') => `${alias}title || ' ' || coalesce(${alias}filename, '')`;

/**
 * The dashboard's pending documents (issue 23: read, never counted over every document): current documents (not
 * replaced by a newer version) waiting for someone, `waiting` for staff (forms not yet signed and clients' files
 * not yet reviewed), and behind `client:<id>:` only forms, those awaiting that client's signature.
 */
export function waitingKeys(r: Pick<Row, 'status' | 'superseded_by' | 'type' | 'client_id'>): string[] {
  if (r.status !== 'pending' || r.superseded_by !== null) return [];
  return r.type === 'form' && r.client_id !== null
    ? [waitingKey(null), waitingKey(r.client_id)]
    : [waitingKey(null)];
}

/** The counter of documents waiting: for staff (null), or awaiting one client's signature. */
export const waitingKey = (clientId: number | null) =>
  clientId === null ? 'waiting' : `client:${clientId}:waiting-form`;

/**
 * Documents (forms and files): the admin's Documents panel, a project's documents and each client's own.
 * A deleted document's row is removed, so it drops from every list and its file stops being served.
 */
export const documentsProjection = documentProjection<Row>({
  name: 'documents',
  // 2: superseded_by and signature_void (new versions of a document). 3: form_sections. 4: list_json
  // (bump whenever `documentDto` changes, so every row's list_json is made again). 5: staff uploads are
  // completed at once, a client's pending until reviewed. 6: paged lists (search text, counters, indexes).
  // 7: the dashboard's counters of documents waiting (`waitingKeys`); list_json's form data and signature with
  // their keys sorted (`inOneOrder`).
  version: 7,
  syncType: 'document',
  table: 'documents',
  ddl: (s) => `
    CREATE TABLE ${s}.documents (
      id integer PRIMARY KEY,
      client_id integer,
      project_id integer,
      title text NOT NULL,
      type text NOT NULL,
      status text NOT NULL,
      form_data jsonb,
      form_sections jsonb,
      template_type text,
      file text,
      filename text,
      mime_type text,
      size bigint,
      sha256 text,
      description text NOT NULL,
      signature jsonb,
      superseded_by integer,
      signature_void boolean NOT NULL,
      list_json text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.documents (created_at DESC, id DESC);
    CREATE INDEX ON ${s}.documents (client_id, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.documents (project_id, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.documents (type, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.documents (status, created_at DESC, id DESC);
    CREATE INDEX ON ${s}.documents USING gin ((${documentSearchText()}) gin_trgm_ops);`,
  counts: {
    keysOf: (r) => [
      '',
      `type:${r.type}`,
      `status:${r.status}`,
      ...(r.client_id === null ? [] : [`client:${r.client_id}`]),
      ...(r.project_id === null ? [] : [`project:${r.project_id}`]),
      ...waitingKeys(r),
    ],
  },
  eventTypes: eventTypesOf(documentEventSchemas),
  idOf: (e) => (e.data as { documentId: number }).documentId,
  evolve(row, stored) {
    const next = evolveRow(row, stored);
    if (!next) return next;
    const dto = documentDto({
      ...next,
      form_data: inOneOrder(next.form_data),
      signature: inOneOrder(next.signature),
    });
    return { ...next, list_json: JSON.stringify(dto) };
  },
});

/**
 * A JSON value with its objects' keys sorted. A row read back has jsonb's key order, one evolved in the same batch
 * its events' order, and `list_json` must be the same text either way (replay-check compares it with a rebuild's).
 */
function inOneOrder<T>(value: T): T {
  if (Array.isArray(value)) return value.map(inOneOrder) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, inOneOrder(v)])) as T;
}

type Evolved = Omit<Row, 'list_json'> | null | undefined;

function evolveRow(row: Row | null, stored: StoredEvent): Evolved {
  const event = stored as unknown as TDocumentEvent;
  const at = stored.metadata.occurredAt;
  const base = {
    created_at: at,
    updated_at: at,
    signature: null,
    status: 'pending',
    superseded_by: null,
    signature_void: false,
  };
  switch (event.type) {
    case 'DocumentFormCreated': {
      const d = event.data;
      return {
        ...base,
        id: d.documentId,
        client_id: d.clientId,
        project_id: d.projectId,
        title: d.title,
        type: 'form',
        form_data: d.formData,
        form_sections: d.sections,
        template_type: d.templateType,
        file: null,
        filename: null,
        mime_type: null,
        size: null,
        sha256: null,
        description: d.description,
      };
    }
    case 'DocumentFileUploaded': {
      const d = event.data;
      return {
        ...base,
        id: d.documentId,
        client_id: d.clientId,
        project_id: d.projectId,
        title: d.title,
        type: 'upload',
        form_data: null,
        form_sections: null,
        template_type: null,
        file: d.file,
        filename: d.filename,
        mime_type: d.mimeType,
        size: d.size,
        sha256: d.sha256,
        description: d.description,
        // Staff's files need nothing more; a client's waits for staff review.
        status: d.uploadedBy === 'staff' ? 'completed' : 'pending',
      };
    }
    case 'DocumentSigned': {
      if (!row) return undefined;
      const { signerId, signedAt, ip, userAgent, contentSha256 } = event.data;
      const signature = { signerId, signedAt, ip, userAgent, contentSha256 };
      return { ...row, status: 'completed', signature, updated_at: at };
    }
    case 'DocumentViewed':
      return undefined;
    case 'DocumentReviewed':
      return row ? { ...row, status: 'completed', updated_at: at } : undefined;
    case 'DocumentSuperseded':
      // A signed document keeps status 'completed' (it was signed, and the record of it stays), but its
      // signature is void: the client is asked to sign the new version.
      if (!row) return undefined;
      return {
        ...row,
        superseded_by: event.data.supersededBy,
        signature_void: row.signature !== null,
        updated_at: at,
      };
    case 'DocumentDeleted':
      return row ? null : undefined;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

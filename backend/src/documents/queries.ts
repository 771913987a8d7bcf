import type {
  TDocument,
  TDocumentListItem,
  TDocumentsPage,
  TDocumentsQuery,
} from '@app/contracts/api/documents';
import { clientSearchText } from '@app/projections/clients/projection';
import { documentDto } from '@app/projections/documents/dto';
import { documentSearchText } from '@app/projections/documents/projection';
import { projectSearchText } from '@app/projections/projects/projection';
import { countsTable } from '@app/projections/runtime/document-projection';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppDeps } from '../platform/deps.ts';
import {
  amongIds,
  countUpTo,
  decodeCursor,
  ilike,
  keptCount,
  pageLimit,
  pageOf,
  searchPatterns,
  ZCursorInstant,
} from '../platform/paging.ts';
import { mayAccess, type Person } from './decide.ts';

type Deps = Pick<AppDeps, 'rm' | 'config'>;

export { documentDownloadAddress, documentFileAddress } from '@app/projections/documents/dto';

const toDto = documentDto;

const documents = (deps: Deps) =>
  deps.rm
    .selectFrom('documents')
    .select([
      'id',
      'client_id',
      'project_id',
      'title',
      'type',
      'status',
      'form_data',
      'template_type',
      'file',
      'filename',
      'mime_type',
      'size',
      'sha256',
      'description',
      'signature',
      'superseded_by',
      'signature_void',
      'created_at',
      'updated_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');

/** The signed-in account as the document rules see it (shared with messaging). */
export { personOf } from '../auth/person.ts';

/** An admin's: every document; a client's: their own (none without a client record). */
export async function documentsFor(deps: Deps, person: Person, projectId?: number): Promise<TDocument[]> {
  let query = documents(deps);
  if (projectId !== undefined) query = query.where('project_id', '=', projectId);
  if (person.role !== 'admin') {
    if (person.clientId === null) return [];
    query = query.where('client_id', '=', person.clientId);
  }
  return (await query.execute()).map(toDto);
}

/** One document, with its form's questions (lists leave them out: they can be long). */
/**
 * The same list as `documentsFor`, as the JSON text of its answer: each row keeps its own answer as JSON text
 * (`list_json`, made by the view with `documentDto`), which the database joins in order. With thousands of
 * documents, reading rows into objects, checking and serialising them cost several times the query itself.
 */
export async function documentsJson(
  deps: Deps,
  person: Person,
  scope: { projectId?: number; clientId?: number } = {},
): Promise<string> {
  const { projectId, clientId } = scope;
  if (person.role !== 'admin' && person.clientId === null) return '[]';
  let query = deps.rm
    .selectFrom('documents')
    .select(
      sql<string>`'[' || coalesce(string_agg(list_json, ',' ORDER BY created_at DESC, id DESC), '') || ']'`.as(
        'body',
      ),
    );
  if (projectId !== undefined) query = query.where('project_id', '=', projectId);
  // A client's list is their own whatever they ask; staff may narrow theirs to one client.
  const ofClient = person.role === 'admin' ? clientId : person.clientId;
  if (ofClient != null) query = query.where('client_id', '=', ofClient);
  return (await query.executeTakeFirstOrThrow()).body;
}

export async function documentById(deps: Deps, id: number): Promise<TDocument | undefined> {
  const row = await documents(deps).select('form_sections').where('id', '=', id).executeTakeFirst();
  return row ? { ...toDto(row), sections: row.form_sections } : undefined;
}

/** The stored file of a document the person may see, or undefined (missing, deleted, someone else's, a form). */
export async function visibleFile(deps: Deps, person: Person, id: number) {
  const row = await documents(deps).where('id', '=', id).executeTakeFirst();
  if (!row?.file || !mayAccess({ clientId: row.client_id }, person)) return undefined;
  return { file: row.file, filename: row.filename ?? row.file, mimeType: row.mime_type, sha256: row.sha256 };
}

/** The document as the person may see it; someone else's is answered like a missing one. */
export async function visibleDocument(deps: Deps, person: Person, id: number) {
  const doc = await documentById(deps, id);
  return doc && mayAccess(doc, person) ? doc : undefined;
}

const PAGE_LIST = 'documents';
const ZDocumentsCursor = z.tuple([ZCursorInstant, z.number().int()]);

/**
 * A page of documents, newest first (issue 23): `ownClientId` limits it to one client's (the portal's), whatever
 * the query asks. Every word of `q` is found in the title or file name, the project's title or the client's
 * name. The total is read from the kept counters when at most one filter applies, counted over the matching
 * rows when a search or several filters do. Each row carries its project's title and its client's name.
 */
export async function pageDocuments(
  deps: Deps,
  query: TDocumentsQuery,
  ownClientId?: number,
): Promise<TDocumentsPage> {
  const limit = pageLimit(query.limit);
  const clientId = ownClientId ?? query.clientId;
  const patterns = searchPatterns(query.q);
  let matching = deps.rm.selectFrom('documents as d');
  if (clientId !== undefined) matching = matching.where('d.client_id', '=', clientId);
  if (query.projectId !== undefined) matching = matching.where('d.project_id', '=', query.projectId);
  if (query.type) matching = matching.where('d.type', '=', query.type);
  if (query.status) matching = matching.where('d.status', '=', query.status);
  for (const pattern of patterns)
    matching = matching.where((eb) =>
      eb.or([
        ilike(sql.raw(documentSearchText('d.')), pattern),
        amongIds(
          'd.project_id',
          eb
            .selectFrom('projects as p2')
            .select('p2.id')
            .where(ilike(sql.raw(projectSearchText('p2.')), pattern)),
        ),
        amongIds(
          'd.client_id',
          eb
            .selectFrom('clients as c2')
            .select('c2.id')
            .where(ilike(sql.raw(clientSearchText('c2.')), pattern)),
        ),
      ]),
    );
  let page = matching
    .leftJoin('projects as p', 'p.id', 'd.project_id')
    .leftJoin('clients as c', 'c.id', 'd.client_id')
    .select([
      'd.id',
      'd.client_id',
      'd.project_id',
      'd.title',
      'd.type',
      'd.status',
      'd.form_data',
      'd.template_type',
      'd.file',
      'd.filename',
      'd.mime_type',
      'd.size',
      'd.sha256',
      'd.description',
      'd.signature',
      'd.superseded_by',
      'd.signature_void',
      'd.created_at',
      'd.updated_at',
      sql<string>`d.created_at::text`.as('cursor_at'),
      sql<string | null>`p.title`.as('project_title'),
      sql<string | null>`coalesce(c.name, p.client_name)`.as('client_name'),
    ])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit + 1);
  if (query.cursor) {
    const [at, id] = decodeCursor(PAGE_LIST, query.cursor, ZDocumentsCursor);
    page = page.where(sql<boolean>`(d.created_at, d.id) < (${at}::timestamptz, ${id})`);
  }
  const keys = [
    clientId !== undefined && `client:${clientId}`,
    query.projectId !== undefined && `project:${query.projectId}`,
    query.type && `type:${query.type}`,
    query.status && `status:${query.status}`,
  ].filter((k): k is string => !!k);
  const counted =
    patterns.length === 0 && keys.length <= 1
      ? keptCount(deps.rm, countsTable('documents'), keys.length === 0 ? [''] : keys)
      : countUpTo(deps.rm, matching);
  const [rows, total] = await Promise.all([page.execute(), counted]);
  return pageOf(rows, {
    limit,
    total,
    list: PAGE_LIST,
    keyOf: (r) => [r.cursor_at, r.id],
    toItem: (r): TDocumentListItem => ({
      ...toDto(r),
      projectTitle: r.project_title,
      clientName: r.client_name,
    }),
  });
}

import type { TDocument } from '@app/contracts/api/documents';
import { documentDto } from '@app/projections/documents/dto';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';
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

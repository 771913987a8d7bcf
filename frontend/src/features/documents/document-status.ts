import type { TDocument } from '@app/contracts/api/documents';
import { REQUIRED_DOCUMENT_TEMPLATES } from '@app/contracts/forms/templates';

/** The fields the status rules read (`signatureVoid`/`supersededBy` may be missing from an older answer). */
type StatusOf = Pick<TDocument, 'type' | 'status'> &
  Partial<Pick<TDocument, 'signatureVoid' | 'supersededBy'>>;

export type StatusTone = 'green' | 'yellow' | 'grey';

/** Replaced by a newer version: a signature on it no longer counts, and it cannot be signed. */
export const isReplaced = (doc: StatusOf) =>
  doc.signatureVoid === true || (doc.supersededBy ?? null) !== null;

/** Who reads the badge: staff see a client's upload as waiting for their review, the client as pending. */
export type BadgeAudience = 'client' | 'staff';

/**
 * A client's upload staff have not reviewed yet (PATCH /api/documents/{id}/review): pending until then.
 * A staff upload is completed at once, so it never waits.
 */
export const awaitsReview = (doc: Pick<TDocument, 'type' | 'status'>) =>
  doc.type === 'upload' && doc.status === 'pending';

/**
 * What a document's badge says (spec part 1, section 4: signed green, pending yellow, anything else grey):
 * a signed form 'Signed', a form or file waiting 'Pending' (for staff, a client's upload 'Pending review'),
 * a reviewed file 'Completed', a signed form replaced by a new version 'Void', an unsigned one replaced
 * 'Replaced'.
 */
export function documentBadge(
  doc: StatusOf,
  audience: BadgeAudience = 'client',
): { label: string; tone: StatusTone } {
  if (doc.signatureVoid) return { label: 'Void', tone: 'grey' };
  if ((doc.supersededBy ?? null) !== null) return { label: 'Replaced', tone: 'grey' };
  if (doc.status === 'completed')
    return doc.type === 'form' ? { label: 'Signed', tone: 'green' } : { label: 'Completed', tone: 'grey' };
  if (doc.status === 'pending')
    return audience === 'staff' && awaitsReview(doc)
      ? { label: 'Pending review', tone: 'yellow' }
      : { label: 'Pending', tone: 'yellow' };
  return { label: String(doc.status), tone: 'grey' };
}

/** A form the client can sign now: pending and not replaced. */
export const canSign = (doc: StatusOf) => doc.type === 'form' && doc.status === 'pending' && !isReplaced(doc);

/**
 * The documents awaiting the client ('Awaiting your signature'): their pending forms that are still the
 * current version, newest first. A file they uploaded waits for staff, not for them, so it is not counted.
 */
export const awaitingSignature = <T extends StatusOf & Pick<TDocument, 'createdAt'>>(docs: readonly T[]) =>
  docs.filter(canSign).sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** Recent Activity on the client dashboard: up to 3 documents ready for review and signature. */
export const RECENT_DOCUMENTS = 3;

export type RequiredDocumentState = {
  template: (typeof REQUIRED_DOCUMENT_TEMPLATES)[number];
  /** The signed, current document of that template, when there is one. */
  signed: TDocument | undefined;
  /** The latest pending, current document of that template (made but not yet signed). */
  pending: TDocument | undefined;
};

/**
 * The three required documents of a project (spec part 1, section 3): each is Pending until a signed
 * document of its template exists for the project (a void signature does not count), then Signed.
 */
export function requiredDocuments(docs: readonly TDocument[], projectId: number): RequiredDocumentState[] {
  const latest = (list: TDocument[]) => list.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  return REQUIRED_DOCUMENT_TEMPLATES.map((template) => {
    const mine = docs.filter(
      (doc) =>
        doc.projectId === projectId &&
        doc.type === 'form' &&
        doc.templateType === template.id &&
        !isReplaced(doc),
    );
    return {
      template,
      signed: latest(mine.filter((doc) => doc.status === 'completed')),
      pending: latest(mine.filter((doc) => doc.status === 'pending')),
    };
  });
}

/** A file's size as the spec shows it: KB with one decimal. */
export const sizeInKb = (bytes: number | null) => (bytes === null ? '' : `${(bytes / 1024).toFixed(1)} KB`);

import { readFile } from 'node:fs/promises';
import { DOCUMENT_NOT_FOUND } from '@app/contracts/api/documents';
import type { TDocumentEvent } from '@app/contracts/events/documents';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { PDFDocument } from 'pdf-lib';
import type { fileStore } from '../files/store.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, notFound } from '../platform/errors.ts';
import { bothZones, pageWriter, standardFonts } from '../platform/pdf.ts';
import { userById } from '../users/queries.ts';
import { documentDecider, documentStream, mayAccess, type Person, sha256Hex } from './decide.ts';
import {
  type CertificateFacts,
  certificateLines,
  type FormFacts,
  formLines,
  type Signer,
} from './signed-pdf-text.ts';

export const DOCUMENT_NOT_SIGNED =
  'This document is not signed yet: its signed PDF exists once it is signed.';

export interface SignedPdfInput {
  documentId: number;
  form: FormFacts;
  signature: { png: Uint8Array; signer: Signer; signedAt: string; ip: string; userAgent: string };
  contentSha256: string;
  trail: CertificateFacts['trail'];
  /** Set when a newer version replaced the document: the certificate says its signature is void. */
  replaced?: CertificateFacts['replaced'];
}

/**
 * The signed form's PDF: its content pages (the form, then the signature with the signer's name and time),
 * then a certificate page naming the SHA-256 of those content pages as a PDF of their own. No I/O; dates are
 * the signing time, so the same document always gives the same bytes.
 */
export async function renderSignedPdf(input: SignedPdfInput): Promise<Uint8Array> {
  const { form, signature } = input;
  const at = new Date(signature.signedAt);
  const content = await PDFDocument.create();
  content.setTitle(`${form.title} (signed)`);
  content.setCreator('Signed documents');
  content.setProducer('pdf-lib');
  content.setCreationDate(at);
  content.setModificationDate(at);
  const [regular, bold] = await standardFonts(content);
  const writer = pageWriter(content, regular, bold);
  for (const line of formLines(form)) writer.paragraph(line);
  writer.paragraph('# Signature');
  writer.image(await content.embedPng(signature.png), 220, 90);
  writer.paragraph(`Signed by ${signature.signer.name} on ${bothZones(signature.signedAt)}`);
  const contentBytes = await content.save();
  const contentPages = content.getPageCount();

  const whole = await PDFDocument.load(contentBytes, { updateMetadata: false });
  const [wRegular, wBold] = await standardFonts(whole);
  const certificate = pageWriter(whole, wRegular, wBold);
  const lines = certificateLines({
    documentId: input.documentId,
    title: form.title,
    signer: signature.signer,
    signedAt: signature.signedAt,
    ip: signature.ip,
    userAgent: signature.userAgent,
    contentSha256: input.contentSha256,
    pdfContentSha256: sha256Hex(Buffer.from(contentBytes)),
    contentPages,
    trail: input.trail,
    replaced: input.replaced,
  });
  for (const line of lines) certificate.paragraph(line);
  return whole.save();
}

type Deps = Pick<AppDeps, 'rm' | 'store'>;

/** Who an event's actor or a signer is, by their account as it reads now. */
async function peopleOf(deps: Deps, ids: number[]) {
  const found = new Map<number, Signer>();
  for (const id of new Set(ids)) {
    const user = await userById(deps, id);
    const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : `account #${id}`;
    found.set(id, { name, email: user?.email ?? '(unknown)', role: user?.role ?? '(unknown)' });
  }
  return found;
}

/** The newer version that replaced the document, and when, from its own stream. */
function replacedBy(events: StoredEvent<TDocumentEvent>[]) {
  const stored = events.find((e) => e.type === 'DocumentSuperseded');
  if (!stored) return undefined;
  const { data } = stored as unknown as Extract<TDocumentEvent, { type: 'DocumentSuperseded' }>;
  return { documentId: data.supersededBy, at: stored.metadata.occurredAt };
}

/**
 * The signed PDF of a document the person may see, built from its own stream (the write side's history):
 * someone else's or a missing one is 404, one not signed yet 409.
 */
export async function signedPdfFor(
  deps: Deps,
  files: ReturnType<typeof fileStore>,
  person: Person,
  id: number,
): Promise<{ title: string; bytes: Uint8Array }> {
  const events = (await deps.store.readStream(documentStream(id))) as StoredEvent<TDocumentEvent>[];
  const state = events.reduce(
    (s, e) => documentDecider.evolve(s, e as TDocumentEvent),
    documentDecider.initial,
  );
  if (state.lifecycle !== 'active' || !mayAccess(state, person)) throw notFound(DOCUMENT_NOT_FOUND);
  const signed = events.map((e) => e as TDocumentEvent).find((e) => e.type === 'DocumentSigned');
  if (!signed || !state.form) throw conflict(DOCUMENT_NOT_SIGNED, 'not_signed');
  const stored = await files.find('documents', signed.data.signatureFile);
  if (!stored) throw notFound('The signature picture of this document is missing.');

  const actors = events.map((e) => e.metadata.actorId).filter((a): a is number => a !== null);
  const people = await peopleOf(deps, [signed.data.signerId, ...actors]);
  const signer = people.get(signed.data.signerId)!;
  const bytes = await renderSignedPdf({
    documentId: id,
    form: state.form,
    signature: {
      png: await readFile(stored.path),
      signer: { ...signer, role: signed.data.signerRole },
      signedAt: signed.data.signedAt,
      ip: signed.data.ip,
      userAgent: signed.data.userAgent,
    },
    contentSha256: signed.data.contentSha256,
    replaced: replacedBy(events),
    trail: events.map((e) => {
      const who = e.metadata.actorId === null ? undefined : people.get(e.metadata.actorId);
      return {
        at: e.metadata.occurredAt,
        type: e.type,
        who: who ? `${who.name} <${who.email}> (${e.metadata.actorRole})` : e.metadata.actorRole,
      };
    }),
  });
  return { title: state.title, bytes };
}

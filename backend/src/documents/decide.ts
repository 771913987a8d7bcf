import { createHash } from 'node:crypto';
import {
  DOCUMENT_ALREADY_REVIEWED,
  DOCUMENT_ALREADY_SIGNED,
  DOCUMENT_ALREADY_SUPERSEDED,
  DOCUMENT_NOT_FOUND,
  DOCUMENT_SUPERSEDED,
  ONLY_FORMS_ARE_SIGNED,
  ONLY_UPLOADS_ARE_REVIEWED,
  type TDocumentType,
  VERSION_OTHER_PROJECT,
  type ZCreateFormDocumentBody,
} from '@app/contracts/api/documents';
import type { TDocumentEvent, TFormData } from '@app/contracts/events/documents';
import { answersProblem } from '@app/contracts/forms/answers';
import type { FormDefinition, TFormSection } from '@app/contracts/forms/definition';
import { templateById } from '@app/contracts/forms/templates';
import type { z } from 'zod';
import type { Person } from '../auth/person.ts';
import { conflict, forbidden, invalid, notFound } from '../platform/errors.ts';

export const documentStream = (id: number) => `document-${id}`;

export type CreateFormBody = z.output<typeof ZCreateFormDocumentBody>;

interface Form {
  title: string;
  description: string;
  templateType: string | null;
  formData: TFormData;
  /** The questions as they stood when the form was made (null: made without a template). */
  sections: TFormSection[] | null;
}

interface Facts {
  id: number;
  clientId: number | null;
  projectId: number | null;
  type: TDocumentType;
  title: string;
  form: Form | null;
  signed: boolean;
  /** The newer version that replaced it: it stays as it was, and can neither be signed nor replaced again. */
  supersededBy: number | null;
  /** A client's upload that staff have not reviewed yet. */
  awaitingReview: boolean;
}

export type DocumentState =
  | { lifecycle: 'none' }
  | ({ lifecycle: 'active' } & Facts)
  | { lifecycle: 'deleted'; id: number };

export type { Person };

export const documentDecider = {
  initial: { lifecycle: 'none' } as DocumentState,
  evolve(state: DocumentState, event: TDocumentEvent): DocumentState {
    switch (event.type) {
      case 'DocumentFormCreated': {
        const { documentId, clientId, projectId, title, description, templateType, formData, sections } =
          event.data;
        const form = { title, description, templateType, formData, sections };
        return {
          lifecycle: 'active',
          id: documentId,
          clientId,
          projectId,
          type: 'form',
          title,
          form,
          signed: false,
          supersededBy: null,
          awaitingReview: false,
        };
      }
      case 'DocumentFileUploaded': {
        const { documentId, clientId, projectId, title, uploadedBy } = event.data;
        const base = {
          id: documentId,
          clientId,
          projectId,
          title,
          form: null,
          signed: false,
          supersededBy: null,
          awaitingReview: uploadedBy === 'client',
        };
        return { lifecycle: 'active', ...base, type: 'upload' };
      }
      case 'DocumentSigned':
        return state.lifecycle === 'active' ? { ...state, signed: true } : state;
      case 'DocumentViewed':
        return state;
      case 'DocumentReviewed':
        return state.lifecycle === 'active' ? { ...state, awaitingReview: false } : state;
      case 'DocumentSuperseded':
        return state.lifecycle === 'active' ? { ...state, supersededBy: event.data.supersededBy } : state;
      case 'DocumentDeleted':
        return state.lifecycle === 'active' ? { lifecycle: 'deleted', id: state.id } : state;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
};

/** Sorted keys at every level, so the same form always gives the same bytes. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Exactly what a signature covers: the document's id and its form (title, description, template, answers,
 * and the questions when the form has them) as canonical JSON in UTF-8. Anyone holding the stored form can
 * recompute its SHA-256. Forms without questions (all made before they were kept) hash as they always did.
 */
export const signedContent = (documentId: number, form: Form): Buffer =>
  Buffer.from(
    canonicalJson({
      documentId,
      title: form.title,
      description: form.description,
      templateType: form.templateType,
      formData: form.formData,
      ...(form.sections ? { sections: form.sections } : {}),
    }),
    'utf8',
  );

export const sha256Hex = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function active(state: DocumentState) {
  if (state.lifecycle !== 'active') throw notFound(DOCUMENT_NOT_FOUND);
  return state;
}

/** An admin sees every document; a client only those of their own client record; others see none (404). */
export const mayAccess = (doc: { clientId: number | null }, actor: Person) =>
  actor.role === 'admin' || (actor.clientId !== null && doc.clientId === actor.clientId);

function visible(state: DocumentState, actor: Person) {
  const doc = active(state);
  if (!mayAccess(doc, actor)) throw notFound(DOCUMENT_NOT_FOUND);
  return doc;
}

/**
 * A form for a project's client (or unassigned, staff only). The project is looked up by the caller:
 * `project` undefined while `body.projectId` is set means it does not exist. `definition` is the form its
 * `templateType` names (a built-in template or a custom form), undefined when it names none: the answers
 * must fill its required fields. Staff make any form; a client makes only a required-document form
 * (Property Permission Form, Insurance Certificate, Service Agreement) for a project of their own.
 */
export function createFormDocument(
  state: DocumentState,
  command: {
    documentId: number;
    body: CreateFormBody;
    project: { id: number; clientId: number } | undefined;
    author: Person;
    definition: FormDefinition | undefined;
  },
): TDocumentEvent[] {
  if (state.lifecycle !== 'none') throw conflict('This document already exists.');
  const { body, project, author, definition } = command;
  if (author.role !== 'admin') {
    if (templateById(body.templateType)?.kind !== 'required') throw forbidden('Admin access required.');
    // Another client's project, or none, answers as a missing one.
    if (!project || author.clientId === null || project.clientId !== author.clientId)
      throw notFound('Project not found');
  }
  if (body.projectId != null && !project) {
    throw invalid(`Please select a project: project ${body.projectId} was not found.`, 'project_not_found');
  }
  if (body.templateType != null && !definition)
    throw invalid(`Unknown form template: ${body.templateType}`, 'unknown_template');
  const problem = definition && answersProblem(definition, body.formData);
  if (problem) throw invalid(problem, 'form_incomplete');
  return [
    {
      type: 'DocumentFormCreated',
      data: {
        documentId: command.documentId,
        clientId: project?.clientId ?? null,
        projectId: project?.id ?? null,
        title: body.title,
        description: body.description,
        templateType: body.templateType ?? null,
        formData: body.formData,
        sections: definition ? [...definition.sections] : null,
      },
    },
  ];
}

/** A file already stored by content; `project` as for forms. */
export function recordUpload(
  state: DocumentState,
  command: {
    documentId: number;
    projectId: number | null;
    project: { id: number; clientId: number } | undefined;
    title: string;
    description: string;
    file: { name: string; filename: string; mimeType: string; size: number; sha256: string };
    /** Who sent it: a client's upload waits for staff review. */
    uploadedBy: 'staff' | 'client';
  },
): TDocumentEvent[] {
  if (state.lifecycle !== 'none') throw conflict('This document already exists.');
  const { project, file } = command;
  if (command.projectId !== null && !project) {
    throw invalid(
      `Please select a project: project ${command.projectId} was not found.`,
      'project_not_found',
    );
  }
  return [
    {
      type: 'DocumentFileUploaded',
      data: {
        documentId: command.documentId,
        clientId: project?.clientId ?? null,
        projectId: project?.id ?? null,
        title: command.title,
        description: command.description,
        file: file.name,
        filename: file.filename,
        mimeType: file.mimeType,
        size: file.size,
        sha256: file.sha256,
        uploadedBy: command.uploadedBy,
      },
    },
  ];
}

/** Staff mark a client's upload as reviewed; one that waits for nothing is refused (409). */
export function reviewDocument(
  state: DocumentState,
  command: { actor: Person; at: string },
): TDocumentEvent[] {
  const doc = active(state);
  if (doc.type !== 'upload') throw invalid(ONLY_UPLOADS_ARE_REVIEWED, 'not_an_upload');
  if (!doc.awaitingReview) throw conflict(DOCUMENT_ALREADY_REVIEWED, 'already_reviewed');
  return [
    {
      type: 'DocumentReviewed',
      data: { documentId: doc.id, reviewerId: command.actor.userId, reviewedAt: command.at },
    },
  ];
}

/**
 * The document's client (or an admin) signs a pending form. The hash is of `signedContent`, the form as it
 * stands; once signed, a document never changes and a second signature is refused.
 */
export function signDocument(
  state: DocumentState,
  command: { actor: Person; at: string; ip: string; userAgent: string; signatureFile: string },
): TDocumentEvent[] {
  const doc = visible(state, command.actor);
  if (!doc.form) throw invalid(ONLY_FORMS_ARE_SIGNED, 'not_a_form');
  if (doc.signed) throw conflict(DOCUMENT_ALREADY_SIGNED, 'already_signed');
  if (doc.supersededBy !== null) throw conflict(DOCUMENT_SUPERSEDED, 'superseded');
  return [
    {
      type: 'DocumentSigned',
      data: {
        documentId: doc.id,
        signerId: command.actor.userId,
        signerRole: command.actor.role,
        signedAt: command.at,
        ip: command.ip,
        userAgent: command.userAgent,
        contentSha256: sha256Hex(signedContent(doc.id, doc.form)),
        signatureFile: command.signatureFile,
      },
    },
  ];
}

/**
 * Views are bookkeeping nobody edits, so they stay out of the document's own stream (where they would race
 * every edit): one stream per document, viewer and Alaska day, whose first open records the view.
 */
export const documentViewStream = (documentId: number, viewerId: number, day: string) =>
  `document-view-${documentId}-${viewerId}-${day}`;

/**
 * The document's own client opened it (its first open of the day goes in the trail); staff reads are not
 * views. Who may see the document was decided by the read that answered it.
 */
export function recordView(command: { documentId: number; actor: Person; at: string }): TDocumentEvent[] {
  if (command.actor.role === 'admin') return [];
  const { documentId, actor, at } = command;
  return [{ type: 'DocumentViewed', data: { documentId, viewerId: actor.userId, viewedAt: at } }];
}

export function deleteDocument(state: DocumentState): TDocumentEvent[] {
  const doc = active(state);
  return [
    { type: 'DocumentDeleted', data: { documentId: doc.id, clientId: doc.clientId, title: doc.title } },
  ];
}

/**
 * A new version (`newDocumentId`, made in the same change) replaces this document, signed or not: this one
 * is kept as it was (a signed document never changes), its signature no longer counts, and it cannot be
 * signed or replaced again. The new version is for the same project (so the same client).
 */
export function supersedeDocument(
  state: DocumentState,
  command: { newDocumentId: number; projectId: number | null },
): TDocumentEvent[] {
  const doc = active(state);
  if (doc.supersededBy !== null) throw conflict(DOCUMENT_ALREADY_SUPERSEDED, 'already_superseded');
  if (command.projectId !== doc.projectId) throw invalid(VERSION_OTHER_PROJECT, 'version_other_project');
  if (command.newDocumentId === doc.id) throw invalid('A document cannot replace itself.', 'replaces_itself');
  return [
    {
      type: 'DocumentSuperseded',
      data: { documentId: doc.id, supersededBy: command.newDocumentId, clientId: doc.clientId },
    },
  ];
}

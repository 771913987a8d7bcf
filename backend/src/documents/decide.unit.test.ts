import { ZCreateFormDocumentBody } from '@app/contracts/api/documents';
import type { TDocumentEvent } from '@app/contracts/events/documents';
import { templateById } from '@app/contracts/forms/templates';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors.ts';
import {
  createFormDocument,
  deleteDocument,
  documentDecider,
  documentStream,
  documentViewStream,
  type Person,
  recordUpload,
  recordView,
  reviewDocument,
  sha256Hex,
  signDocument,
  signedContent,
  supersedeDocument,
} from './decide.ts';

const formCreated: TDocumentEvent = {
  type: 'DocumentFormCreated',
  data: {
    documentId: 5,
    clientId: 3,
    projectId: 7,
    title: 'Security Camera Install Quote',
    description: '',
    templateType: 'security',
    formData: { cameraCount: 4, projectType: 'Residential', timeline: 'ASAP' },
    sections: null,
  },
};
const uploaded: TDocumentEvent = {
  type: 'DocumentFileUploaded',
  data: {
    documentId: 6,
    clientId: 3,
    projectId: 7,
    title: 'Site plan',
    description: '',
    file: `${'a'.repeat(64)}.pdf`,
    filename: 'plan.pdf',
    mimeType: 'application/pdf',
    size: 1234,
    sha256: 'a'.repeat(64),
    uploadedBy: 'client',
  },
};
const admin: Person = { userId: 1, role: 'admin', clientId: null };
const owner: Person = { userId: 20, role: 'user', clientId: 3 };
const stranger: Person = { userId: 21, role: 'user', clientId: 4 };
const noClient: Person = { userId: 22, role: 'user', clientId: null };
const at = '2026-11-24T08:00:00.000Z';
const signing = (actor: Person) => ({
  actor,
  at,
  ip: '203.0.113.9',
  userAgent: 'Tablet',
  signatureFile: 's.png',
});

const given = (events: TDocumentEvent[]) => events.reduce(documentDecider.evolve, documentDecider.initial);
const signed = (actor: Person): TDocumentEvent => signDocument(given([formCreated]), signing(actor))[0]!;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
};

const byAdmin = { author: admin, definition: undefined };

describe('creating a form', () => {
  const body = ZCreateFormDocumentBody.parse({ title: 'Starlink Installation Quote', projectId: 7 });

  it("records it for the project's client, pending, with the contract defaults", () => {
    const events = createFormDocument(given([]), {
      ...byAdmin,
      documentId: 9,
      body,
      project: { id: 7, clientId: 3 },
    });
    expect(events).toEqual([
      {
        type: 'DocumentFormCreated',
        data: {
          documentId: 9,
          clientId: 3,
          projectId: 7,
          title: 'Starlink Installation Quote',
          description: '',
          templateType: null,
          formData: {},
          sections: null,
        },
      },
    ]);
  });

  it('without a project is unassigned and belongs to no client', () => {
    const unassigned = ZCreateFormDocumentBody.parse({ title: 'Blank' });
    const [event] = createFormDocument(given([]), {
      ...byAdmin,
      documentId: 9,
      body: unassigned,
      project: undefined,
    });
    expect(event?.data).toMatchObject({ clientId: null, projectId: null });
  });

  it('for a project that does not exist is refused', () => {
    expect(
      refusal(() => createFormDocument(given([]), { ...byAdmin, documentId: 9, body, project: undefined })),
    ).toEqual({
      status: 400,
      message: 'Please select a project: project 7 was not found.',
    });
  });

  it('twice under the same id is refused', () => {
    const project = { id: 7, clientId: 3 };
    expect(
      refusal(() => createFormDocument(given([formCreated]), { ...byAdmin, documentId: 5, body, project }))
        .status,
    ).toBe(409);
  });
});

describe('creating a form from a template', () => {
  const project = { id: 7, clientId: 3 };
  const permission = templateById('property-permission')!;
  const answers = {
    ownerName: 'Mara Kodiak',
    propertyAddress: '1 Spruce Rd, Homer AK',
    ownerPhone: '907-555-0100',
    relationship: 'Owner',
    permittedWork: ['Mount cameras on exterior walls'],
    date: '2026-11-25',
  };
  const body = (templateType: string, formData: Record<string, unknown>) =>
    ZCreateFormDocumentBody.parse({
      title: 'Property Permission Form',
      projectId: 7,
      templateType,
      formData,
    });
  const create = (author: Person, b = body('property-permission', answers)) =>
    createFormDocument(given([]), { documentId: 9, body: b, project, author, definition: permission });

  it("lets the project's own client fill and create a required-document form", () => {
    expect(create(owner)[0]?.data).toMatchObject({
      clientId: 3,
      projectId: 7,
      templateType: 'property-permission',
      sections: permission.sections,
    });
  });

  it('refuses answers that leave a required field empty, whoever saves them', () => {
    const { ownerPhone: _, ...missing } = answers;
    for (const author of [admin, owner])
      expect(refusal(() => create(author, body('property-permission', missing)))).toEqual({
        status: 400,
        message: 'Please fill in the required fields: Owner Phone.',
      });
  });

  it("answers another client's project as missing, and keeps other forms for staff", () => {
    expect(refusal(() => create(stranger)).status).toBe(404);
    expect(refusal(() => create(noClient)).status).toBe(404);
    const quote = ZCreateFormDocumentBody.parse({ title: 'Quote', projectId: 7, templateType: 'security' });
    expect(
      refusal(() =>
        createFormDocument(given([]), {
          documentId: 9,
          body: quote,
          project,
          author: owner,
          definition: undefined,
        }),
      ).status,
    ).toBe(403);
  });

  it('refuses a template that names no form', () => {
    const unknown = ZCreateFormDocumentBody.parse({ title: 'X', projectId: 7, templateType: 'custom-404' });
    expect(
      refusal(() =>
        createFormDocument(given([]), {
          documentId: 9,
          body: unknown,
          project,
          author: admin,
          definition: undefined,
        }),
      ),
    ).toEqual({ status: 400, message: 'Unknown form template: custom-404' });
  });
});

describe('recording an upload', () => {
  it('keeps the stored name, hash and original file name', () => {
    const file = {
      name: `${'b'.repeat(64)}.pdf`,
      filename: 'a.pdf',
      mimeType: 'application/pdf',
      size: 3,
      sha256: 'b'.repeat(64),
    };
    const [event] = recordUpload(given([]), {
      documentId: 6,
      projectId: null,
      project: undefined,
      title: 'a.pdf',
      description: '',
      file,
      uploadedBy: 'staff',
    });
    expect(event).toEqual({
      type: 'DocumentFileUploaded',
      data: {
        documentId: 6,
        clientId: null,
        projectId: null,
        title: 'a.pdf',
        description: '',
        file: file.name,
        filename: 'a.pdf',
        mimeType: 'application/pdf',
        size: 3,
        sha256: file.sha256,
        uploadedBy: 'staff',
      },
    });
  });
});

describe('reviewing an upload', () => {
  const review = (events: TDocumentEvent[]) => reviewDocument(given(events), { actor: admin, at });

  it("marks a client's upload reviewed once", () => {
    const events = review([uploaded]);
    expect(events).toEqual([
      { type: 'DocumentReviewed', data: { documentId: 6, reviewerId: 1, reviewedAt: at } },
    ]);
    expect(refusal(() => review([uploaded, ...events]))).toEqual({
      status: 409,
      message: 'This document is not waiting for review.',
    });
  });

  it("refuses staff's own upload, a form and a deleted document", () => {
    const bystaff = { ...uploaded, data: { ...uploaded.data, uploadedBy: 'staff' } } as TDocumentEvent;
    expect(refusal(() => review([bystaff])).status).toBe(409);
    expect(refusal(() => review([formCreated]))).toEqual({
      status: 400,
      message: 'Only uploaded files are reviewed.',
    });
    const deleted: TDocumentEvent = {
      type: 'DocumentDeleted',
      data: { documentId: 6, clientId: 3, title: 'x' },
    };
    expect(refusal(() => review([uploaded, deleted])).status).toBe(404);
  });
});

describe('signing', () => {
  it("by the document's client records who, when, from where, and the SHA-256 of the form", () => {
    const event = signed(owner);
    const expectedHash = sha256Hex(
      Buffer.from(
        '{"description":"","documentId":5,"formData":{"cameraCount":4,"projectType":"Residential","timeline":"ASAP"},"templateType":"security","title":"Security Camera Install Quote"}',
      ),
    );
    expect(event).toEqual({
      type: 'DocumentSigned',
      data: {
        documentId: 5,
        signerId: 20,
        signerRole: 'user',
        signedAt: at,
        ip: '203.0.113.9',
        userAgent: 'Tablet',
        contentSha256: expectedHash,
        signatureFile: 's.png',
      },
    });
  });

  it('hashes the same form to the same bytes whatever the key order', () => {
    const form = {
      title: 't',
      description: '',
      templateType: null,
      formData: { b: 1, a: ['x'] },
      sections: null,
    };
    const reordered = { ...form, formData: { a: ['x'], b: 1 } };
    expect(signedContent(5, form).equals(signedContent(5, reordered))).toBe(true);
  });

  it('covers the questions of a form made from a template, and hashes a form without them as before', () => {
    const form = { title: 't', description: '', templateType: null, formData: { a: 1 }, sections: null };
    expect(signedContent(5, form).toString()).toBe(
      '{"description":"","documentId":5,"formData":{"a":1},"templateType":null,"title":"t"}',
    );
    const { sections } = templateById('security')!;
    const withQuestions = { ...form, templateType: 'security', sections: [...sections] };
    const relabelled = structuredClone(withQuestions);
    relabelled.sections[0]!.fields[0]!.label = 'Something else';
    expect(signedContent(5, withQuestions).toString()).toContain('"label":"Project Type"');
    expect(sha256Hex(signedContent(5, withQuestions))).not.toBe(sha256Hex(signedContent(5, relabelled)));
  });

  it('by an admin is allowed', () => {
    expect(signed(admin).data).toMatchObject({ signerId: 1, signerRole: 'admin' });
  });

  it('by another client, or an account without a client, answers as if there were no document', () => {
    for (const actor of [stranger, noClient]) {
      expect(refusal(() => signDocument(given([formCreated]), signing(actor)))).toEqual({
        status: 404,
        message: 'Document not found',
      });
    }
  });

  it('twice is refused: a signed document cannot change', () => {
    expect(refusal(() => signDocument(given([formCreated, signed(owner)]), signing(admin)))).toEqual({
      status: 409,
      message: 'This document has already been signed.',
    });
  });

  it('an uploaded file is refused: only forms are signed', () => {
    expect(refusal(() => signDocument(given([uploaded]), signing(owner))).status).toBe(400);
  });

  it('a deleted document is not found', () => {
    const deleted = deleteDocument(given([formCreated]));
    expect(refusal(() => signDocument(given([formCreated, ...deleted]), signing(owner))).status).toBe(404);
  });
});

describe('viewing', () => {
  it("by the document's client is recorded", () => {
    expect(recordView({ documentId: 5, actor: owner, at })).toEqual([
      { type: 'DocumentViewed', data: { documentId: 5, viewerId: 20, viewedAt: at } },
    ]);
  });

  it('by an admin records nothing', () => {
    expect(recordView({ documentId: 5, actor: admin, at })).toEqual([]);
  });

  it('is kept in a stream per document, viewer and day, apart from the document', () => {
    expect(documentViewStream(5, 20, '2026-11-26')).toBe('document-view-5-20-2026-11-26');
    expect(documentViewStream(5, 20, '2026-11-26')).not.toBe(documentStream(5));
  });
});

describe('deleting', () => {
  it('records the title and client, and a second delete is not found', () => {
    const events = deleteDocument(given([formCreated]));
    expect(events).toEqual([
      {
        type: 'DocumentDeleted',
        data: { documentId: 5, clientId: 3, title: 'Security Camera Install Quote' },
      },
    ]);
    expect(refusal(() => deleteDocument(given([formCreated, ...events]))).status).toBe(404);
  });
});

describe('a new version', () => {
  const superseded = (by = 11): TDocumentEvent => ({
    type: 'DocumentSuperseded',
    data: { documentId: 5, supersededBy: by, clientId: 3 },
  });

  it('of a signed form marks it superseded by the new document, its client named', () => {
    const events = supersedeDocument(given([formCreated, signed(owner)]), {
      newDocumentId: 11,
      projectId: 7,
    });
    expect(events).toEqual([superseded(11)]);
  });

  it('of a pending form is allowed too', () => {
    expect(supersedeDocument(given([formCreated]), { newDocumentId: 11, projectId: 7 })).toEqual([
      superseded(11),
    ]);
  });

  it('a superseded document cannot be signed, and says to sign the new version', () => {
    expect(refusal(() => signDocument(given([formCreated, superseded()]), signing(owner)))).toEqual({
      status: 409,
      message: 'This document has been replaced by a newer version. Please sign the new version instead.',
    });
  });

  it('cannot be made twice of the same document', () => {
    expect(
      refusal(() =>
        supersedeDocument(given([formCreated, superseded()]), { newDocumentId: 12, projectId: 7 }),
      ),
    ).toEqual({ status: 409, message: 'This document has already been replaced by a newer version.' });
  });

  it('must be for the same project', () => {
    for (const projectId of [8, null]) {
      expect(
        refusal(() => supersedeDocument(given([formCreated]), { newDocumentId: 11, projectId })),
      ).toEqual({
        status: 400,
        message: 'A new version must be for the same project as the document it replaces.',
      });
    }
  });

  it('of a missing or deleted document is not found', () => {
    expect(refusal(() => supersedeDocument(given([]), { newDocumentId: 11, projectId: 7 })).status).toBe(404);
    const deleted = deleteDocument(given([formCreated]));
    expect(
      refusal(() => supersedeDocument(given([formCreated, ...deleted]), { newDocumentId: 11, projectId: 7 }))
        .status,
    ).toBe(404);
  });

  it('the old document can still be deleted', () => {
    const state = given([formCreated, signed(owner), superseded()]);
    expect(deleteDocument(state)).toHaveLength(1);
  });
});

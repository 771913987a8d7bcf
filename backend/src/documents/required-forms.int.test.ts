import type { TDocument } from '@app/contracts/api/documents';
import { templateById } from '@app/contracts/forms/templates';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount, SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';

/** What a client fills in the Property Permission Form (contracts/src/forms/templates.ts). */
const permission = {
  ownerName: 'Mara Kodiak',
  propertyAddress: '12 Spruce Road, Homer, AK',
  ownerPhone: '907-555-0142',
  relationship: 'Owner',
  permittedWork: ['Mount cameras on exterior walls', 'Run cabling through walls and attic'],
  date: '2026-11-25',
};
const permissionForm = (projectId: number, formData: Record<string, unknown> = permission) => ({
  title: 'Property Permission Form',
  projectId,
  type: 'form',
  status: 'pending',
  templateType: 'property-permission',
  formData,
});

describe('required-document forms and required fields', () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; projectId: number };
  let theirs: { token: string; clientId: number; projectId: number };

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Mara Kodiak', email: 'mara@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Ike Tanana', email: 'ike@example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a client fills the Property Permission Form for their own project and signs it', async () => {
    const made = await t.call('POST', '/api/documents', permissionForm(mine.projectId), mine.token);
    expect(made.status).toBe(201);
    const doc = made.body as TDocument;
    expect(doc).toMatchObject({
      clientId: mine.clientId,
      projectId: mine.projectId,
      templateType: 'property-permission',
      status: 'pending',
      formData: permission,
    });
    // The answer for one document carries the questions as they stood (the list does not).
    const opened = await t.call('GET', `/api/documents/${doc.id}`, undefined, mine.token);
    expect(opened.body.sections).toEqual(templateById('property-permission')!.sections);
    const listed = (await t.call('GET', '/api/documents', undefined, mine.token)).body as TDocument[];
    expect(listed.find((d) => d.id === doc.id)?.sections).toBeUndefined();
    const signed = await t.call(
      'PATCH',
      `/api/documents/${doc.id}/sign`,
      { signatureData: SIGNATURE_DATA_URL },
      mine.token,
    );
    expect(signed.status).toBe(200);
    expect((signed.body as TDocument).status).toBe('completed');
    // The signed PDF asks the form's own questions, by label, with the answers given.
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${doc.id}/signed-pdf`,
      headers: { authorization: `Bearer ${mine.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Owner Phone');
    expect(text).toContain('907-555-0142');
    expect(text).toContain('Owner Email');
    expect(text).toContain('(no answer)');
  });

  it('a form that leaves a required field empty is refused, for clients and staff alike, and records nothing', async () => {
    const { ownerPhone: _, ...missing } = permission;
    const before = await eventCount(t);
    for (const token of [mine.token, t.adminToken]) {
      const res = await t.call('POST', '/api/documents', permissionForm(mine.projectId, missing), token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Please fill in the required fields: Owner Phone.');
    }
    const quote = await t.call(
      'POST',
      '/api/documents',
      {
        title: 'Quote',
        projectId: mine.projectId,
        templateType: 'security',
        formData: { cameraCount: 'many' },
      },
      t.adminToken,
    );
    expect(quote.status).toBe(400);
    expect(quote.body.message).toMatch(/^Please fill in the required fields: Project Type, /);
    const unknown = await t.call(
      'POST',
      '/api/documents',
      { title: 'X', projectId: mine.projectId, templateType: 'custom-999' },
      t.adminToken,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown form template: custom-999');
    expect(await eventCount(t)).toBe(before);
  });

  it("an admin lists one client's documents (for the portal view); nobody else may", async () => {
    const made = await t.call('POST', '/api/documents', permissionForm(theirs.projectId), theirs.token);
    expect(made.status).toBe(201);
    const list = await t.call('GET', `/api/documents/client/${theirs.clientId}`, undefined, t.adminToken);
    expect(list.status).toBe(200);
    expect((list.body as TDocument[]).map((d) => d.id)).toEqual([made.body.id]);
    const mineListed = await t.call('GET', `/api/documents/client/${mine.clientId}`, undefined, t.adminToken);
    expect((mineListed.body as TDocument[]).every((d) => d.clientId === mine.clientId)).toBe(true);
    expect(mineListed.body.length).toBeGreaterThan(0);
    expect(
      (await t.call('GET', `/api/documents/client/${mine.clientId}`, undefined, mine.token)).status,
    ).toBe(403);
    const none = await t.call('GET', '/api/documents/client/999999', undefined, t.adminToken);
    expect(none.body).toEqual([]);
  });

  it("a client cannot make a form for another's project, a quote, an unassigned form or a new version", async () => {
    const before = await eventCount(t);
    const other = await t.call('POST', '/api/documents', permissionForm(theirs.projectId), mine.token);
    expect(other.status).toBe(404);
    const unassigned = await t.call(
      'POST',
      '/api/documents',
      { ...permissionForm(mine.projectId), projectId: null },
      mine.token,
    );
    expect(unassigned.status).toBe(404);
    const quote = await t.call(
      'POST',
      '/api/documents',
      {
        title: 'Security Camera Install Quote',
        projectId: mine.projectId,
        templateType: 'security',
        formData: {
          projectType: 'Residential',
          cameraCount: 4,
          propertySize: 'Over 5,000 sq ft',
          budget: 'Under $1,000',
          timeline: 'ASAP',
        },
      },
      mine.token,
    );
    expect(quote.status).toBe(403);
    const plain = await t.call(
      'POST',
      '/api/documents',
      { title: 'Anything', projectId: mine.projectId },
      mine.token,
    );
    expect(plain.status).toBe(403);
    expect(await eventCount(t)).toBe(before);
  });
});

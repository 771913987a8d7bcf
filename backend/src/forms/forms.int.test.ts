import { randomUUID } from 'node:crypto';
import { customTemplateType } from '@app/contracts/api/forms';
import { FORM_SECTION_REQUIRED, FORM_TITLE_REQUIRED } from '@app/contracts/forms/definition';
import { SECURITY_TEMPLATE } from '@app/contracts/forms/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventually } from '../../test/eventually.ts';
import { formDefinitionFor } from './definitions.ts';

const inspection = {
  title: 'Site Inspection',
  description: 'Walk-through before an install',
  sections: [
    {
      id: 'site',
      title: 'Site',
      fields: [
        { id: 'address', type: 'textarea', label: 'Address', required: true },
        { id: 'visitDate', type: 'date', label: 'Visit date' },
        { id: 'hazards', type: 'multiselect', label: 'Hazards', options: ['Height', 'Power lines', 'Dogs'] },
      ],
    },
  ],
};

describe('custom forms, shared by every admin', () => {
  let t: TestApp;
  let otherAdmin: string;
  let user: string;
  beforeAll(async () => {
    t = await startTestApp();
    const created = await t.call(
      'POST',
      '/api/users/create-admin',
      { email: 'forms.admin@example.com', firstName: 'Fran', lastName: 'Forms' },
      t.adminToken,
    );
    otherAdmin = await t.activate('forms.admin@example.com', created.body.temporaryPassword);
    const account = await t.createUser({ email: 'forms.user@example.com' });
    user = await t.activate(account.email, account.temporaryPassword);
  });
  afterAll(async () => t?.close());

  const events = async (stream: string) => (await t.deps.store.readStream(stream)).map((e) => e.type);

  it('saves a form one admin built, lists it for another, changes and removes it', async () => {
    const saved = await t.call('POST', '/api/forms', inspection, t.adminToken);
    expect(saved.status).toBe(201);
    const id = saved.body.id as number;
    expect(saved.body).toMatchObject({
      title: 'Site Inspection',
      description: 'Walk-through before an install',
      isCustom: true,
      type: 'custom',
      originalDocument: null,
    });
    // Defaults filled in by the contract: stored whole, as the builder will read it back.
    expect(saved.body.sections[0]).toMatchObject({ id: 'site', title: 'Site', collapsed: false });
    expect(saved.body.sections[0].fields[1]).toEqual({
      id: 'visitDate',
      type: 'date',
      label: 'Visit date',
      placeholder: '',
      required: false,
      options: [],
    });

    const listed = await t.call('GET', '/api/forms', undefined, otherAdmin);
    expect(listed.status).toBe(200);
    expect(listed.body.map((f: { id: number }) => f.id)).toEqual([id]);

    const changed = await t.call(
      'PUT',
      `/api/forms/${id}`,
      { ...inspection, title: 'Site Inspection v2' },
      otherAdmin,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, title: 'Site Inspection v2' });
    expect(changed.body.createdAt).toBe(saved.body.createdAt);
    // Saving it unchanged records nothing.
    const again = await t.call(
      'PUT',
      `/api/forms/${id}`,
      { ...inspection, title: 'Site Inspection v2' },
      otherAdmin,
    );
    expect(again.status).toBe(200);
    expect(await events(`form-${id}`)).toEqual(['CustomFormSaved', 'CustomFormSaved']);

    // A document made from it is checked against it (the documents route asks formDefinitionFor).
    const definition = await formDefinitionFor(t.deps, customTemplateType(id));
    expect(definition?.title).toBe('Site Inspection v2');
    expect(definition?.sections[0]?.fields.map((f) => f.id)).toEqual(['address', 'visitDate', 'hazards']);

    const removed = await t.call('DELETE', `/api/forms/${id}`, undefined, t.adminToken);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await t.call('GET', '/api/forms', undefined, t.adminToken)).body).toEqual([]);
    expect(await formDefinitionFor(t.deps, customTemplateType(id))).toBeUndefined();
    // Gone is gone: neither changed nor removed again.
    expect((await t.call('PUT', `/api/forms/${id}`, inspection, t.adminToken)).status).toBe(404);
    expect((await t.call('DELETE', `/api/forms/${id}`, undefined, t.adminToken)).body).toMatchObject({
      message: 'Form not found',
    });
    expect(await events(`form-${id}`)).toEqual(['CustomFormSaved', 'CustomFormSaved', 'CustomFormRemoved']);
  });

  it('keeps a converted form with the name of the document it came from', async () => {
    const saved = await t.call(
      'POST',
      '/api/forms',
      { ...inspection, title: 'Work Order', type: 'converted', originalDocument: 'work-order.pdf' },
      t.adminToken,
    );
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ type: 'converted', originalDocument: 'work-order.pdf' });
    await t.call('DELETE', `/api/forms/${saved.body.id}`, undefined, t.adminToken);
  });

  it('finds built-in templates and nothing for unknown names', async () => {
    expect(await formDefinitionFor(t.deps, 'security')).toBe(SECURITY_TEMPLATE);
    expect(await formDefinitionFor(t.deps, 'custom-999999')).toBeUndefined();
    expect(await formDefinitionFor(t.deps, 'no-such-template')).toBeUndefined();
    expect(await formDefinitionFor(t.deps, null)).toBeUndefined();
  });

  it('makes one form for a retried save with the same Idempotency-Key', async () => {
    const key = randomUUID();
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/forms',
        payload: { ...inspection, title: 'Retried' },
        headers: { 'idempotency-key': key, authorization: `Bearer ${t.adminToken}` },
      });
    const [a, b] = [await post(), await post()];
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    const titles = (await t.call('GET', '/api/forms', undefined, t.adminToken)).body.map(
      (f: { title: string }) => f.title,
    );
    expect(titles.filter((x: string) => x === 'Retried')).toHaveLength(1);
    await t.call('DELETE', `/api/forms/${a.json().id}`, undefined, t.adminToken);
  });

  it('answers 202 with the id while the read models are behind, and the form shows once they are back', async () => {
    await t.pauseProjections();
    let id: number;
    try {
      const accepted = await t.call('POST', '/api/forms', { ...inspection, title: 'Late' }, t.adminToken);
      expect(accepted.status).toBe(202);
      expect(accepted.body).toMatchObject({ accepted: true, id: expect.any(Number) });
      id = accepted.body.id;
    } finally {
      t.resumeProjections();
    }
    await eventually('the form shows', async () => {
      const res = await t.call('GET', '/api/forms', undefined, t.adminToken);
      return res.body.some((f: { id: number }) => f.id === id) ? res.body : null;
    });
    await t.call('DELETE', `/api/forms/${id!}`, undefined, t.adminToken);
  });

  it.each([
    [{ ...inspection, title: '' }, `title: ${FORM_TITLE_REQUIRED}`],
    [{ ...inspection, title: '   ' }, `title: ${FORM_TITLE_REQUIRED}`],
    [{ ...inspection, sections: [] }, `sections: ${FORM_SECTION_REQUIRED}`],
    [{ title: 'No sections' }, 'sections'],
    [{ ...inspection, type: 'other' }, 'type'],
    [
      {
        ...inspection,
        sections: [
          { id: 'a', fields: [{ id: 'x', type: 'text', label: 'X' }] },
          { id: 'b', fields: [{ id: 'x', type: 'text', label: 'Y' }] },
        ],
      },
      'Each field of a form needs its own id.',
    ],
    [
      { ...inspection, sections: [{ id: 'a', fields: [{ id: 'x', type: 'signature', label: 'X' }] }] },
      'type',
    ],
  ])('refuses a form that cannot be saved (%#), storing nothing', async (body, message) => {
    const before = (await t.call('GET', '/api/forms', undefined, t.adminToken)).body.length;
    const res = await t.call('POST', '/api/forms', body, t.adminToken);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await t.call('GET', '/api/forms', undefined, t.adminToken)).body).toHaveLength(before);
  });

  it('is for admins only', async () => {
    expect((await t.call('GET', '/api/forms', undefined, user)).status).toBe(403);
    expect((await t.call('POST', '/api/forms', inspection, user)).status).toBe(403);
    expect((await t.call('GET', '/api/forms')).status).toBe(401);
  });
});

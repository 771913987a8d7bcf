import type { TCustomForm } from '@app/contracts/api/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { appendBetweenReadAndWrite, callWith, streamTypes } from '../../test/versions.ts';

const form = (title: string) => ({
  title,
  description: 'Before an install',
  sections: [{ id: 'site', title: 'Site', fields: [{ id: 'address', type: 'textarea', label: 'Address' }] }],
});

describe('custom form versions: If-Match and the stale copy', () => {
  let t: TestApp;
  let n = 0;
  const create = async () => {
    n++;
    const res = await t.call('POST', '/api/forms', form(`Inspection ${n}`), t.adminToken);
    expect(res.status).toBe(201);
    return res.body as TCustomForm;
  };
  const listed = async (id: number) =>
    ((await t.call('GET', '/api/forms', undefined, t.adminToken)).body as TCustomForm[]).find(
      (f) => f.id === id,
    )!;
  const put = (id: number, body: unknown, ifMatch?: string) =>
    callWith(t, 'PUT', `/api/forms/${id}`, body, ifMatch === undefined ? {} : { 'if-match': ifMatch });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('the list rows the builder opens from carry the version; the same version saves and moves it', async () => {
    const made = await create();
    expect(made.version).toBe(1);
    const seen = await listed(made.id);
    expect(seen.version).toBe(1);
    const res = await put(made.id, { ...form(seen.title), description: 'Changed' }, `"${seen.version}"`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'Changed', version: 2 });
  });

  it('a stale copy is refused with 409 naming what changed, and changes nothing', async () => {
    const seen = await listed((await create()).id);
    expect((await put(seen.id, { ...form(seen.title), description: 'Theirs' })).status).toBe(200);
    const before = await streamTypes(t, `form-${seen.id}`);
    const res = await put(seen.id, form('Mine'), `"${seen.version}"`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['description'], version: 2 });
    expect(await streamTypes(t, `form-${seen.id}`)).toEqual(before);
    expect(await listed(seen.id)).toMatchObject({ title: seen.title, description: 'Theirs' });
  });

  it('a change landing between the read and the write refuses a stale copy too', async () => {
    const seen = await listed((await create()).id);
    const race = appendBetweenReadAndWrite(t, `form-${seen.id}`, () =>
      put(seen.id, { ...form(seen.title), title: 'Theirs' }),
    );
    const res = await put(seen.id, { ...form(seen.title), description: 'Mine' }, `"${seen.version}"`);
    race.restore();
    expect(race.happened).toBe(true);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['title'] });
  });

  it('a malformed If-Match is a 400 and changes nothing; without one the last writer wins', async () => {
    const seen = await listed((await create()).id);
    expect((await put(seen.id, form('Never'), '1.5')).status).toBe(400);
    expect(await streamTypes(t, `form-${seen.id}`)).toEqual(['CustomFormSaved']);
    await put(seen.id, { ...form(seen.title), description: 'Theirs' });
    const res = await put(seen.id, form('Mine'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Mine', description: 'Before an install' });
  });
});

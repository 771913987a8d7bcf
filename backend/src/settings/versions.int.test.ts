import { DEFAULT_SETTINGS, type TSettingsRead } from '@app/contracts/api/settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { imageUpload } from '../../test/cast.ts';
import { callWith, streamTypes } from '../../test/versions.ts';

const company = {
  name: 'Northern Guard',
  email: 'office@example.com',
  phone: '907-555-0199',
  address: 'Wasilla, AK',
  logo: null as string | null,
};

describe('settings versions: ETag, If-Match and the stale copy', () => {
  let t: TestApp;
  const read = async () => {
    const res = await t.call('GET', '/api/settings', undefined, t.adminToken);
    expect(res.status).toBe(200);
    return { settings: res.body as TSettingsRead, etag: res.headers.etag };
  };
  const put = (body: unknown, ifMatch?: string) =>
    callWith(t, 'PUT', '/api/settings', body, ifMatch === undefined ? {} : { 'if-match': ifMatch });
  const events = () => streamTypes(t, 'settings-1');

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('before any save the version is 0; a save at the version read moves it, one version for all sections', async () => {
    const { settings, etag } = await read();
    expect({ version: settings.version, etag }).toEqual({ version: 0, etag: '"0"' });
    const res = await put({ section: 'company', data: company }, etag);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ company, version: 1 });
    expect(res.headers.etag).toBe('"1"');
    expect((await read()).etag).toBe('"1"');
  });

  it('a stale pricing copy is refused with 409 naming the prices changed since, and changes nothing', async () => {
    const { settings: seen } = await read();
    const theirs = { ...seen.pricing, laborHourlyRate: 95, wireCostPerFoot: 4.25 };
    expect((await put({ section: 'pricing', data: theirs })).status).toBe(200);
    const before = await events();
    const mine = { ...seen.pricing, wiredCameraPrice: 175 };
    const res = await put({ section: 'pricing', data: mine }, `"${seen.version}"`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'stale_version',
      changed: ['wireCostPerFoot', 'laborHourlyRate'],
      version: seen.version + 1,
    });
    expect(await events()).toEqual(before);
    expect((await read()).settings.pricing).toEqual(theirs);
  });

  it('a save of one section is no conflict for a copy of another section read before it', async () => {
    const { settings: seen } = await read();
    expect((await put({ section: 'pricing', data: { ...seen.pricing, laborHourlyRate: 120 } })).status).toBe(
      200,
    );
    const res = await put(
      { section: 'admin', data: { name: 'Ann', email: 'ann@example.com' } },
      `"${seen.version}"`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ admin: { name: 'Ann' }, pricing: { laborHourlyRate: 120 } });
  });

  it("the site's contact details saved meanwhile make a company copy stale (they are one set)", async () => {
    const { settings: seen } = await read();
    const contact = {
      email: 'hello@example.com',
      phone: seen.company.phone,
      website: '',
      address: seen.company.address,
    };
    expect((await t.call('POST', '/api/content/contact', contact, t.adminToken)).status).toBe(200);
    const res = await put(
      { section: 'company', data: { ...seen.company, name: 'Mine' } },
      `"${seen.version}"`,
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['email'] });
  });

  it('a logo uploaded meanwhile is no conflict when the save sends it back, and a conflict when it would undo it', async () => {
    const { settings: seen } = await read();
    const upload = await imageUpload(t.adminToken);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/settings/logo', ...upload });
    expect(uploaded.statusCode).toBe(200);
    const logo = uploaded.json().logo as string;
    const undo = await put(
      { section: 'company', data: { ...seen.company, name: 'Undo' } },
      `"${seen.version}"`,
    );
    expect(undo.status).toBe(409);
    expect(undo.body.changed).toEqual(['logo']);
    const res = await put(
      { section: 'company', data: { ...seen.company, name: 'Kept', logo } },
      `"${seen.version}"`,
    );
    expect(res.status).toBe(200);
    expect(res.body.company).toMatchObject({ name: 'Kept', logo });
  });

  it('a malformed If-Match is a 400 and changes nothing; without one the last writer wins', async () => {
    const before = await events();
    const bad = await put({ section: 'admin', data: { name: 'Never', email: '' } }, '"x"');
    expect(bad.status).toBe(400);
    expect(await events()).toEqual(before);
    const res = await put({ section: 'pricing', data: DEFAULT_SETTINGS.pricing });
    expect(res.status).toBe(200);
    expect(res.body.pricing).toEqual(DEFAULT_SETTINGS.pricing);
  });
});

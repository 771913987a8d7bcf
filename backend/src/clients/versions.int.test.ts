import type { TClient } from '@app/contracts/api/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { appendBetweenReadAndWrite, callWith, streamTypes } from '../../test/versions.ts';

const form = (c: TClient, change: Partial<TClient> = {}) => ({
  name: c.name,
  email: c.email,
  phone: c.phone,
  address: c.address,
  ...change,
});

describe('client versions: ETag, If-Match and the stale copy', () => {
  let t: TestApp;
  let n = 0;

  const newClient = async () => {
    n++;
    const res = await t.call(
      'POST',
      '/api/clients',
      { name: `Client ${n}`, email: `client-${n}@example.com`, phone: '907', portalAccess: false },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    return res.body.client as TClient;
  };
  const read = async (id: number) => {
    const res = await t.call('GET', `/api/clients/${id}`, undefined, t.adminToken);
    expect(res.status).toBe(200);
    return { client: res.body as TClient, etag: res.headers.etag };
  };
  const put = (c: TClient, body: unknown, ifMatch?: string) =>
    callWith(t, 'PUT', `/api/clients/${c.id}`, body, ifMatch === undefined ? {} : { 'if-match': ifMatch });

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('reads carry the version as ETag and field, and the list rows too', async () => {
    const made = await newClient();
    expect(made.version).toBe(1);
    const { client, etag } = await read(made.id);
    expect({ version: client.version, etag }).toEqual({ version: 1, etag: '"1"' });
    const list = (await t.call('GET', '/api/clients', undefined, t.adminToken)).body as TClient[];
    expect(list.find((c) => c.id === made.id)?.version).toBe(1);
  });

  it('the same version saves, and the version moves', async () => {
    const { client, etag } = await read((await newClient()).id);
    const res = await put(client, form(client, { address: 'Nome' }), etag);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ address: 'Nome', version: 2 });
    expect((await read(client.id)).etag).toBe('"2"');
  });

  it('a stale copy is refused with 409 naming what changed, and changes nothing (not the e-mail claim either)', async () => {
    const { client: seen } = await read((await newClient()).id);
    expect((await put(seen, form(seen, { phone: '907-555-0199' }))).status).toBe(200);
    const before = await streamTypes(t, `client-${seen.id}`);
    const claimBefore = await streamTypes(t, 'unique-client-email-moved@example.com');
    const res = await put(seen, form(seen, { email: 'moved@example.com' }), `"${seen.version}"`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['phone'], version: 2 });
    expect(await streamTypes(t, `client-${seen.id}`)).toEqual(before);
    expect(await streamTypes(t, 'unique-client-email-moved@example.com')).toEqual(claimBefore);
    expect((await read(seen.id)).client).toMatchObject({ email: seen.email, phone: '907-555-0199' });
  });

  it('a change landing between the read and the write refuses a stale copy too', async () => {
    const { client: seen } = await read((await newClient()).id);
    const race = appendBetweenReadAndWrite(t, `client-${seen.id}`, () =>
      t.call('PUT', `/api/clients/${seen.id}`, form(seen, { name: 'Theirs' }), t.adminToken),
    );
    const res = await put(seen, form(seen, { address: 'Mine' }), `"${seen.version}"`);
    race.restore();
    expect(race.happened).toBe(true);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['name'] });
    expect((await read(seen.id)).client).toMatchObject({ name: 'Theirs', address: null });
  });

  it('a malformed If-Match is a 400 and changes nothing', async () => {
    const { client } = await read((await newClient()).id);
    const res = await put(client, form(client, { address: 'Never' }), 'W/"1"');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('validation_error');
    expect(await streamTypes(t, `client-${client.id}`)).toEqual(['ClientRegistered']);
  });

  it('without If-Match the last writer wins, as before', async () => {
    const { client: seen } = await read((await newClient()).id);
    await put(seen, form(seen, { phone: 'Theirs' }));
    const res = await put(seen, form(seen, { address: 'Mine' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: seen.phone, address: 'Mine' });
  });
});

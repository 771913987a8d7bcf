import type { TEstimate } from '@app/contracts/api/estimates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { appendBetweenReadAndWrite, callWith, streamTypes } from '../../test/versions.ts';

describe('estimate versions: ETag, If-Match and the stale copy', () => {
  let t: TestApp;
  let clientId: number;

  const create = async () => {
    const res = await t.call(
      'POST',
      '/api/estimates',
      {
        title: 'Cabin cameras',
        clientId,
        cameraType: 'wired',
        cameraCount: 4,
        wireLength: 100,
        propertyType: 'house',
        location: 'Anchorage',
      },
      t.adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as TEstimate;
  };
  const read = async (id: number) => {
    const res = await t.call('GET', `/api/estimates/${id}`, undefined, t.adminToken);
    expect(res.status).toBe(200);
    return { estimate: res.body as TEstimate, etag: res.headers.etag };
  };
  const patch = (id: number, body: unknown, ifMatch?: string) =>
    callWith(t, 'PATCH', `/api/estimates/${id}`, body, ifMatch === undefined ? {} : { 'if-match': ifMatch });

  beforeAll(async () => {
    t = await startTestApp();
    // A portal sign-in, so a quote can be sent to the client.
    const res = await t.call(
      'POST',
      '/api/clients',
      { name: 'Quote Versions', email: 'quote-versions@example.com', portalAccess: true },
      t.adminToken,
    );
    clientId = res.body.client.id;
  });
  afterAll(async () => t?.close());

  it('reads carry the version as ETag and field, and the list rows too', async () => {
    const made = await create();
    expect(made.version).toBe(1);
    expect((await read(made.id)).etag).toBe('"1"');
    const list = (await t.call('GET', '/api/estimates', undefined, t.adminToken)).body as TEstimate[];
    expect(list.find((e) => e.id === made.id)?.version).toBe(1);
  });

  it('the same version saves, and the version moves', async () => {
    const { estimate, etag } = await read((await create()).id);
    const res = await patch(estimate.id, { title: 'Lodge cameras' }, etag);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Lodge cameras', version: 2 });
  });

  it('a stale copy naming a field changed since is refused with 409 and changes nothing', async () => {
    const { estimate: seen } = await read((await create()).id);
    expect((await patch(seen.id, { cameraCount: 6, laborHours: 5 })).status).toBe(200);
    const before = await streamTypes(t, `estimate-${seen.id}`);
    const res = await patch(seen.id, { cameraCount: 8, laborHours: 7, title: 'Mine' }, `"${seen.version}"`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 'stale_version',
      changed: ['cameraCount', 'laborHours'],
      version: 2,
    });
    expect(await streamTypes(t, `estimate-${seen.id}`)).toEqual(before);
    expect((await read(seen.id)).estimate).toMatchObject({ title: seen.title, cameraCount: 6 });
  });

  it('a stale copy whose fields nobody changed saves: sent meanwhile, or another field edited', async () => {
    const { estimate: seen } = await read((await create()).id);
    expect((await t.call('POST', `/api/estimates/${seen.id}/send`, undefined, t.adminToken)).status).toBe(
      200,
    );
    expect((await patch(seen.id, { location: 'Homer' })).status).toBe(200);
    const res = await patch(seen.id, { title: 'Mine' }, `"${seen.version}"`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Mine', location: 'Homer', version: 4 });
  });

  it('a change landing between the read and the write refuses a stale copy too', async () => {
    const { estimate: seen } = await read((await create()).id);
    const race = appendBetweenReadAndWrite(t, `estimate-${seen.id}`, () =>
      patch(seen.id, { totalCost: 999 }),
    );
    const res = await patch(seen.id, { totalCost: 1500 }, `"${seen.version}"`);
    race.restore();
    expect(race.happened).toBe(true);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['totalCost'] });
    expect((await read(seen.id)).estimate.totalCost).toBe(999);
  });

  it('a malformed If-Match is a 400 and changes nothing; without one the last writer wins', async () => {
    const { estimate: seen } = await read((await create()).id);
    const bad = await patch(seen.id, { title: 'Never' }, '"1", "2"');
    expect(bad.status).toBe(400);
    expect(await streamTypes(t, `estimate-${seen.id}`)).toEqual(['EstimateCreated']);
    await patch(seen.id, { cameraCount: 6 });
    const res = await patch(seen.id, { cameraCount: 2 });
    expect(res.status).toBe(200);
    expect(res.body.cameraCount).toBe(2);
  });
});

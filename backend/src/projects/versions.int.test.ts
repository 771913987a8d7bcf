import type { TProject } from '@app/contracts/api/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { imageUpload } from '../../test/cast.ts';
import { appendBetweenReadAndWrite, callWith, streamTypes } from '../../test/versions.ts';

/** The project dialog's whole form (PUT), as a screen that read `p` sends it with a title of its own. */
const dialogForm = (p: TProject, change: Partial<Record<string, unknown>> = {}) => ({
  title: p.title,
  description: p.description,
  type: p.type,
  status: p.status,
  jobStartDate: p.jobStartDate,
  jobEndDate: p.jobEndDate,
  progress: p.progress,
  notes: p.notes,
  photos: p.photos.map((photo) => photo.url),
  ...change,
});

describe('project versions: ETag, If-Match and the stale copy', () => {
  let t: TestApp;
  let clientId: number;
  let n = 0;

  const newProject = async () => {
    n++;
    const res = await t.call(
      'POST',
      '/api/projects',
      { clientId, title: `Job ${n}`, type: 'starlink', jobStartDate: '2099-05-01', jobEndDate: '2099-05-03' },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    return res.body as TProject;
  };
  const read = async (id: number) => {
    const res = await t.call('GET', `/api/projects/${id}`, undefined, t.adminToken);
    expect(res.status).toBe(200);
    return { project: res.body as TProject, etag: res.headers.etag };
  };
  const put = (p: TProject, body: unknown, ifMatch?: string) =>
    callWith(t, 'PUT', `/api/projects/${p.id}`, body, ifMatch === undefined ? {} : { 'if-match': ifMatch });

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.call(
      'POST',
      '/api/clients',
      { name: 'Versions Lodge', email: 'versions@example.com', portalAccess: false },
      t.adminToken,
    );
    clientId = res.body.client.id;
  });
  afterAll(async () => t?.close());

  it('reads carry the version: the events in the project stream, as ETag and field, also on list rows', async () => {
    const made = await newProject();
    expect(made.version).toBe(1);
    await t.call('PATCH', `/api/projects/${made.id}`, { status: 'approved' }, t.adminToken);
    const { project, etag } = await read(made.id);
    expect(project.version).toBe(2);
    expect(etag).toBe('"2"');
    const list = (await t.call('GET', '/api/projects', undefined, t.adminToken)).body as TProject[];
    expect(list.find((p) => p.id === made.id)?.version).toBe(2);
  });

  it('the same version saves, and the version moves', async () => {
    const { project, etag } = await read((await newProject()).id);
    const res = await put(project, dialogForm(project, { title: 'Renamed' }), etag);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Renamed', version: project.version + 1 });
    expect((await read(project.id)).etag).toBe(`"${project.version + 1}"`);
  });

  it('a stale copy whose form names a field changed since is refused with 409 and changes nothing', async () => {
    const { project: seen } = await read((await newProject()).id);
    // Another admin changes the status and the end date meanwhile.
    const other = await t.call(
      'PATCH',
      `/api/projects/${seen.id}`,
      { status: 'in_progress', jobEndDate: '2099-05-09' },
      t.adminToken,
    );
    expect(other.status).toBe(200);
    const before = await streamTypes(t, `project-${seen.id}`);
    const res = await put(seen, dialogForm(seen, { title: 'Mine' }), `"${seen.version}"`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'stale_version',
      message: 'This record was changed by someone else. Reload to see the latest version.',
      changed: ['status', 'jobEndDate'],
      version: seen.version + 2,
    });
    expect(await streamTypes(t, `project-${seen.id}`)).toEqual(before);
    expect((await read(seen.id)).project).toMatchObject({
      title: seen.title,
      status: 'in_progress',
      jobEndDate: '2099-05-09',
    });
  });

  it('a stale copy only behind by a photo upload saves, and keeps the photo it never saw', async () => {
    const { project: seen } = await read((await newProject()).id);
    const upload = await imageUpload(t.adminToken);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${seen.id}/photos`,
      ...upload,
    });
    expect(uploaded.statusCode).toBe(201);
    const res = await put(seen, dialogForm(seen, { title: 'Mine' }), `"${seen.version}"`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Mine', version: seen.version + 2 });
    expect((res.body as TProject).photos).toHaveLength(1);
    expect(await streamTypes(t, `project-${seen.id}`)).toEqual([
      'ProjectCreated',
      'ProjectPhotoAdded',
      'ProjectDetailsChanged',
    ]);
  });

  it('a stale copy saves when the change since touched no field the request names (PATCH notes)', async () => {
    const { project: seen } = await read((await newProject()).id);
    await t.call('PATCH', `/api/projects/${seen.id}`, { status: 'completed' }, t.adminToken);
    const res = await callWith(
      t,
      'PATCH',
      `/api/projects/${seen.id}`,
      { notes: 'Gate code 4321' },
      { 'if-match': `"${seen.version}"` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notes: 'Gate code 4321', status: 'completed' });
  });

  it('a change landing between the read and the write is looked at too: a field the form edits refuses', async () => {
    const { project: seen } = await read((await newProject()).id);
    const race = appendBetweenReadAndWrite(t, `project-${seen.id}`, () =>
      t.call('PATCH', `/api/projects/${seen.id}`, { status: 'cancelled' }, t.adminToken),
    );
    const res = await put(seen, dialogForm(seen, { title: 'Mine' }), `"${seen.version}"`);
    race.restore();
    expect(race.happened).toBe(true);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: ['status'] });
    expect(await streamTypes(t, `project-${seen.id}`)).toEqual(['ProjectCreated', 'ProjectStatusChanged']);
  });

  it('a change landing between the read and the write that the form does not edit is no conflict', async () => {
    const { project: seen } = await read((await newProject()).id);
    const race = appendBetweenReadAndWrite(t, `project-${seen.id}`, () =>
      t.call('PATCH', `/api/projects/${seen.id}`, { notes: 'Theirs' }, t.adminToken),
    );
    const res = await callWith(
      t,
      'PATCH',
      `/api/projects/${seen.id}`,
      { title: 'Mine' },
      { 'if-match': `"${seen.version}"` },
    );
    race.restore();
    expect(race.happened).toBe(true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Mine', notes: 'Theirs', version: 3 });
  });

  it('a malformed If-Match is a 400 and changes nothing', async () => {
    const { project } = await read((await newProject()).id);
    for (const ifMatch of ['W/"1"', '"one"', '1, 2', '"-1"', '""', 'abc']) {
      const res = await put(project, dialogForm(project, { title: 'Never' }), ifMatch);
      expect({ ifMatch, status: res.status, error: res.body.error }).toEqual({
        ifMatch,
        status: 400,
        error: 'validation_error',
      });
    }
    expect(await streamTypes(t, `project-${project.id}`)).toEqual(['ProjectCreated']);
  });

  it('without If-Match (or with *) the last writer wins, as before', async () => {
    const { project: seen } = await read((await newProject()).id);
    await t.call('PATCH', `/api/projects/${seen.id}`, { status: 'approved' }, t.adminToken);
    const res = await put(seen, dialogForm(seen, { title: 'Mine' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Mine', status: seen.status });
    const star = await put(seen, dialogForm(seen, { title: 'Star' }), '*');
    expect(star.status).toBe(200);
    expect(star.body).toMatchObject({ title: 'Star' });
  });

  it('a version the project never had is stale, and so is one from before it was made', async () => {
    const { project } = await read((await newProject()).id);
    const res = await put(project, dialogForm(project, { title: 'Future' }), '"7"');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'stale_version', changed: [], version: 1 });
    const before = await put(project, { title: 'Before', status: project.status }, '"0"');
    expect(before.status).toBe(409);
    expect(before.body).toMatchObject({ error: 'stale_version', changed: ['title', 'status'], version: 1 });
    expect(await streamTypes(t, `project-${project.id}`)).toEqual(['ProjectCreated']);
  });
});

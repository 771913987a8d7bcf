import type { TProject } from '@app/contracts/api/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

describe('projects API', () => {
  let t: TestApp;
  let seq = 0;
  /** A client with a portal account whose temporary password has been replaced. */
  const portalClient = async (name: string) => {
    seq++;
    const res = await t.call(
      'POST',
      '/api/clients',
      { name, email: `owner${seq}@example.com`, userType: 'client', portalAccess: true },
      t.adminToken,
    );
    expect(res.status).toBe(201);
    const token = await t.activate(res.body.user.email, res.body.temporaryPassword);
    return { id: res.body.client.id as number, name, token };
  };
  let a: Awaited<ReturnType<typeof portalClient>>;
  let b: Awaited<ReturnType<typeof portalClient>>;
  /** A signed-in account with no client record. */
  let stranger: string;

  const create = async (body: Record<string, unknown>, token = t.adminToken) =>
    t.call('POST', '/api/projects', { clientId: a.id, title: 'Job', type: 'starlink', ...body }, token);
  const project = async (id: number, token = t.adminToken) =>
    (await t.call('GET', `/api/projects/${id}`, undefined, token)).body as TProject;
  const ids = (list: TProject[]) => list.map((p) => p.id);
  /** Exact text, or a pattern where the message carries a zod-chosen part. */
  const expectMessage = (actual: string, expected: string | RegExp) =>
    typeof expected === 'string' ? expect(actual).toBe(expected) : expect(actual).toMatch(expected);
  const audit = async (id: number) =>
    (await t.call('GET', `/api/audit?stream=project-${id}`, undefined, t.adminToken)).body as {
      type: string;
      actorName: string | null;
      actorRole: string;
      changes: Record<string, unknown>;
    }[];

  beforeAll(async () => {
    t = await startTestApp();
    a = await portalClient('Kenai Lodge');
    b = await portalClient('Nome Outfitters');
    const u = await t.createUser();
    stranger = await t.activate(u.email, u.temporaryPassword);
  });
  afterAll(async () => t?.close());

  it('creates a project for a client and reads it back', async () => {
    const res = await create({
      title: '  Cameras at the lodge ',
      type: 'security',
      description: 'Eight cameras, two buildings',
      estimatedCost: '2400',
      timeline: '1-2 weeks',
      jobStartDate: '2026-06-01',
      jobEndDate: '2026-06-03',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      clientId: a.id,
      clientName: 'Kenai Lodge',
      title: 'Cameras at the lodge',
      description: 'Eight cameras, two buildings',
      type: 'security_cameras',
      status: 'pending',
      totalAmount: null,
      estimatedCost: 2400,
      timeline: '1-2 weeks',
      jobStartDate: '2026-06-01',
      jobEndDate: '2026-06-03',
      progress: 0,
      notes: '',
      photos: [],
    });
    expect(Date.parse(res.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await project(res.body.id)).toEqual(res.body);
    const minimal = await create({ title: 'Website', type: 'website', jobStartDate: '', jobEndDate: '' });
    expect(minimal.body).toMatchObject({ type: 'website_development', jobStartDate: null, jobEndDate: null });
  });

  it('lists every project for the admin, most recently changed first', async () => {
    const first = (await create({ title: 'First' })).body as TProject;
    const second = (await create({ title: 'Second' })).body as TProject;
    let list = (await t.call('GET', '/api/projects', undefined, t.adminToken)).body as TProject[];
    expect(ids(list).slice(0, 2)).toEqual([second.id, first.id]);
    await t.call('PATCH', `/api/projects/${first.id}`, { progress: 10 }, t.adminToken);
    list = (await t.call('GET', '/api/projects', undefined, t.adminToken)).body;
    expect(ids(list).slice(0, 2)).toEqual([first.id, second.id]);
  });

  it.each([
    [{ title: '' }, 'title: Title is required'],
    [{ title: undefined }, 'title: Title is required'],
    [{ type: 'plumbing' }, 'type: Please choose a project type'],
    [{ status: 'lost' }, /^status: /],
    [
      { jobStartDate: '2026-06-05', jobEndDate: '2026-06-01' },
      'jobEndDate: Start date must be before end date',
    ],
    [{ jobStartDate: '06/01/2026' }, 'jobStartDate: Dates must be YYYY-MM-DD'],
    [{ jobStartDate: '2026-02-30' }, 'jobStartDate: 2026-02-30 is not a calendar date'],
    [{ progress: 101 }, 'progress: Progress is 0 to 100'],
    [{ progress: -1 }, 'progress: Progress is 0 to 100'],
    [{ totalAmount: -5 }, 'totalAmount: Total amount cannot be negative'],
    [{ clientId: undefined }, 'clientId: Please select a client'],
    [{ clientId: 99999 }, 'Please select a client: client 99999 was not found.'],
  ])('refuses to create %o with a clear message and keeps nothing', async (change, message) => {
    const before = (await t.call('GET', '/api/projects', undefined, t.adminToken)).body.length;
    const res = await create(change);
    expect(res.status).toBe(400);
    expectMessage(res.body.message, message);
    expect((await t.call('GET', '/api/projects', undefined, t.adminToken)).body.length).toBe(before);
  });

  it('records each kind of change on its own, with who made it, and appends nothing for no change', async () => {
    const manager = await t.createUser({ firstName: 'Olga', lastName: 'Owner', role: 'admin' });
    const token = await t.activate(manager.email, manager.temporaryPassword);
    const { id } = (await create({ title: 'Starlink at the cabin', jobStartDate: '2026-07-01' })).body;

    const res = await t.call(
      'PATCH',
      `/api/projects/${id}`,
      { status: 'in_progress', title: 'Starlink and Wi-Fi', totalAmount: 1850.5, jobEndDate: '2026-07-02' },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'in_progress',
      title: 'Starlink and Wi-Fi',
      totalAmount: 1850.5,
      jobStartDate: '2026-07-01',
      jobEndDate: '2026-07-02',
    });
    await t.call('PATCH', `/api/projects/${id}`, { progress: 60, notes: 'Dish on the north roof' }, token);

    const trail = await audit(id);
    expect(trail.map((e) => e.type)).toEqual([
      'ProjectNotesChanged',
      'ProjectProgressChanged',
      'ProjectScheduled',
      'ProjectStatusChanged',
      'ProjectDetailsChanged',
      'ProjectCreated',
    ]);
    expect(trail[3]).toMatchObject({
      actorName: 'Olga Owner',
      actorRole: 'admin',
      changes: { projectId: id, from: 'pending', to: 'in_progress' },
    });
    expect(trail[4]?.changes).toEqual({
      projectId: id,
      changes: {
        title: { from: 'Starlink at the cabin', to: 'Starlink and Wi-Fi' },
        totalAmount: { from: null, to: 1850.5 },
      },
    });
    expect(trail[5]).toMatchObject({ actorName: 'Admin', changes: { clientName: 'Kenai Lodge' } });

    const before = await project(id);
    const same = await t.call('PATCH', `/api/projects/${id}`, { status: 'in_progress', progress: 60 }, token);
    expect(same).toMatchObject({ status: 200, body: before });
    expect((await audit(id)).length).toBe(trail.length);
  });

  it('takes the dialog’s whole form by PUT', async () => {
    const { id } = (await create({ title: 'Old title' })).body;
    const res = await t.call(
      'PUT',
      `/api/projects/${id}`,
      {
        title: 'New title',
        type: 'security',
        jobStartDate: '2026-08-01',
        jobEndDate: '2026-08-01',
        notes: 'Gate code 4411',
        status: 'approved',
        photos: [],
      },
      t.adminToken,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'New title',
      type: 'security_cameras',
      jobStartDate: '2026-08-01',
      jobEndDate: '2026-08-01',
      notes: 'Gate code 4411',
      status: 'approved',
    });
    const cleared = await t.call(
      'PUT',
      `/api/projects/${id}`,
      { jobStartDate: null, jobEndDate: null },
      t.adminToken,
    );
    expect(cleared.body).toMatchObject({ jobStartDate: null, jobEndDate: null });
    expect((await audit(id))[0]?.type).toBe('ProjectUnscheduled');
  });

  it.each([
    [{}, 'Nothing to change.'],
    [{ jobEndDate: '2026-05-01' }, 'Start date must be before end date'],
    [{ progress: 150 }, 'progress: Progress is 0 to 100'],
    [{ title: '   ' }, 'title: Title is required'],
    [{ type: 'plumbing' }, 'type: Please choose a project type'],
    [
      { photos: ['/api/files/photos/not-ours.jpg'] },
      /^photos: \/api\/files\/photos\/not-ours\.jpg is not a photo/,
    ],
  ])('refuses the change %o', async (body, message) => {
    const { id } = (await create({ jobStartDate: '2026-06-01' })).body;
    const res = await t.call('PATCH', `/api/projects/${id}`, body, t.adminToken);
    expect(res.status).toBe(400);
    expectMessage(res.body.message, message);
    expect((await audit(id)).length).toBe(1);
  });

  it('deletes a project: gone from lists, later reads and changes 404', async () => {
    const { id } = (await create({ title: 'To delete' })).body;
    const res = await t.call('DELETE', `/api/projects/${id}`, undefined, t.adminToken);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(ids((await t.call('GET', '/api/projects', undefined, t.adminToken)).body)).not.toContain(id);
    expect(
      ids((await t.call('GET', `/api/projects/client/${a.id}`, undefined, t.adminToken)).body),
    ).not.toContain(id);
    expect((await t.call('GET', `/api/projects/${id}`, undefined, t.adminToken)).status).toBe(404);
    expect((await t.call('PATCH', `/api/projects/${id}`, { title: 'x' }, t.adminToken)).status).toBe(404);
    expect((await t.call('DELETE', `/api/projects/${id}`, undefined, t.adminToken)).status).toBe(404);
    expect((await t.call('POST', `/api/projects/${id}/sync-calendar`, undefined, t.adminToken)).status).toBe(
      404,
    );
    expect((await audit(id)).map((e) => e.type)).toEqual(['ProjectDeleted', 'ProjectCreated']);
  });

  it('answers a calendar sync with the project start and end events (section 9 rules)', async () => {
    const { id } = (await create({ jobStartDate: '2026-06-01', jobEndDate: '2026-06-02' })).body;
    const res = await t.call('POST', `/api/projects/${id}/sync-calendar`, undefined, t.adminToken);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.events).toEqual([
      expect.objectContaining({ id, type: 'project_start', date: '2026-06-01', time: '09:00' }),
      expect.objectContaining({ id: id + 10000, type: 'project_end', date: '2026-06-02', time: '15:00' }),
    ]);
    expect((await t.call('POST', '/api/projects/99999/sync-calendar', undefined, t.adminToken)).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/projects/99999', undefined, t.adminToken)).status).toBe(404);
  });

  it('shows a client’s current name after the client is renamed', async () => {
    const c = await portalClient('Seward Marine');
    const { id } = (await create({ clientId: c.id })).body;
    const renamed = await t.call(
      'PUT',
      `/api/clients/${c.id}`,
      { name: 'Seward Marine Supply', email: `owner${seq}@example.com` },
      t.adminToken,
    );
    expect(renamed.status).toBe(200);
    expect((await project(id)).clientName).toBe('Seward Marine Supply');
  });

  describe('who may do what', () => {
    let ofA: TProject;
    let ofB: TProject;
    beforeAll(async () => {
      ofA = (await create({ clientId: a.id, title: 'A’s job' })).body;
      ofB = (await create({ clientId: b.id, title: 'B’s job' })).body;
    });

    it('admin endpoints answer 401 without a session and 403 to anyone but an admin', async () => {
      const calls: [string, string, unknown][] = [
        ['POST', '/api/projects', { clientId: a.id, title: 'x', type: 'starlink' }],
        ['GET', `/api/projects/client/${a.id}`, undefined],
        ['PATCH', `/api/projects/${ofA.id}`, { title: 'x' }],
        ['PUT', `/api/projects/${ofA.id}`, { title: 'x' }],
        ['DELETE', `/api/projects/${ofA.id}`, undefined],
        ['POST', `/api/projects/${ofA.id}/sync-calendar`, undefined],
      ];
      for (const [method, url, body] of calls) {
        expect((await t.call(method, url, body)).status, `${method} ${url}`).toBe(401);
        for (const token of [a.token, stranger])
          expect((await t.call(method, url, body, token)).status, `${method} ${url}`).toBe(403);
      }
      for (const url of ['/api/projects', '/api/projects/client', `/api/projects/${ofA.id}`])
        expect((await t.call('GET', url)).status, url).toBe(401);
      expect((await t.call('POST', `/api/projects/${ofA.id}/photos`)).status).toBe(401);
      // Nothing the refused calls sent was kept.
      expect(await project(ofA.id)).toEqual(ofA);
    });

    it('a client reads only their own projects and gets 404 for anyone else’s', async () => {
      for (const url of ['/api/projects', '/api/projects/client']) {
        const mine = (await t.call('GET', url, undefined, a.token)).body as TProject[];
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.every((p) => p.clientId === a.id)).toBe(true);
        expect(ids(mine)).toContain(ofA.id);
        expect(ids((await t.call('GET', url, undefined, b.token)).body)).toEqual([ofB.id]);
        expect((await t.call('GET', url, undefined, stranger)).body).toEqual([]);
      }
      expect(await project(ofA.id, a.token)).toEqual(ofA);
      const other = await t.call('GET', `/api/projects/${ofB.id}`, undefined, a.token);
      expect(other).toMatchObject({ status: 404, body: { message: 'Project not found' } });
      expect((await t.call('GET', `/api/projects/${ofA.id}`, undefined, stranger)).status).toBe(404);
      expect((await t.call('GET', '/api/projects/99999', undefined, a.token)).status).toBe(404);
    });

    it('an admin reads one client’s projects by client id', async () => {
      const list = (await t.call('GET', `/api/projects/client/${b.id}`, undefined, t.adminToken)).body;
      expect(ids(list)).toEqual([ofB.id]);
      expect((await t.call('GET', '/api/projects/client/99999', undefined, t.adminToken)).body).toEqual([]);
    });

    it('an account still on its temporary password is sent to change it first', async () => {
      const u = await t.createUser();
      const token = await t.login(u.email, u.temporaryPassword);
      const res = await t.call('GET', '/api/projects', undefined, token);
      expect([res.status, res.body.error]).toEqual([403, 'password_change_required']);
    });
  });
});

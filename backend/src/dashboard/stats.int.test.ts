import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';

describe('dashboard figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const stats = (token = t.adminToken) => t.call('GET', '/api/dashboard/stats', undefined, token);

  it('counts clients and projects from the read models: all for an admin, their own for a client', async () => {
    const empty = await stats();
    expect(empty.body).toEqual({
      totalClients: 0,
      totalProjects: 0,
      activeProjects: 0,
      pendingDocuments: 0,
      pendingPayments: 0,
      totalRevenue: 0,
      averageProjectValue: 0,
    });

    const a = await t.call('POST', '/api/clients', { name: 'Ann A', email: 'ann@example.com' }, t.adminToken);
    const b = await t.call(
      'POST',
      '/api/clients',
      { name: 'Bo B', email: 'bo@example.com', portalAccess: false },
      t.adminToken,
    );
    const project = (clientId: number, status: string) =>
      t.call(
        'POST',
        '/api/projects',
        { clientId, title: `Job ${status}`, type: 'starlink', status },
        t.adminToken,
      );
    await project(a.body.client.id, 'in_progress');
    await project(a.body.client.id, 'pending');
    await project(b.body.client.id, 'in_progress');
    const done = await project(b.body.client.id, 'completed');

    expect((await stats()).body).toMatchObject({ totalClients: 2, totalProjects: 4, activeProjects: 2 });

    // Forms waiting for a signature count as pending documents; a signed one no longer does.
    const form = (projectId: number) =>
      t.call('POST', '/api/documents', { title: 'Service Agreement', projectId }, t.adminToken);
    const projects = (await t.call('GET', '/api/projects', undefined, t.adminToken)).body as {
      id: number;
      clientId: number;
    }[];
    const ofAnn = projects.find((p) => p.clientId === a.body.client.id)!.id;
    const ofBo = projects.find((p) => p.clientId === b.body.client.id)!.id;
    const signedForm = await form(ofAnn);
    await form(ofAnn);
    await form(ofBo);
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    expect(
      (
        await t.call(
          'PATCH',
          `/api/documents/${signedForm.body.id}/sign`,
          { signatureData: png },
          t.adminToken,
        )
      ).status,
    ).toBe(200);
    expect((await stats()).body.pendingDocuments).toBe(2);

    const annToken = await t.activate('ann@example.com', a.body.temporaryPassword);
    expect((await stats(annToken)).body).toMatchObject({
      totalClients: 1,
      totalProjects: 2,
      activeProjects: 1,
      pendingDocuments: 1,
    });

    // A deleted project no longer counts.
    expect((await t.call('DELETE', `/api/projects/${done.body.id}`, undefined, t.adminToken)).status).toBe(
      200,
    );
    expect((await stats()).body.totalProjects).toBe(3);
    expect((await t.call('GET', '/api/dashboard/stats')).status).toBe(401);
  });
});

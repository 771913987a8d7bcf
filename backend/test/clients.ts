import type { TestApp } from './app.ts';

/**
 * A client with portal access who has chosen a password, and a project of theirs, made through the API
 * as an admin would: what a test of a client's own records starts from.
 */
export async function portalClientWithProject(t: TestApp, client: { name: string; email: string }) {
  const made = (
    await t.call('POST', '/api/clients', { ...client, userType: 'client', portalAccess: true }, t.adminToken)
  ).body;
  const token = await t.activate(made.user.email, made.temporaryPassword);
  const project = await t.call(
    'POST',
    '/api/projects',
    { clientId: made.client.id, title: 'Job', type: 'security_cameras' },
    t.adminToken,
  );
  return {
    token,
    clientId: made.client.id as number,
    userId: made.user.id as number,
    projectId: project.body.id as number,
  };
}

/** A client without portal access and a project of theirs, made through the API as an admin would. */
export async function clientWithProject(
  t: TestApp,
  client: { name: string; email: string },
  project: { title: string; type?: string } = { title: 'Job' },
) {
  const made = await t.call(
    'POST',
    '/api/clients',
    { ...client, userType: 'client', portalAccess: false },
    t.adminToken,
  );
  const created = await t.call(
    'POST',
    '/api/projects',
    { clientId: made.body.client.id, title: project.title, type: project.type ?? 'starlink' },
    t.adminToken,
  );
  return { clientId: made.body.client.id as number, projectId: created.body.id as number };
}

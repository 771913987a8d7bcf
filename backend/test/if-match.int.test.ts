import { ZErrorBody } from '@app/contracts/api/errors';
import { IF_MATCH_MALFORMED } from '@app/contracts/api/versions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { eventCount } from './cast.ts';
import { callWith } from './versions.ts';

/**
 * Every edit that reads `If-Match` (found from the routes' schemas, so a new one is tried at once): each
 * malformed value answers 400 with the error shape and appends nothing; `*` or no header applies the edit.
 */
const EDITS = [
  'PATCH /api/appointments/:id',
  'PATCH /api/estimates/:id',
  'PATCH /api/projects/:id',
  'PUT /api/clients/:id',
  'PUT /api/forms/:id',
  'PUT /api/projects/:id',
  'PUT /api/settings',
];

const MALFORMED = [
  '',
  'abc',
  '"abc"',
  'W/"1"',
  '"-1"',
  '"01"',
  '"1.5"',
  '"1e3"',
  '"１"',
  '"1" "2"',
  '"1", "2"',
  '"',
  '"2147483648"',
  `"${'9'.repeat(500)}"`,
  '**',
];

describe('If-Match on every edit that reads it', () => {
  let t: TestApp;
  /** Each edit's address and a valid body, with records made for it. */
  let requests: Record<string, { url: string; body: unknown }>;

  beforeAll(async () => {
    t = await startTestApp();
    const admin = t.adminToken;
    const client = await t.call(
      'POST',
      '/api/clients',
      { name: 'If Match', email: 'ifmatch@example.com', portalAccess: false },
      admin,
    );
    const clientId = client.body.client.id as number;
    const project = await t.call(
      'POST',
      '/api/projects',
      { clientId, title: 'Job', type: 'starlink' },
      admin,
    );
    const estimate = await t.call(
      'POST',
      '/api/estimates',
      { title: 'Quote', clientId, cameraType: 'none', cameraCount: 0, propertyType: 'house' },
      admin,
    );
    const form = await t.call(
      'POST',
      '/api/forms',
      { title: 'Form', sections: [{ id: 's', fields: [{ id: 'a', type: 'text', label: 'A' }] }] },
      admin,
    );
    const appointment = await t.call(
      'POST',
      '/api/appointments',
      { title: 'Visit', clientId, scheduledDate: '2099-01-05', startTime: '09:00' },
      admin,
    );
    const settings = await t.call('GET', '/api/settings', undefined, admin);
    requests = {
      'PATCH /api/appointments/:id': {
        url: `/api/appointments/${appointment.body.id}`,
        body: { title: 'Visit 2' },
      },
      'PATCH /api/estimates/:id': { url: `/api/estimates/${estimate.body.id}`, body: { title: 'Quote 2' } },
      'PATCH /api/projects/:id': { url: `/api/projects/${project.body.id}`, body: { title: 'Job 2' } },
      'PUT /api/clients/:id': {
        url: `/api/clients/${clientId}`,
        body: { name: 'If Match 2', email: 'ifmatch@example.com' },
      },
      'PUT /api/forms/:id': {
        url: `/api/forms/${form.body.id}`,
        body: { title: 'Form 2', sections: [{ id: 's', fields: [{ id: 'a', type: 'text', label: 'A' }] }] },
      },
      'PUT /api/projects/:id': {
        url: `/api/projects/${project.body.id}`,
        body: { title: 'Job 3', notes: '' },
      },
      'PUT /api/settings': { url: '/api/settings', body: { section: 'admin', data: settings.body.admin } },
    };
  });
  afterAll(async () => t?.close());

  it('the edits that read If-Match are the whole-form edits', () => {
    const reading = t.routes
      .filter((r) => {
        const headers = r.schema?.headers as { shape?: Record<string, unknown> } | undefined;
        return headers?.shape !== undefined && 'if-match' in headers.shape;
      })
      .flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`))
      .sort();
    expect(reading).toEqual(EDITS);
  });

  for (const route of EDITS) {
    it(`${route}: a malformed If-Match is a 400 that changes nothing; * or none applies`, async () => {
      const [method] = route.split(' ') as [string];
      const { url, body } = requests[route]!;
      const wrong: string[] = [];
      for (const value of MALFORMED) {
        const before = await eventCount(t);
        const res = await callWith(t, method, url, body, { 'if-match': value });
        const appended = (await eventCount(t)) - before;
        const shaped = ZErrorBody.safeParse(res.body).success;
        if (
          res.status !== 400 ||
          !shaped ||
          appended !== 0 ||
          !String(res.body.message).includes(IF_MATCH_MALFORMED)
        )
          wrong.push(`${JSON.stringify(value)} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
      expect(wrong).toEqual([]);
      expect((await callWith(t, method, url, body, { 'if-match': '*' })).status).toBe(200);
      expect((await callWith(t, method, url, body, {})).status).toBe(200);
    });
  }
});

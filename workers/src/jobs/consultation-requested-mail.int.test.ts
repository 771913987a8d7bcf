import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { businessToday } from '@app/contracts/api/consultations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../../backend/test/app.ts';
import { eventually } from '../../../backend/test/eventually.ts';

describe('new consultation mail (workers running)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The first admin waits for the first views, which a loaded machine can take over the default 2 s to build.
    t = await startTestApp({ workers: true, env: { READ_YOUR_WRITES_TIMEOUT_MS: '5000' } });
  });
  afterAll(async () => t?.close());

  it('tells the admins about a new request, once', async () => {
    const res = await t.call('POST', '/api/consultations', {
      name: 'Kenai Lodge',
      email: 'lodge@example.com',
      preferredDate: businessToday(new Date()),
      serviceType: 'security_cameras',
      description: 'Eight cameras around the lodge',
    });
    expect(res.status).toBe(201);
    const mail = await eventually(
      'the admin mail',
      async () => {
        for (const f of await readdir(t.outbox)) {
          const text = await readFile(join(t.outbox, f), 'utf8');
          if (text.includes('New consultation request from Kenai Lodge')) return text;
        }
        return null;
      },
      20_000,
    );
    expect(mail).toMatch(new RegExp(`^To: ${ADMIN.email}`, 'm'));
    expect(mail).toContain('Eight cameras around the lodge');
    expect(mail).toContain('Service: Security Cameras');
    expect(mail).not.toContain('security_cameras');
    await new Promise((r) => setTimeout(r, 500));
    const all = await Promise.all((await readdir(t.outbox)).map((f) => readFile(join(t.outbox, f), 'utf8')));
    expect(all.filter((m) => m.includes('Kenai Lodge'))).toHaveLength(1);
  });
});

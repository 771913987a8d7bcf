import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalClientWithProject } from '../../../backend/test/clients.ts';
import { eventually } from '../../../backend/test/eventually.ts';
import { outboxMails, startJobsApp } from './testing.ts';

type JobsApp = Awaited<ReturnType<typeof startJobsApp>>;

/** The client is told, once per send, that a quote waits in their portal (what stops it: the unit test). */
describe('estimate.sent.mail (workers running)', () => {
  let app: JobsApp;
  let client: { token: string; clientId: number; projectId: number };

  beforeAll(async () => {
    app = await startJobsApp();
    client = await portalClientWithProject(app.t, { name: 'Kenai Lodge', email: 'quotes@example.com' });
  });
  afterAll(async () => app?.close());

  const newQuote = async (title: string) => {
    const res = await app.t.call(
      'POST',
      '/api/estimates',
      { title, clientId: client.clientId, cameraType: 'wired', cameraCount: 4, propertyType: 'house' },
      app.t.adminToken,
    );
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const send = async (id: number) =>
    expect((await app.t.call('POST', `/api/estimates/${id}/send`, undefined, app.t.adminToken)).status).toBe(
      200,
    );
  const outcomes = (count: number) =>
    eventually(
      `${count} finished estimate mail jobs`,
      async () => {
        const { rows } = await sql<{ outcome: { sent: boolean; reason?: string }; stream: string }>`
          SELECT outcome, event_stream AS stream FROM jobs WHERE name = 'estimate.sent.mail' AND status = 'done'
          ORDER BY created_at`.execute(app.t.deps.db);
        return rows.length === count ? rows : null;
      },
      20_000,
    );

  it('mails the client the quote number, total and validity, with the portal address', async () => {
    const id = await newQuote('Lodge cameras');
    await send(id);
    const [done] = await outcomes(1);
    expect(done?.outcome.sent).toBe(true);
    const mails = (await outboxMails(app.t.outbox)).filter((m) => m.includes('Lodge cameras'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.replace(/=\r?\n/g, '');
    expect(mail).toMatch(/^To: quotes@example\.com/m);
    expect(mail).toMatch(/^Subject: Your quote NGS\d{6} is ready: Lodge cameras/m);
    // 4 wired cameras ($440) and 6 hours ($450) at the default prices.
    expect(mail).toContain('Total: $890.00');
    expect(mail).toContain('Valid until: ');
    expect(mail).toContain(`${app.t.config.PUBLIC_URL.replace(/\/$/, '')}/client`);
  });
});

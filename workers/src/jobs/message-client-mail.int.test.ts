import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../backend/test/app.ts';
import { portalClientWithProject } from '../../../backend/test/clients.ts';
import { eventually } from '../../../backend/test/eventually.ts';
import { openSocket } from '../../../backend/test/sockets.ts';
import { outboxMails } from './testing.ts';

/** The client mail of a new staff message (workers running): only while the client is away, one per 15 minutes. */
describe('new message mail to a client', () => {
  let t: TestApp;
  const outcomeOf = (messageId: number) =>
    eventually(
      `the mail job of message ${messageId}`,
      async () => {
        const { rows } = await sql<{ status: string; outcome: { sent: boolean; reason?: string } }>`
          SELECT status, outcome FROM jobs
          WHERE name = 'message.client.mail' AND (payload->>'messageId')::int = ${messageId}`.execute(
          t.deps.db,
        );
        return rows[0]?.status === 'done' ? rows[0].outcome : null;
      },
      20_000,
    );
  const mailsTo = async (email: string) =>
    (await outboxMails(t.outbox)).filter(
      (m) => new RegExp(`^To: ${email}`, 'm').test(m) && /^Subject: New message from /m.test(m),
    );
  const staffWrites = async (clientId: number, content: string) => {
    const res = await t.call('POST', '/api/messages', { content, clientId }, t.adminToken);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp({ workers: true, env: { READ_YOUR_WRITES_TIMEOUT_MS: '5000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('mails an away client once per 15 minutes: who wrote, the first part, the portal link', async () => {
    const { clientId, token } = await portalClientWithProject(t, {
      name: 'Away Client',
      email: 'away@example.com',
    });
    const long = `Your cameras are installed. ${'We tested every one of them at night and in the snow. '.repeat(10)}`;
    const first = await staffWrites(clientId, long);
    expect(await outcomeOf(first)).toMatchObject({ sent: true });
    // Quoted-printable: soft line breaks joined.
    const mail = (await mailsTo('away@example.com'))[0]?.replace(/=\r?\n/g, '');
    expect(mail).toMatch(/^Subject: New message from /m);
    expect(mail).toContain('Your cameras are installed.');
    expect(mail).not.toContain(long.trim()); // only the first part
    expect(mail).toContain('Admin sent you a message:');
    expect(mail).toContain('Read it and answer in your client portal: http://localhost:3000/client');

    // A second answer within 15 minutes sends nothing more.
    const second = await staffWrites(clientId, 'And one more thing');
    expect(await outcomeOf(second)).toEqual({
      sent: false,
      reason: 'mailed about this conversation in the last 15 minutes',
    });
    expect(await mailsTo('away@example.com')).toHaveLength(1);

    // Once 15 minutes have passed the next one is mailed again.
    await sql`UPDATE message_mails SET mailed_at = now() - interval '16 minutes'`.execute(t.deps.db);
    const third = await staffWrites(clientId, 'A week later');
    expect(await outcomeOf(third)).toMatchObject({ sent: true });
    expect(await mailsTo('away@example.com')).toHaveLength(2);

    // The client's own message starts no job at all (and mails no one).
    const own = await t.call('POST', '/api/messages', { content: 'Thanks!' }, token);
    expect(own.status).toBe(201);
    const after = await staffWrites(clientId, 'You are welcome');
    await outcomeOf(after);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs
      WHERE name = 'message.client.mail' AND (payload->>'messageId')::int = ${own.body.id}`.execute(
      t.deps.db,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('sends nothing while the client has a socket open', async () => {
    const { clientId, token } = await portalClientWithProject(t, {
      name: 'Here Client',
      email: 'here@example.com',
    });
    const socket = await openSocket(t, token);
    const id = await staffWrites(clientId, 'You are online');
    expect(await outcomeOf(id)).toEqual({ sent: false, reason: 'the client is connected' });
    socket.socket.close();
    // Gone: the next message is mailed (the socket's presence ends when it closes).
    await new Promise((r) => setTimeout(r, 200));
    const next = await staffWrites(clientId, 'Now you are away');
    expect(await outcomeOf(next)).toMatchObject({ sent: true });
    expect(await mailsTo('here@example.com')).toHaveLength(1);
  });
});

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../backend/test/app.ts';
import { eventually } from '../../../backend/test/eventually.ts';

interface AuditEntry {
  type: string;
  actorId: number | null;
  actorRole: string;
  changes: Record<string, unknown>;
}

const until = <T>(what: string, probe: () => Promise<T | null | undefined | false>) =>
  eventually(what, probe, 20_000);

describe('temporary password mail (workers running)', () => {
  let t: TestApp;

  /** The outbox's .eml files as text, oldest first. */
  const mails = async () => {
    const names = (await readdir(t.outbox)).filter((n) => n.endsWith('.eml')).sort();
    return Promise.all(names.map((n) => readFile(join(t.outbox, n), 'utf8')));
  };
  const mailsTo = async (email: string) =>
    (await mails()).filter((m) => new RegExp(`^To: ${email}$`, 'm').test(m));
  const mailedEvents = async (userId: number) => {
    const res = await t.call('GET', `/api/audit?stream=user-${userId}`, undefined, t.adminToken);
    expect(res.status).toBe(200);
    return (res.body as AuditEntry[]).filter((e) => e.type === 'TemporaryPasswordMailed');
  };
  const heldSecrets = async (userId: number) => {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM outgoing_secrets WHERE user_id = ${userId}`.execute(t.deps.db);
    return rows[0]!.n;
  };

  beforeAll(async () => {
    // The first admin waits for the first views, which a loaded machine can take over the default 2 s to build.
    t = await startTestApp({ workers: true, env: { READ_YOUR_WRITES_TIMEOUT_MS: '5000' } });
  });
  afterAll(async () => t?.close());

  it('mails the temporary password of a new user, records it, and forgets the secret', async () => {
    const created = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'Mia@Example.com', firstName: 'Mia', lastName: 'Mail' },
      t.adminToken,
    );
    expect(created.status).toBe(201);
    const id = created.body.user.id as number;
    const temp = created.body.temporaryPassword as string;

    const [mail] = await until('the mail', async () => {
      const found = await mailsTo('mia@example.com');
      return found.length > 0 && found;
    });
    expect(mail).toMatch(/^Subject: Your sign-in details$/m);
    expect(mail).toContain(`Temporary password: ${temp}`);
    expect(mail).toContain('Email: mia@example.com');
    expect(mail).toContain(`${t.config.PUBLIC_URL}/login`);

    // The mailed password is the one that signs in.
    const mailed = /Temporary password: (\S+)/.exec(mail!)?.[1];
    expect(mailed).toBe(temp);
    const login = await t.call('POST', '/api/auth/login', { email: 'mia@example.com', password: mailed });
    expect(login.status).toBe(200);
    expect(login.body.needsPasswordChange).toBe(true);

    const [event] = await until('TemporaryPasswordMailed', async () => {
      const events = await mailedEvents(id);
      return events.length > 0 && events;
    });
    expect(event).toMatchObject({
      actorId: null,
      actorRole: 'system',
      changes: { userId: id, to: 'mia@example.com' },
    });
    const messageId = /^Message-ID:\s+(<[^>]+>)/im.exec(mail!)?.[1]; // a long header is folded
    expect(messageId).toBeTruthy();
    expect(event!.changes.messageId).toBe(messageId);

    // The secret is forgotten right after the mail is recorded (a retry in between must still find it).
    await until('the held secret to be forgotten', async () => (await heldSecrets(id)) === 0);
    // The bootstrap admin chose a password: nothing was mailed to them, and nothing else went out.
    expect(await mails()).toHaveLength(1);
  });

  it('mails a reset password once, and the newest mailed password is the one that works', async () => {
    const created = await t.call(
      'POST',
      '/api/auth/create-user',
      { email: 'rex@example.com', firstName: 'Rex' },
      t.adminToken,
    );
    const id = created.body.user.id as number;
    await until('the first mail', async () => (await mailedEvents(id)).length === 1);

    const reset = await t.call(
      'POST',
      '/api/auth/generate-temp-password',
      { userEmail: 'rex@example.com' },
      t.adminToken,
    );
    expect(reset.status).toBe(200);
    await until('the second TemporaryPasswordMailed', async () => (await mailedEvents(id)).length === 2);

    const sent = await mailsTo('rex@example.com');
    expect(sent).toHaveLength(2);
    const passwords = sent.map((m) => /Temporary password: (\S+)/.exec(m)?.[1]);
    expect(passwords).toContain(created.body.temporaryPassword);
    expect(passwords).toContain(reset.body.temporaryPassword);
    // The secret is forgotten right after the mail is recorded (a retry in between must still find it).
    await until('the held secret to be forgotten', async () => (await heldSecrets(id)) === 0);

    const old = await t.call('POST', '/api/auth/login', {
      email: 'rex@example.com',
      password: created.body.temporaryPassword,
    });
    expect(old.status).toBe(401);
    const fresh = await t.call('POST', '/api/auth/login', {
      email: 'rex@example.com',
      password: reset.body.temporaryPassword,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.needsPasswordChange).toBe(true);

    // Nothing is sent twice: a little later there are still exactly two mails and two records.
    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo('rex@example.com')).toHaveLength(2);
    expect(await mailedEvents(id)).toHaveLength(2);
  });
});

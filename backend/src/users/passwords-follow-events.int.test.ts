import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { forgetStaleSecrets } from '../auth/credentials.ts';
import type { EventStore } from '../eventstore/port.ts';
import { systemActor, toNewEvents } from '../platform/command.ts';
import { recordTemporaryPasswordMailed } from './commands.ts';

/**
 * Credentials, sessions and held secrets change with the user's events and only with them (issue 22, section
 * 2): a refused or failed append leaves every one as it was; a change that meets another one is decided again
 * and ends with the event, the credential and the sessions agreeing.
 */
describe('passwords, sessions and held secrets follow the stored events', () => {
  let t: TestApp;
  let store: EventStore;
  let original: Pick<EventStore, 'append' | 'appendMany' | 'readStream'>;

  beforeAll(async () => {
    t = await startTestApp({ env: { READ_YOUR_WRITES_TIMEOUT_MS: '2000' } });
    store = t.deps.store;
    original = { append: store.append, appendMany: store.appendMany, readStream: store.readStream };
  });
  afterEach(() => Object.assign(store, original));
  afterAll(async () => t?.close());

  const me = async (token: string) => (await t.call('GET', '/api/auth/user', undefined, token)).status;
  const loginStatus = async (email: string, password: string) =>
    (await t.call('POST', '/api/auth/login', { email, password })).status;
  const typesIn = async (stream: string) =>
    (await original.readStream.call(store, stream)).map((e) => e.type);
  const heldSecrets = async (userId: number) =>
    (
      await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM outgoing_secrets WHERE user_id = ${userId}`.execute(t.deps.db)
    ).rows[0]!.n;

  /** An account with a chosen password, signed in on two devices. */
  async function signedInTwice(password = 'first-password-1') {
    const u = await t.createUser();
    const phone = await t.activate(u.email, u.temporaryPassword, password);
    const laptop = await t.login(u.email, password);
    return { ...u, password, phone, laptop };
  }

  /** Every append refused, as when the database goes away mid-request. */
  function refuseAppends() {
    const refuse = async () => {
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    };
    store.append = refuse;
    store.appendMany = refuse;
  }

  describe('a failed append changes nothing', () => {
    it('password change: the old password still works, no session ends, no event', async () => {
      const u = await signedInTwice();
      refuseAppends();
      const res = await t.call(
        'POST',
        '/api/auth/change-password',
        { currentPassword: u.password, newPassword: 'second-password-1' },
        u.laptop,
      );
      Object.assign(store, original);
      expect(res.status).toBe(503);
      expect(await loginStatus(u.email, u.password)).toBe(200);
      expect(await loginStatus(u.email, 'second-password-1')).toBe(401);
      expect([await me(u.phone), await me(u.laptop)]).toEqual([200, 200]);
      // The activation's change only.
      expect((await typesIn(`user-${u.id}`)).filter((type) => type === 'UserPasswordChanged')).toHaveLength(
        1,
      );
    });

    it('reset: the old password still works, no session ends, no secret is held', async () => {
      const u = await signedInTwice();
      await t.deps.db.deleteFrom('outgoing_secrets' as never).execute();
      refuseAppends();
      const res = await t.call(
        'POST',
        '/api/auth/generate-temp-password',
        { userEmail: u.email },
        t.adminToken,
      );
      Object.assign(store, original);
      expect(res.status).toBe(503);
      expect(await loginStatus(u.email, u.password)).toBe(200);
      expect([await me(u.phone), await me(u.laptop)]).toEqual([200, 200]);
      expect(await heldSecrets(u.id)).toBe(0);
      expect(
        (await typesIn(`user-${u.id}`)).filter((type) => type === 'TemporaryPasswordIssued'),
      ).toHaveLength(1);
    });

    it('new account: no credentials, no held secret, and the e-mail is still free', async () => {
      refuseAppends();
      const body = { email: 'never-made@example.com', firstName: 'Never', lastName: 'Made', role: 'user' };
      const res = await t.call('POST', '/api/auth/create-user', body, t.adminToken);
      Object.assign(store, original);
      expect(res.status).toBe(503);
      const { rows } = await sql<{ n: number }>`SELECT
        (SELECT count(*) FROM credentials WHERE email = 'never-made@example.com')
        + (SELECT count(*) FROM outgoing_secrets s WHERE NOT EXISTS (
            SELECT 1 FROM credentials c WHERE c.user_id = s.user_id)) AS n`.execute(t.deps.db);
      expect(Number(rows[0]!.n)).toBe(0);
      expect((await t.call('POST', '/api/auth/create-user', body, t.adminToken)).status).toBe(201);
    });

    it('role change: the role stays, and an admin losing it stays signed in', async () => {
      const u = await t.createUser({ role: 'admin' });
      const token = await t.activate(u.email, u.temporaryPassword);
      refuseAppends();
      const res = await t.call('PUT', `/api/users/${u.id}/role`, { role: 'user' }, t.adminToken);
      Object.assign(store, original);
      expect(res.status).toBe(503);
      expect((await t.call('GET', '/api/users', undefined, token)).status).toBe(200);
    });

    it('deletion: the account still signs in', async () => {
      const u = await signedInTwice();
      refuseAppends();
      const res = await t.call('DELETE', `/api/users/${u.id}`, undefined, t.adminToken);
      Object.assign(store, original);
      expect(res.status).toBe(503);
      expect(await me(u.phone)).toBe(200);
      expect(await loginStatus(u.email, u.password)).toBe(200);
    });
  });

  /**
   * Holds the next read of `stream` (the command's read) and runs `meanwhile` right after it, before the
   * command appends: the append then meets a change made between its read and its write.
   */
  function betweenReadAndWrite(stream: string, meanwhile: () => Promise<void>) {
    t.deps.aggregates.forget(stream);
    let reads = 0;
    let during = false;
    store.readStream = async (name: string) => {
      const events = await original.readStream.call(store, name);
      if (name !== stream || during) return events;
      if (++reads === 1) {
        during = true;
        await meanwhile().finally(() => {
          during = false;
        });
      }
      return events;
    };
    /** The command's reads of the stream (not those of the change made meanwhile). */
    return () => reads;
  }

  describe('a change met by another between its read and its append', () => {
    it('a password change is decided again: one event, the new password, the other sessions ended', async () => {
      const u = await signedInTwice();
      const stream = `user-${u.id}`;
      const reads = betweenReadAndWrite(stream, async () => {
        const revision = (await original.readStream.call(store, stream)).at(-1)!.revision;
        const renamed = [
          {
            type: 'UserRenamed' as const,
            data: {
              userId: u.id,
              firstName: 'Renamed',
              lastName: 'Meanwhile',
              previous: { firstName: 'P', lastName: 'T' },
            },
          },
        ];
        await original.append.call(store, stream, toNewEvents(renamed, systemActor()), revision);
      });
      const res = await t.call(
        'POST',
        '/api/auth/change-password',
        { currentPassword: u.password, newPassword: 'second-password-1' },
        u.laptop,
      );
      expect(res.status).toBe(200);
      expect(reads()).toBeGreaterThanOrEqual(2);
      const types = await typesIn(stream);
      expect(types.filter((type) => type === 'UserPasswordChanged')).toHaveLength(2); // activation and this
      expect(types.at(-1)).toBe('UserPasswordChanged');
      expect(await loginStatus(u.email, u.password)).toBe(401);
      expect(await loginStatus(u.email, 'second-password-1')).toBe(200);
      expect([await me(u.phone), await me(u.laptop)]).toEqual([401, 200]);
    });

    it('a reset stored meanwhile makes the current password wrong: nothing of the change, the reset stands', async () => {
      const u = await signedInTwice();
      let reset = '';
      betweenReadAndWrite(`user-${u.id}`, async () => {
        const res = await t.call(
          'POST',
          '/api/auth/generate-temp-password',
          { userEmail: u.email },
          t.adminToken,
        );
        reset = res.body.temporaryPassword;
      });
      const res = await t.call(
        'POST',
        '/api/auth/change-password',
        { currentPassword: u.password, newPassword: 'second-password-1' },
        u.laptop,
      );
      expect([res.status, res.body.error]).toEqual([400, 'wrong_password']);
      expect((await typesIn(`user-${u.id}`)).at(-1)).toBe('TemporaryPasswordIssued');
      expect(await loginStatus(u.email, 'second-password-1')).toBe(401);
      expect(await loginStatus(u.email, u.password)).toBe(401);
      const fresh = await t.call('POST', '/api/auth/login', { email: u.email, password: reset });
      expect([fresh.status, fresh.body.needsPasswordChange]).toEqual([200, true]);
      expect([await me(u.phone), await me(u.laptop)]).toEqual([401, 401]);
    });

    it('"Generate Temporary Password" right after the account is made, while its mail is recorded: 200, no second try', async () => {
      const u = await t.createUser();
      const [issued] = (await original.readStream.call(store, `user-${u.id}`)).filter(
        (e) => e.type === 'TemporaryPasswordIssued',
      );
      const reads = betweenReadAndWrite(`user-${u.id}`, async () => {
        await recordTemporaryPasswordMailed(t.deps, systemActor(), u.id, {
          to: u.email,
          messageId: '<first-mail@example.com>',
          issuedBy: issued!.id,
        });
      });
      const res = await t.call(
        'POST',
        '/api/auth/generate-temp-password',
        { userEmail: u.email },
        t.adminToken,
      );
      expect(res.status).toBe(200);
      // The mail's record went to the account's activity stream, so the reset's append met nothing.
      expect(reads()).toBe(1);
      expect(await typesIn(`user-${u.id}`)).toEqual([
        'UserCreated',
        'TemporaryPasswordIssued',
        'TemporaryPasswordIssued',
      ]);
      expect(await typesIn(`user-activity-${u.id}`)).toEqual(['TemporaryPasswordMailed']);
      // The mailed secret is forgotten with its record; the reset's is held for its own mail.
      const held = await sql<{ event_id: string }>`SELECT event_id FROM outgoing_secrets
        WHERE user_id = ${u.id}`.execute(t.deps.db);
      expect(held.rows.map((r) => r.event_id)).not.toContain(issued!.id);
      expect(held.rows).toHaveLength(1);
      expect(await loginStatus(u.email, res.body.temporaryPassword)).toBe(200);
      // Still in the account's audit trail.
      const trail = await t.call('GET', `/api/audit?stream=user-${u.id}`, undefined, t.adminToken);
      expect((trail.body as { type: string }[]).map((e) => e.type)).toContain('TemporaryPasswordMailed');
    });
  });

  it('held secrets never mailed are forgotten after 7 days', async () => {
    const u = await t.createUser();
    const stale = '00000000-0000-4000-8000-000000000007';
    await sql`INSERT INTO outgoing_secrets (event_id, user_id, secret, created_at)
      VALUES (${stale}, ${u.id}, 'old-secret', now() - interval '7 days 1 minute')`.execute(t.deps.db);
    expect(await heldSecrets(u.id)).toBe(2);
    expect(await forgetStaleSecrets(t.deps.db)).toBe(1);
    const { rows } = await sql<{ event_id: string }>`SELECT event_id FROM outgoing_secrets
      WHERE user_id = ${u.id}`.execute(t.deps.db);
    expect(rows.map((r) => r.event_id)).not.toContain(stale);
    expect(rows).toHaveLength(1);
  });

  it('two accounts made at once for one e-mail: one 201, one 409, and nothing of the loser', async () => {
    // Both pass the e-mail check before either is stored; the unique index in the append's transaction decides.
    let arrived = 0;
    let release!: () => void;
    const both = new Promise<void>((resolve) => {
      release = resolve;
    });
    store.appendMany = async (writes, records) => {
      if (++arrived === 2) release();
      await both;
      return original.appendMany.call(store, writes, records);
    };
    const body = { email: 'twice@example.com', firstName: 'Two', lastName: 'Times', role: 'user' };
    const answers = await Promise.all([
      t.call('POST', '/api/auth/create-user', body, t.adminToken),
      t.call('POST', '/api/auth/create-user', { ...body, email: 'TWICE@example.com' }, t.adminToken),
    ]);
    Object.assign(store, original);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toEqual({ error: 'email_taken', message: 'A user with this email already exists.' });
    const { rows } = await sql<{ stream_name: string }>`SELECT DISTINCT stream_name FROM es_events
      WHERE type = 'UserCreated' AND data->>'email' = 'twice@example.com'`.execute(t.deps.db);
    expect(rows).toHaveLength(1);
    const winner = answers.find((a) => a.status === 201)!;
    expect(await loginStatus('twice@example.com', winner.body.temporaryPassword)).toBe(200);
  });
});

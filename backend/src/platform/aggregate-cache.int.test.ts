import type { TDomainEvent } from '@app/contracts/events/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { type UserState, userDecider } from '../users/decide.ts';
import { systemActor, toNewEvents } from './command.ts';

/**
 * Commands remember the state their append reached and skip reading the stream next time. These tests change
 * streams behind that memory, as another API process would, and check that no command decides on stale state.
 */
describe('remembered aggregate state', () => {
  let t: TestApp;
  let reads: string[];

  beforeAll(async () => {
    t = await startTestApp();
    const store = t.deps.store;
    const readStream = store.readStream.bind(store);
    reads = [];
    store.readStream = (stream: string) => {
      reads.push(stream);
      return readStream(stream);
    };
  });
  afterAll(() => t?.close());

  const setRole = (id: number, role: string) =>
    t.call('PUT', `/api/users/${id}/role`, { role }, t.adminToken);
  const roleOf = async (id: number) =>
    (await t.call('GET', '/api/users', undefined, t.adminToken)).body.find((u: { id: number }) => u.id === id)
      ?.role;
  /** Appends at the stream's current revision without going through this process's commands. */
  const appendElsewhere = async (stream: string, event: TDomainEvent) => {
    const stored = await t.deps.store.readStream(stream);
    await t.deps.store.append(stream, toNewEvents([event], systemActor()), stored.at(-1)!.revision);
  };
  const roleChanges = async (stream: string) =>
    (await t.deps.store.readStream(stream))
      .filter((e) => e.type === 'UserRoleChanged')
      .map((e) => {
        const { from, to } = e.data as { from: string; to: string };
        return { from, to };
      });

  it('a second command on the same aggregate does not read its stream', async () => {
    const { id } = await t.createUser({ role: 'user' });
    expect((await setRole(id, 'client')).status).toBe(200);
    reads.length = 0;
    expect((await setRole(id, 'user')).status).toBe(200);
    expect(reads).not.toContain(`user-${id}`);
    expect(await roleOf(id)).toBe('user');
    expect(await roleChanges(`user-${id}`)).toEqual([
      { from: 'user', to: 'client' },
      { from: 'client', to: 'user' },
    ]);
  });

  /** A user this process remembers as a client, made an admin elsewhere. */
  const clientMadeAdminElsewhere = async () => {
    const { id } = await t.createUser({ role: 'user' });
    const stream = `user-${id}`;
    await setRole(id, 'client');
    await appendElsewhere(stream, {
      type: 'UserRoleChanged',
      data: { userId: id, from: 'client', to: 'admin' },
    });
    return { id, stream };
  };

  it('a stale state that would change something: the append is refused and the command decided again', async () => {
    const { id, stream } = await clientMadeAdminElsewhere();
    const res = await setRole(id, 'user');
    expect(res.status).toBe(200);
    expect(await roleOf(id)).toBe('user');
    // Decided on the stored state (admin), not the remembered one (client).
    expect((await roleChanges(stream)).at(-1)).toEqual({ from: 'admin', to: 'user' });
  });

  it('a stale state that would change nothing: the stored stream is read before answering', async () => {
    const { id, stream } = await clientMadeAdminElsewhere();
    // Remembered: already a client. Stored: an admin, so this is a change.
    expect((await setRole(id, 'client')).status).toBe(200);
    expect(await roleOf(id)).toBe('client');
    expect((await roleChanges(stream)).at(-1)).toEqual({ from: 'admin', to: 'client' });
  });

  it('a stale state that hides a deletion: the command answers 404 and appends nothing', async () => {
    const { id, email } = await t.createUser({ role: 'user' });
    const stream = `user-${id}`;
    await setRole(id, 'client');
    await appendElsewhere(stream, { type: 'UserDeleted', data: { userId: id, email } });
    const before = (await t.deps.store.readStream(stream)).length;
    const res = await setRole(id, 'user');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: 'User not found' });
    expect((await t.deps.store.readStream(stream)).length).toBe(before);
  });

  it('a refusal decided on remembered state is checked against the stored stream', async () => {
    const { id } = await t.createUser({ role: 'user' });
    const stream = `user-${id}`;
    await setRole(id, 'client');
    // Remember the user as deleted though the store says otherwise: the refusal (404) must not stand.
    const revision = (await t.deps.store.readStream(stream)).at(-1)!.revision;
    const deleted: UserState = { status: 'deleted', id };
    t.deps.aggregates.set(stream, userDecider, deleted, revision);
    const res = await setRole(id, 'user');
    expect(res.status).toBe(200);
    expect(await roleOf(id)).toBe('user');
  });
});

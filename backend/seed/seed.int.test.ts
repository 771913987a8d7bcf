import { projections } from '@app/projections/registry';
import { replayCheck } from '@app/projections/runtime/rebuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.ts';
import { DatabaseHasClients, type SeedResult, seedBusiness } from './business.ts';

const RealDate = Date;

describe('npm run seed -- --small', () => {
  let t: TestApp;
  let seeded: SeedResult;

  beforeAll(async () => {
    t = await startTestApp();
    seeded = await seedBusiness({ databaseUrl: t.database.url, filesDir: t.config.FILES_DIR, size: 'small' });
  }, 120_000);
  afterAll(() => t?.close());

  it('answers what it made and gives the clock back', () => {
    expect(seeded.counts).toMatchObject({ staff: 4, clients: 10, projects: 30, invoices: 30, messages: 300 });
    expect(seeded.counts.paid).toBeGreaterThan(0);
    expect(seeded.counts.partPaid + seeded.counts.unpaid).toBeGreaterThan(0);
    expect(seeded.counts.signed).toBeGreaterThan(0);
    expect(seeded.counts.appointments).toBe(40);
    expect(seeded.seconds).toBeLessThan(60);
    expect(globalThis.Date).toBe(RealDate);
    expect(Math.abs(Date.now() - RealDate.now())).toBeLessThan(1000);
  });

  it('lets the printed admin see every client, project, invoice and conversation', async () => {
    const token = await t.login(seeded.signIns.admin.email, seeded.signIns.admin.password);
    const clients = await t.call('GET', '/api/clients', undefined, token);
    expect(clients.status).toBe(200);
    expect(clients.body).toHaveLength(10);
    const projects = await t.call('GET', '/api/projects', undefined, token);
    expect(projects.body).toHaveLength(30);
    expect(projects.body.filter((p: { photos: unknown[] }) => p.photos.length > 0).length).toBeGreaterThan(0);
    const payments = await t.call('GET', '/api/payments', undefined, token);
    expect(payments.body).toHaveLength(30);
    const statuses = new Set(payments.body.map((p: { status: string }) => p.status));
    expect(statuses).toEqual(new Set(['completed', 'pending']));
    // Money received by hand over the history: paid in full, in part, and not at all.
    const paid = payments.body.map(
      (p: { paidCents: number; amountCents: number }) => p.paidCents / p.amountCents,
    );
    expect(paid.some((f: number) => f === 1)).toBe(true);
    expect(paid.some((f: number) => f > 0 && f < 1) || paid.some((f: number) => f === 0)).toBe(true);
    const conversations = await t.call('GET', '/api/messages/conversations', undefined, token);
    expect(conversations.status).toBe(200);
    expect(conversations.body.length).toBeGreaterThanOrEqual(10);
    // A year of business is in the past: invoices are dated over the history, not all today.
    expect(new Set(payments.body.map((p: { invoiceDate: string }) => p.invoiceDate)).size).toBeGreaterThan(5);
  });

  it('lets the printed client sign in and see only their own projects and invoices', async () => {
    const { email, password } = seeded.signIns.client;
    const token = await t.login(email, password);
    const me = await t.call('GET', '/api/clients/me', undefined, token);
    expect(me.status).toBe(200);
    const admin = await t.login(seeded.signIns.admin.email, seeded.signIns.admin.password);
    const all = await t.call('GET', '/api/projects', undefined, admin);
    const theirs = all.body.filter((p: { clientId: number }) => p.clientId === me.body.id);
    const projects = await t.call('GET', '/api/projects', undefined, token);
    expect(projects.status).toBe(200);
    expect(projects.body.map((p: { id: number }) => p.id).sort()).toEqual(
      theirs.map((p: { id: number }) => p.id).sort(),
    );
    const payments = await t.call('GET', '/api/payments/client', undefined, token);
    expect(payments.status).toBe(200);
    for (const p of payments.body) expect(p.clientId).toBe(me.body.id);
    const everyone = await t.call('GET', '/api/payments', undefined, admin);
    expect(payments.body).toHaveLength(
      everyone.body.filter((p: { clientId: number }) => p.clientId === me.body.id).length,
    );
    // Someone else's project answers as a missing one.
    const other = all.body.find((p: { clientId: number }) => p.clientId !== me.body.id);
    expect((await t.call('GET', `/api/projects/${other.id}`, undefined, token)).status).toBe(404);
  });

  it('rebuilds every read model from its events to the same rows (replay-check)', async () => {
    for (const p of projections)
      expect({ [p.name]: await replayCheck(t.deps.db, t.deps.store, p) }).toEqual({ [p.name]: [] });
  }, 120_000);

  it('refuses a database that has clients already', async () => {
    await expect(
      seedBusiness({ databaseUrl: t.database.url, filesDir: t.config.FILES_DIR, size: 'small' }),
    ).rejects.toBeInstanceOf(DatabaseHasClients);
  });
});

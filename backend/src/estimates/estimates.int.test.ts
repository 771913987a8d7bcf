import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  ESTIMATE_ACCEPTED_LOCKED,
  ESTIMATE_HAS_PROJECT,
  ESTIMATE_NEEDS_CLIENT,
  ESTIMATE_NOT_FOUND,
  QUOTE_NOT_OPEN,
  QUOTE_PROJECT_NOT_CLIENTS,
  type TEstimate,
  TOTAL_NEGATIVE,
} from '@app/contracts/api/estimates';
import { DEFAULT_PRICING } from '@app/contracts/estimates/pricing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { eventCount, SIGNATURE_DATA_URL } from '../../test/cast.ts';
import { portalClientWithProject } from '../../test/clients.ts';
import { openSocket } from '../../test/sockets.ts';
import { nextQuoteNumber, QUOTE_CLIENT_NO_PORTAL, QUOTE_NEEDS_CLIENT, quoteExpired } from './decide.ts';
import { quoteSha256 } from './quote-hash.ts';

const DAY_MS = 86_400_000;

describe('estimates API', () => {
  let t: TestApp;
  let mine: { token: string; clientId: number; projectId: number };
  let theirs: { token: string; clientId: number; projectId: number };
  /** A client without a portal sign-in. */
  let offline: number;

  beforeAll(async () => {
    t = await startTestApp();
    mine = await portalClientWithProject(t, { name: 'Ada Estimates', email: 'quote1@example.com' });
    theirs = await portalClientWithProject(t, { name: 'Bo Other', email: 'quote2@example.com' });
    const made = await t.call(
      'POST',
      '/api/clients',
      { name: 'Cy Offline', email: 'quote3@example.com', portalAccess: false },
      t.adminToken,
    );
    offline = (made.body.client?.id ?? made.body.id) as number;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    title: 'Cabin cameras',
    jobName: 'Cabin',
    clientId: mine.clientId,
    projectId: mine.projectId,
    cameraType: 'wired',
    cameraCount: 4,
    wireLength: 100,
    propertyType: 'house',
    location: 'Anchorage',
    ...over,
  });

  /** POST /api/estimates as the admin, with an Idempotency-Key when given. */
  const post = async (payload: unknown, key?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/estimates',
      headers: { authorization: `Bearer ${t.adminToken}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await post(body(over));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as TEstimate;
  };
  const call = async (method: string, url: string, payload?: unknown, token = t.adminToken) => {
    const res = await t.call(method, url, payload, token);
    return res as { status: number; body: TEstimate & { message: string } };
  };
  /** A refused request: its status and message, and no event stored. */
  const refused = async (
    method: string,
    url: string,
    payload: unknown,
    status: number,
    message: string,
    token = t.adminToken,
  ) => {
    const before = await eventCount(t);
    const res = await t.call(method, url, payload, token);
    expect({ status: res.status, message: res.body?.message }).toEqual({ status, message });
    expect(await eventCount(t)).toBe(before);
  };
  const streamEvents = async (stream: string) =>
    (
      await t.database.pool.query<{ type: string; data: Record<string, unknown>; tx: string }>(
        'SELECT type, data, transaction_id::text AS tx FROM es_events WHERE stream_name = $1 ORDER BY global_position',
        [stream],
      )
    ).rows;

  it('prices a new estimate on the server with the current pricing, never with amounts the browser sent', async () => {
    const made = await create({
      totalCost: 1,
      breakdown: { cameras: 1, wiring: 1, starlink: 1, labor: 1, additional: 1 },
      timeline: 'Tomorrow',
      recommendations: ['Buy more'],
    });
    expect(made).toMatchObject({
      title: 'Cabin cameras',
      clientId: mine.clientId,
      clientName: 'Ada Estimates',
      projectId: mine.projectId,
      projectTitle: 'Job',
      // 4 × $110, 100 ft × $3, 7 h × $75.
      breakdown: { cameras: 44_000, wiring: 30_000, starlink: 0, labor: 52_500, additional: 0 },
      calculatedTotalCents: 126_500,
      totalCents: 126_500,
      totalCost: 1265,
      adjusted: false,
      timeline: '3-7 days',
      kind: 'cameras',
      status: 'draft',
      pricing: DEFAULT_PRICING,
      pricingSavedAt: null,
      sentAt: null,
    });
    expect(made.recommendations).toEqual(['Consider adding System Training or Extended Warranty.']);
    expect(made.description).toBe(
      'Installation of 4 wired security cameras with 100 ft of cable at a house in Anchorage.',
    );
    expect(made.quoteNumber).toMatch(/^NGS\d{6}$/);
    expect(Date.parse(made.validUntil) - Date.parse(made.createdAt)).toBe(30 * DAY_MS);
    // The list (newest first) and the read agree.
    const list = (await call('GET', '/api/estimates')).body as unknown as TEstimate[];
    expect(list[0]).toEqual(made);
    expect((await call('GET', `/api/estimates/${made.id}`)).body).toEqual(made);
  });

  it('reprices an estimate with its own pricing after the pricing changed; a new one takes the new pricing', async () => {
    const old = await create();
    const saved = await t.call(
      'PUT',
      '/api/settings',
      { section: 'pricing', data: { ...DEFAULT_PRICING, wiredCameraPrice: 200 } },
      t.adminToken,
    );
    expect(saved.status).toBe(200);
    try {
      const fresh = await create();
      expect(fresh.breakdown.cameras).toBe(80_000);
      expect(fresh.pricing?.wiredCameraPrice).toBe(200);
      expect(fresh.pricingSavedAt).not.toBeNull();

      const changed = await call('PATCH', `/api/estimates/${old.id}`, { cameraCount: 5 });
      expect(changed.status).toBe(200);
      // 5 × $110 (its own pricing) and 8.5 h × $75 ($637.50, to whole dollars).
      expect(changed.body).toMatchObject({
        cameraCount: 5,
        breakdown: { cameras: 55_000, labor: 63_800 },
        calculatedTotalCents: 148_800,
        pricing: DEFAULT_PRICING,
        pricingSavedAt: null,
        // The calculator's description follows the new count.
        description: 'Installation of 5 wired security cameras with 100 ft of cable at a house in Anchorage.',
        // Untouched fields stay.
        clientId: mine.clientId,
        projectId: mine.projectId,
        jobName: 'Cabin',
      });
    } finally {
      // The later tests price with the defaults.
      await t.call('PUT', '/api/settings', { section: 'pricing', data: DEFAULT_PRICING }, t.adminToken);
    }
  });

  it('keeps a hand-set total beside the calculated one; none when it equals it; a negative one is refused', async () => {
    const made = await create();
    const adjusted = await call('PATCH', `/api/estimates/${made.id}`, { totalCost: 1000.5 });
    expect(adjusted.body).toMatchObject({
      calculatedTotalCents: 126_500,
      totalCents: 100_050,
      totalCost: 1000.5,
      adjusted: true,
    });
    const same = await call('PATCH', `/api/estimates/${made.id}`, { totalCost: '1265' });
    expect(same.body).toMatchObject({ totalCents: 126_500, adjusted: false });
    await refused(
      'PATCH',
      `/api/estimates/${made.id}`,
      { totalCost: -5 },
      400,
      `totalCost: ${TOTAL_NEGATIVE}`,
    );
    // A total below a cent would be kept as 0 cents; a third decimal as money nobody typed.
    for (const totalCost of [1e-9, 0.004, 1000.005])
      await refused(
        'PATCH',
        `/api/estimates/${made.id}`,
        { totalCost },
        400,
        'totalCost: Total cost has at most two decimals',
      );
  });

  it('refuses what cannot be priced or named, with a clear 400, and stores nothing', async () => {
    await refused(
      'POST',
      '/api/estimates',
      body({ cameraCount: 2.5 }),
      400,
      'cameraCount: Number of cameras must be a whole number',
    );
    await refused(
      'POST',
      '/api/estimates',
      body({ cameraCount: -1 }),
      400,
      'cameraCount: Number of cameras cannot be negative',
    );
    await refused(
      'POST',
      '/api/estimates',
      body({ wireLength: 10.5 }),
      400,
      'wireLength: Wire length must be a whole number',
    );
    await refused(
      'POST',
      '/api/estimates',
      body({ cameraCount: 0 }),
      400,
      'Number of cameras must be between 1 and 32',
    );
    await refused(
      'POST',
      '/api/estimates',
      body({ propertyType: 'castle' }),
      400,
      "Unknown property type: castle. Choose one of the pricing's property types.",
    );
    await refused(
      'POST',
      '/api/estimates',
      body({ additionalServices: ['gold'] }),
      400,
      'Unknown service: gold',
    );
    await refused(
      'POST',
      '/api/estimates',
      body({ projectId: theirs.projectId }),
      400,
      QUOTE_PROJECT_NOT_CLIENTS,
    );
    await refused(
      'POST',
      '/api/estimates',
      body({ clientId: 999_999, projectId: null }),
      400,
      'Please select a client: client 999999 was not found.',
    );
    const made = await create();
    await refused(
      'PATCH',
      `/api/estimates/${made.id}`,
      { projectId: theirs.projectId },
      400,
      QUOTE_PROJECT_NOT_CLIENTS,
    );
    await refused(
      'PATCH',
      `/api/estimates/${made.id}`,
      { propertyType: 'castle' },
      400,
      "Unknown property type: castle. Choose one of the pricing's property types.",
    );
    await refused('PATCH', `/api/estimates/${made.id}`, {}, 400, 'Nothing to change');
    await refused('PATCH', '/api/estimates/999999', { title: 'x' }, 404, ESTIMATE_NOT_FOUND);
  });

  it('changing the client clears the project, unless a project of the new client is named', async () => {
    const made = await create();
    const moved = await call('PATCH', `/api/estimates/${made.id}`, { clientId: theirs.clientId });
    expect(moved.body).toMatchObject({ clientId: theirs.clientId, clientName: 'Bo Other', projectId: null });
    const back = await call('PATCH', `/api/estimates/${made.id}`, {
      clientId: mine.clientId,
      projectId: mine.projectId,
    });
    expect(back.body).toMatchObject({
      clientId: mine.clientId,
      projectId: mine.projectId,
      projectTitle: 'Job',
    });
  });

  it('gives each estimate its own quote number, the next one when the time’s is taken', async () => {
    const now = new Date('2026-05-04T03:02:01.234Z');
    vi.useFakeTimers({ toFake: ['Date'], now });
    const first = await create();
    const second = await create();
    vi.useRealTimers();
    // The last six digits of the time in milliseconds.
    expect(first.quoteNumber).toBe(`NGS${String(now.getTime()).slice(-6)}`);
    expect(second.quoteNumber).toBe(nextQuoteNumber(first.quoteNumber));
    const claims = await streamEvents(`unique-quote-${second.quoteNumber}`);
    expect(claims.map((c) => c.data.owner)).toEqual([`estimate-${second.id}`]);
  });

  it('makes one estimate for one Idempotency-Key, however often it is sent', async () => {
    const key = 'estimate-key-0001';
    const first = await post(body({ title: 'Keyed' }), key);
    const before = await eventCount(t);
    const again = await post(body({ title: 'Keyed' }), key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await eventCount(t)).toBe(before);
    const list = (await call('GET', '/api/estimates')).body as unknown as TEstimate[];
    expect(list.filter((e) => e.title === 'Keyed')).toHaveLength(1);
  });

  it('Create Project: a pending project from the estimate and the link, in one change', async () => {
    const made = await create({ projectId: null, cameraCount: 10, propertyType: 'commercial_small' });
    const res = await t.call('POST', `/api/estimates/${made.id}/project`, undefined, t.adminToken);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { estimate, projectId } = res.body as { estimate: TEstimate; projectId: number };
    expect(estimate).toMatchObject({ id: made.id, projectId, projectTitle: 'Cabin cameras' });
    const project = (await t.call('GET', `/api/projects/${projectId}`, undefined, t.adminToken)).body;
    expect(project).toMatchObject({
      clientId: mine.clientId,
      title: 'Cabin cameras',
      description: made.description,
      type: 'security_cameras',
      status: 'pending',
      estimatedCost: made.totalCost,
      timeline: '2-4 weeks',
    });
    const projectEvents = await streamEvents(`project-${projectId}`);
    const linked = (await streamEvents(`estimate-${made.id}`)).filter(
      (e) => e.type === 'EstimateProjectLinked',
    );
    expect(projectEvents.map((e) => e.type)).toEqual(['ProjectCreated']);
    expect(linked).toHaveLength(1);
    expect(linked[0]!.tx).toBe(projectEvents[0]!.tx);

    await refused('POST', `/api/estimates/${made.id}/project`, undefined, 409, ESTIMATE_HAS_PROJECT);
    const nobodys = await create({ clientId: null, projectId: null });
    await refused('POST', `/api/estimates/${nobodys.id}/project`, undefined, 400, ESTIMATE_NEEDS_CLIENT);
  });

  it("sends a quote to the client's portal, and the client accepts it with a signature", async () => {
    const made = await create();
    const admins = await openSocketFor(t);
    const from = admins.messages.length;
    const sent = await call('POST', `/api/estimates/${made.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.status).toBe('sent');
    expect(Date.parse(sent.body.validUntil) - Date.parse(sent.body.sentAt!)).toBe(30 * DAY_MS);
    await admins.next((m) => m.type === 'ADMIN_DATA_UPDATE' && m.syncType === 'estimate', from);
    admins.socket.close();

    // The client reads their own quote without the pricing; another client is told it does not exist.
    const read = await call('GET', `/api/estimates/${made.id}`, undefined, mine.token);
    expect(read.body).toMatchObject({ id: made.id, status: 'sent', pricing: null, totalCents: 126_500 });
    const theirList = (await call('GET', '/api/estimates', undefined, mine.token))
      .body as unknown as TEstimate[];
    expect(theirList.map((e) => e.id)).toContain(made.id);
    expect(theirList.every((e) => e.status !== 'draft' && e.pricing === null)).toBe(true);
    await refused('GET', `/api/estimates/${made.id}`, undefined, 404, ESTIMATE_NOT_FOUND, theirs.token);
    const otherList = (await call('GET', '/api/estimates', undefined, theirs.token))
      .body as unknown as TEstimate[];
    expect(otherList.map((e) => e.id)).not.toContain(made.id);
    const accept = { signerName: 'Ada Estimates', signatureData: SIGNATURE_DATA_URL };
    await refused('POST', `/api/estimates/${made.id}/accept`, accept, 404, ESTIMATE_NOT_FOUND, theirs.token);

    const accepted = await call('POST', `/api/estimates/${made.id}/accept`, accept, mine.token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', signerName: 'Ada Estimates', pricing: null });
    const events = await streamEvents(`estimate-${made.id}`);
    const sentEvent = events.find((e) => e.type === 'EstimateSent')!;
    const acceptedEvent = events.find((e) => e.type === 'EstimateAccepted')!;
    // The hash covers what the client read, as its API answer shows it.
    expect(sentEvent.data.quoteSha256).toBe(quoteSha256(read.body));
    expect(acceptedEvent.data).toMatchObject({
      quoteSha256: sentEvent.data.quoteSha256,
      signerName: 'Ada Estimates',
      projectId: mine.projectId,
      ip: '127.0.0.1',
    });
    expect(
      existsSync(join(t.config.FILES_DIR, 'documents', acceptedEvent.data.signatureFile as string)),
    ).toBe(true);

    await refused('PATCH', `/api/estimates/${made.id}`, { title: 'Changed' }, 409, ESTIMATE_ACCEPTED_LOCKED);
    await refused('DELETE', `/api/estimates/${made.id}`, undefined, 409, ESTIMATE_ACCEPTED_LOCKED);
    await refused('POST', `/api/estimates/${made.id}/accept`, accept, 409, QUOTE_NOT_OPEN, mine.token);
    const trail = await t.call('GET', `/api/audit?stream=estimate-${made.id}`, undefined, t.adminToken);
    expect(trail.body.map((e: { type: string }) => e.type)).toEqual([
      'EstimateAccepted',
      'EstimateSent',
      'EstimateCreated',
    ]);
  });

  it('accepting a quote without a project makes a pending one in the same change', async () => {
    const made = await create({ projectId: null, cameraType: 'none', cameraCount: 0, starlinkInstall: true });
    await call('POST', `/api/estimates/${made.id}/send`);
    const accepted = await call(
      'POST',
      `/api/estimates/${made.id}/accept`,
      { signerName: 'Ada', signatureData: SIGNATURE_DATA_URL },
      mine.token,
    );
    expect(accepted.status).toBe(200);
    const projectId = accepted.body.projectId!;
    expect(projectId).not.toBeNull();
    const project = (await t.call('GET', `/api/projects/${projectId}`, undefined, t.adminToken)).body;
    expect(project).toMatchObject({
      clientId: mine.clientId,
      type: 'starlink',
      status: 'pending',
      estimatedCost: 599 + 150,
    });
    const [created] = await streamEvents(`project-${projectId}`);
    const acceptedEvent = (await streamEvents(`estimate-${made.id}`)).find(
      (e) => e.type === 'EstimateAccepted',
    );
    expect(acceptedEvent?.tx).toBe(created?.tx);
  });

  it('sending needs a client with a portal sign-in; editing a sent quote makes it a draft again', async () => {
    const nobodys = await create({ clientId: null, projectId: null });
    await refused('POST', `/api/estimates/${nobodys.id}/send`, undefined, 409, QUOTE_NEEDS_CLIENT);
    const offlines = await create({ clientId: offline, projectId: null });
    await refused('POST', `/api/estimates/${offlines.id}/send`, undefined, 409, QUOTE_CLIENT_NO_PORTAL);

    const made = await create();
    await call('POST', `/api/estimates/${made.id}/send`);
    const edited = await call('PATCH', `/api/estimates/${made.id}`, { specialRequirements: 'Ladder needed' });
    expect(edited.body).toMatchObject({ status: 'draft', sentAt: null });
    await refused('GET', `/api/estimates/${made.id}`, undefined, 404, ESTIMATE_NOT_FOUND, mine.token);
    await refused(
      'POST',
      `/api/estimates/${made.id}/accept`,
      { signerName: 'Ada', signatureData: SIGNATURE_DATA_URL },
      404,
      ESTIMATE_NOT_FOUND,
      mine.token,
    );
  });

  it('the client declines a sent quote with a reason', async () => {
    const made = await create();
    await call('POST', `/api/estimates/${made.id}/send`);
    await refused(
      'POST',
      `/api/estimates/${made.id}/decline`,
      { reason: ' ' },
      400,
      'reason: Please tell us why you are declining',
      mine.token,
    );
    await refused(
      'POST',
      `/api/estimates/${made.id}/decline`,
      { reason: 'No' },
      404,
      ESTIMATE_NOT_FOUND,
      theirs.token,
    );
    const declined = await call(
      'POST',
      `/api/estimates/${made.id}/decline`,
      { reason: 'Too dear' },
      mine.token,
    );
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: 'Too dear' });
    await refused(
      'POST',
      `/api/estimates/${made.id}/decline`,
      { reason: 'Again' },
      409,
      QUOTE_NOT_OPEN,
      mine.token,
    );
  });

  it('an expired quote can no longer be accepted', async () => {
    const made = await create();
    const sent = await call('POST', `/api/estimates/${made.id}/send`);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(sent.body.validUntil) + 1000 });
    await refused(
      'POST',
      `/api/estimates/${made.id}/accept`,
      { signerName: 'Ada', signatureData: SIGNATURE_DATA_URL },
      409,
      quoteExpired(sent.body.validUntil),
      mine.token,
    );
  });

  it('deletes a draft: gone from the list and the read', async () => {
    const made = await create();
    const res = await t.call('DELETE', `/api/estimates/${made.id}`, undefined, t.adminToken);
    expect(res.body).toEqual({ success: true });
    await refused('GET', `/api/estimates/${made.id}`, undefined, 404, ESTIMATE_NOT_FOUND);
    const list = (await call('GET', '/api/estimates')).body as unknown as TEstimate[];
    expect(list.map((e) => e.id)).not.toContain(made.id);
  });
});

/** An admin's live socket (the app listens on a free port for it). */
async function openSocketFor(t: TestApp) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return openSocket(t, t.adminToken);
}

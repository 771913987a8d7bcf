import {
  ESTIMATE_ACCEPTED_LOCKED,
  ESTIMATE_HAS_PROJECT,
  ESTIMATE_NEEDS_CLIENT,
  ESTIMATE_NOT_FOUND,
  QUOTE_NOT_OPEN,
  QUOTE_PROJECT_NOT_CLIENTS,
} from '@app/contracts/api/estimates';
import { calculateQuote } from '@app/contracts/estimates/calculate';
import { DEFAULT_PRICING, type Pricing } from '@app/contracts/estimates/pricing';
import { encodeEvent } from '@app/contracts/events/domain';
import type { TEstimateEvent } from '@app/contracts/events/estimates';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../platform/errors.ts';
import {
  acceptEstimate,
  type ClientFacts,
  changeEstimate,
  createEstimate,
  declineEstimate,
  deleteEstimate,
  type EstimateChanges,
  type EstimateFields,
  type EstimateState,
  estimateDecider,
  estimateStream,
  linkProject,
  nextQuoteNumber,
  ONLY_CLIENT_ANSWERS,
  projectFromEstimate,
  QUOTE_CHANGED,
  QUOTE_CLIENT_NO_PORTAL,
  QUOTE_NEEDS_CLIENT,
  quoteContentOf,
  quoteExpired,
  sendEstimate,
} from './decide.ts';
import { quoteSha256 } from './quote-hash.ts';

const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T10:00:00.000Z';
const client: ClientFacts = { id: 3, name: 'Ada Client', portalUserId: 30 };
const ownProject = { id: 7, clientId: 3 };
const fields: EstimateFields = {
  title: ' Cabin cameras ',
  jobName: 'Cabin',
  clientId: 3,
  projectId: 7,
  cameraType: 'wired',
  cameraCount: 4,
  wireLength: 100,
  starlinkInstall: false,
  propertyType: 'house',
  location: 'Anchorage',
  additionalServices: [],
  customLaborHours: null,
  specialRequirements: '',
  description: null,
};
/** A pricing unlike the defaults: cameras at 200, labor at 100 an hour. */
const savedPricing: Pricing = { ...DEFAULT_PRICING, wiredCameraPrice: 200, laborHourlyRate: 100 };
const owner = { userId: 30, role: 'client', clientId: 3 };
const stranger = { userId: 31, role: 'client', clientId: 4 };
const admin = { userId: 1, role: 'admin', clientId: null };

const given = (events: TEstimateEvent[]) => events.reduce(estimateDecider.evolve, estimateDecider.initial);
const when = {
  create: (over: Partial<Parameters<typeof createEstimate>[1]> = {}, state = estimateDecider.initial) =>
    createEstimate(state, {
      estimateId: 9,
      quoteNumber: 'NGS123456',
      fields,
      client,
      project: ownProject,
      pricing: DEFAULT_PRICING,
      pricingSavedAt: null,
      by: 1,
      at,
      ...over,
    }),
  change: (
    state: EstimateState,
    changes: EstimateChanges,
    over: Partial<Parameters<typeof changeEstimate>[1]> = {},
  ) => changeEstimate(state, { changes, client: undefined, project: undefined, by: 1, at: later, ...over }),
  send: (state: EstimateState, over: Partial<Parameters<typeof sendEstimate>[1]> = {}) =>
    sendEstimate(state, { client, by: 1, at: later, ...over }),
  accept: (state: EstimateState, over: Partial<Parameters<typeof acceptEstimate>[1]> = {}) =>
    acceptEstimate(state, {
      actor: owner,
      signerName: ' Ada Client ',
      ip: '203.0.113.9',
      userAgent: 'test',
      signatureFile: `${'a'.repeat(64)}.png`,
      projectId: 7,
      at: '2026-03-10T10:00:00.000Z',
      ...over,
    }),
};
const created = () => when.create()[0]!;
const sentEvents = () => {
  const events = [created()];
  return [...events, ...when.send(given(events))];
};

/** The error a decision throws: its status and message. */
function refusal(decide: () => unknown) {
  try {
    decide();
  } catch (err) {
    if (err instanceof DomainError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('the decision was not refused');
}

describe('createEstimate', () => {
  it('prices the estimate with the pricing given and keeps that pricing, on a stream of its own', () => {
    const events = when.create({ pricing: savedPricing, pricingSavedAt: at });
    const quote = calculateQuote({ ...fields, additionalServices: [] }, savedPricing);
    expect(events).toEqual([
      {
        type: 'EstimateCreated',
        data: {
          estimateId: 9,
          quoteNumber: 'NGS123456',
          title: 'Cabin cameras',
          jobName: 'Cabin',
          clientId: 3,
          projectId: 7,
          description: quote.description,
          specialRequirements: '',
          recommendations: quote.recommendations,
          adjustedTotalCents: null,
          cameraType: 'wired',
          cameraCount: 4,
          wireLength: 100,
          starlinkInstall: false,
          propertyType: 'house',
          location: 'Anchorage',
          additionalServices: [],
          customLaborHours: null,
          // 4 × $200, 100 ft × $3, 7 h × $100 (1.5 per camera + 1 per 100 ft).
          breakdown: { cameras: 80_000, wiring: 30_000, starlink: 0, labor: 70_000, additional: 0 },
          totalCents: 180_000,
          laborHours: 7,
          multiplier: 1,
          timeline: '3-7 days',
          kind: 'cameras',
          pricing: savedPricing,
          pricingSavedAt: at,
          createdBy: 1,
          createdAt: at,
        },
      },
    ]);
    for (const e of events) expect(() => encodeEvent(e.type, e.data)).not.toThrow();
    expect(estimateStream(9)).toBe('estimate-9');
    expect(given(events)).toMatchObject({ lifecycle: 'active', status: 'draft', sent: null });
  });

  it("keeps the admin's description, counts no cameras for the camera type none, and each service once", () => {
    const [event] = when.create({
      fields: {
        ...fields,
        description: 'Our words',
        cameraType: 'none',
        starlinkInstall: true,
        additionalServices: ['system-training', 'system-training'],
      },
    });
    expect(event?.data).toMatchObject({
      description: 'Our words',
      cameraCount: 0,
      additionalServices: ['system-training'],
      kind: 'starlink',
      breakdown: { cameras: 0, wiring: 0, starlink: 59_900, labor: 15_000, additional: 15_000 },
      totalCents: 89_900,
    });
  });

  it("refuses what the calculator cannot price with the calculator's reason (400)", () => {
    expect(refusal(() => when.create({ fields: { ...fields, propertyType: 'castle' } }))).toEqual({
      status: 400,
      message: "Unknown property type: castle. Choose one of the pricing's property types.",
    });
    expect(
      refusal(() => when.create({ fields: { ...fields, additionalServices: ['gold-plating'] } })),
    ).toEqual({ status: 400, message: 'Unknown service: gold-plating' });
    expect(refusal(() => when.create({ fields: { ...fields, cameraCount: 0 } }))).toEqual({
      status: 400,
      message: 'Number of cameras must be between 1 and 32',
    });
    expect(refusal(() => when.create({ fields: { ...fields, customLaborHours: 1.25 } })).status).toBe(400);
  });

  it('refuses a client that does not exist, and a project that is not the client’s (400)', () => {
    expect(refusal(() => when.create({ client: undefined }))).toEqual({
      status: 400,
      message: 'Please select a client: client 3 was not found.',
    });
    const notClients = { status: 400, message: QUOTE_PROJECT_NOT_CLIENTS };
    expect(refusal(() => when.create({ project: { id: 7, clientId: 4 } }))).toEqual(notClients);
    expect(refusal(() => when.create({ project: undefined }))).toEqual(notClients);
    expect(refusal(() => when.create({ fields: { ...fields, clientId: null }, client: undefined }))).toEqual(
      notClients,
    );
    // Neither: an estimate for nobody yet.
    const [event] = when.create({
      fields: { ...fields, clientId: null, projectId: null },
      client: undefined,
    });
    expect(event?.data).toMatchObject({ clientId: null, projectId: null });
  });

  it('is made once: a second create on the same stream is refused (409)', () => {
    expect(refusal(() => when.create({}, given([created()]))).status).toBe(409);
  });
});

describe('changeEstimate', () => {
  it('reprices with the pricing the estimate was made with, whatever the settings say now', () => {
    const state = given(when.create({ pricing: savedPricing, pricingSavedAt: at }));
    const [event] = when.change(state, { cameraCount: 5 });
    // 5 × $200 and 8.5 h × $100: the saved pricing's prices, not the defaults'.
    expect(event).toMatchObject({
      type: 'EstimateChanged',
      data: {
        estimateId: 9,
        cameraCount: 5,
        breakdown: { cameras: 100_000, wiring: 30_000, labor: 85_000 },
        totalCents: 215_000,
        changedBy: 1,
        changedAt: later,
      },
    });
    expect(() => encodeEvent(event!.type, event!.data)).not.toThrow();
  });

  it('keeps a hand-set total as an adjustment, none when it equals the calculated total or is cleared', () => {
    const state = given([created()]);
    const [adjusted] = when.change(state, { totalCost: 1200.5 });
    expect(adjusted?.data).toMatchObject({ adjustedTotalCents: 120_050, totalCents: 126_500 });
    expect(when.change(state, { totalCost: 1265 })).toEqual([]);
    const withAdjustment = given([created(), adjusted!]);
    expect(when.change(withAdjustment, { totalCost: null })[0]?.data).toMatchObject({
      adjustedTotalCents: null,
    });
    // An edit of something else keeps the adjustment.
    expect(when.change(withAdjustment, { title: 'Renamed' })[0]?.data).toMatchObject({
      adjustedTotalCents: 120_050,
    });
  });

  it("follows the calculator's description when the admin did not write one, keeps theirs when they did", () => {
    const plain = given([created()]);
    const [event] = when.change(plain, { cameraCount: 6 });
    expect(event?.data).toMatchObject({ description: expect.stringContaining('6 wired security cameras') });
    const own = given([created(), ...when.change(plain, { description: 'Our words' })]);
    expect(when.change(own, { cameraCount: 6 })[0]?.data).toMatchObject({ description: 'Our words' });
  });

  it('a new client clears the project, unless a project of theirs is named', () => {
    const state = given([created()]);
    const other: ClientFacts = { id: 4, name: 'Bo', portalUserId: null };
    expect(when.change(state, { clientId: 4 }, { client: other })[0]?.data).toMatchObject({
      clientId: 4,
      projectId: null,
    });
    expect(
      when.change(state, { clientId: 4, projectId: 8 }, { client: other, project: { id: 8, clientId: 4 } })[0]
        ?.data,
    ).toMatchObject({ clientId: 4, projectId: 8 });
    expect(refusal(() => when.change(state, { projectId: 8 }, { project: { id: 8, clientId: 4 } }))).toEqual({
      status: 400,
      message: QUOTE_PROJECT_NOT_CLIENTS,
    });
    expect(refusal(() => when.change(state, { clientId: 5 })).status).toBe(400);
  });

  it('records nothing for a change that changes nothing', () => {
    expect(when.change(given([created()]), { title: 'Cabin cameras', cameraCount: 4 })).toEqual([]);
  });

  it('makes a sent quote a draft again; an accepted one cannot change (409)', () => {
    const sent = given(sentEvents());
    expect(sent).toMatchObject({ status: 'sent' });
    const changed = given([...sentEvents(), ...when.change(sent, { title: 'New title' })]);
    expect(changed).toMatchObject({ status: 'draft', sent: null, title: 'New title' });
    const accepted = given([...sentEvents(), ...when.accept(sent)]);
    expect(refusal(() => when.change(accepted, { title: 'x' }))).toEqual({
      status: 409,
      message: ESTIMATE_ACCEPTED_LOCKED,
    });
    expect(refusal(() => when.change(estimateDecider.initial, { title: 'x' }))).toEqual({
      status: 404,
      message: ESTIMATE_NOT_FOUND,
    });
  });
});

describe('deleteEstimate', () => {
  it('deletes a draft (then it is gone: 404), never an accepted one (409)', () => {
    const events = deleteEstimate(given([created()]), { by: 1, at: later });
    expect(events).toEqual([
      { type: 'EstimateDeleted', data: { estimateId: 9, deletedBy: 1, deletedAt: later } },
    ]);
    expect(refusal(() => deleteEstimate(given([created(), ...events]), { by: 1, at: later })).status).toBe(
      404,
    );
    const sent = given(sentEvents());
    const accepted = given([...sentEvents(), ...when.accept(sent)]);
    expect(refusal(() => deleteEstimate(accepted, { by: 1, at: later })).status).toBe(409);
  });
});

describe('Create Project', () => {
  it('links a project made from the estimate: pending, typed by the quote kind, the total in dollars', () => {
    const state = given(
      [created()].map((e) => ({ ...e, data: { ...e.data, projectId: null } })) as TEstimateEvent[],
    );
    expect(linkProject(state, { projectId: 12, by: 1, at: later })).toEqual([
      { type: 'EstimateProjectLinked', data: { estimateId: 9, projectId: 12, linkedBy: 1, linkedAt: later } },
    ]);
    if (state.lifecycle !== 'active') throw new Error('no estimate');
    expect(projectFromEstimate(state, 3)).toMatchObject({
      clientId: 3,
      title: 'Cabin cameras',
      type: 'security_cameras',
      status: 'pending',
      estimatedCost: 1265,
      timeline: '3-7 days',
    });
    expect(projectFromEstimate({ ...state, kind: 'starlink', adjustedTotalCents: 50_050 }, 3)).toMatchObject({
      type: 'starlink',
      estimatedCost: 500.5,
    });
    expect(projectFromEstimate({ ...state, kind: 'consultation' }, 3).type).toBe('consultation');
  });

  it('needs a client (400) and an estimate without a project (409)', () => {
    const [withoutClient] = when.create({
      fields: { ...fields, clientId: null, projectId: null },
      client: undefined,
    });
    expect(refusal(() => linkProject(given([withoutClient!]), { projectId: 12, by: 1, at }))).toEqual({
      status: 400,
      message: ESTIMATE_NEEDS_CLIENT,
    });
    expect(refusal(() => linkProject(given([created()]), { projectId: 12, by: 1, at }))).toEqual({
      status: 409,
      message: ESTIMATE_HAS_PROJECT,
    });
  });
});

describe('sendEstimate', () => {
  it('sends to the client, open 30 days, with the hash of what they will read', () => {
    const state = given([created()]);
    const [event] = when.send(state);
    const validUntil = '2026-04-01T10:00:00.000Z';
    if (state.lifecycle !== 'active') throw new Error('no estimate');
    expect(event).toEqual({
      type: 'EstimateSent',
      data: {
        estimateId: 9,
        clientId: 3,
        quoteSha256: quoteSha256(quoteContentOf(state, validUntil)),
        validUntil,
        sentBy: 1,
        sentAt: later,
      },
    });
    expect(() => encodeEvent(event!.type, event!.data)).not.toThrow();
  });

  it('needs a client with a portal sign-in (409)', () => {
    const [withoutClient] = when.create({
      fields: { ...fields, clientId: null, projectId: null },
      client: undefined,
    });
    expect(refusal(() => when.send(given([withoutClient!]), { client: undefined }))).toEqual({
      status: 409,
      message: QUOTE_NEEDS_CLIENT,
    });
    expect(
      refusal(() => when.send(given([created()]), { client: { ...client, portalUserId: null } })),
    ).toEqual({
      status: 409,
      message: QUOTE_CLIENT_NO_PORTAL,
    });
  });
});

describe('acceptEstimate', () => {
  it("records the client's acceptance: name, signature, where from, the hash sent, the project", () => {
    const events = sentEvents();
    const sent = events[1] as Extract<TEstimateEvent, { type: 'EstimateSent' }>;
    expect(when.accept(given(events))).toEqual([
      {
        type: 'EstimateAccepted',
        data: {
          estimateId: 9,
          acceptedBy: 30,
          signerName: 'Ada Client',
          acceptedAt: '2026-03-10T10:00:00.000Z',
          ip: '203.0.113.9',
          userAgent: 'test',
          quoteSha256: sent.data.quoteSha256,
          signatureFile: `${'a'.repeat(64)}.png`,
          projectId: 7,
        },
      },
    ]);
    expect(given([...events, ...when.accept(given(events))])).toMatchObject({
      status: 'accepted',
      projectId: 7,
    });
  });

  it("is the owning client's alone: a draft or another's quote is not found (404), staff are refused (403)", () => {
    const sent = given(sentEvents());
    const notFound = { status: 404, message: ESTIMATE_NOT_FOUND };
    expect(refusal(() => when.accept(sent, { actor: stranger }))).toEqual(notFound);
    expect(refusal(() => when.accept(given([created()])))).toEqual(notFound);
    expect(refusal(() => when.accept(sent, { actor: admin }))).toEqual({
      status: 403,
      message: ONLY_CLIENT_ANSWERS,
    });
  });

  it('only while the quote is open: not after its answer, not after it expired, not when it changed (409)', () => {
    const events = sentEvents();
    const accepted = given([...events, ...when.accept(given(events))]);
    expect(refusal(() => when.accept(accepted))).toEqual({ status: 409, message: QUOTE_NOT_OPEN });
    expect(refusal(() => when.accept(given(events), { at: '2026-04-01T10:00:00.001Z' }))).toEqual({
      status: 409,
      message: quoteExpired('2026-04-01T10:00:00.000Z'),
    });
    const tampered = events.map((e) =>
      e.type === 'EstimateSent' ? { ...e, data: { ...e.data, quoteSha256: 'b'.repeat(64) } } : e,
    );
    expect(refusal(() => when.accept(given(tampered)))).toEqual({ status: 409, message: QUOTE_CHANGED });
  });
});

describe('declineEstimate', () => {
  it('records the reason while the quote is sent; not once answered (409)', () => {
    const events = sentEvents();
    const declined = declineEstimate(given(events), { actor: owner, reason: ' Too dear ', at: later });
    expect(declined).toEqual([
      {
        type: 'EstimateDeclined',
        data: { estimateId: 9, declinedBy: 30, reason: 'Too dear', declinedAt: later },
      },
    ]);
    const state = given([...events, ...declined]);
    expect(state).toMatchObject({ status: 'declined' });
    expect(refusal(() => declineEstimate(state, { actor: owner, reason: 'Again', at: later }))).toEqual({
      status: 409,
      message: QUOTE_NOT_OPEN,
    });
    expect(
      refusal(() => declineEstimate(given(events), { actor: stranger, reason: 'x', at: later })).status,
    ).toBe(404);
  });
});

describe('quote numbers and the quote hash', () => {
  it('tries the next number, wrapping within six digits', () => {
    expect(nextQuoteNumber('NGS000041')).toBe('NGS000042');
    expect(nextQuoteNumber('NGS999999')).toBe('NGS000000');
  });

  it('hashes exactly what the client reads: any field of it changes the hash, nothing else does', () => {
    const state = given([created()]);
    if (state.lifecycle !== 'active') throw new Error('no estimate');
    const content = quoteContentOf(state, '2026-04-01T10:00:00.000Z');
    const hash = quoteSha256(content);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // The estimate's API answer carries more fields, and its instants may be written another way.
    expect(quoteSha256({ ...content, validUntil: '2026-04-01T10:00:00Z', ...{ pricing: null, id: 1 } })).toBe(
      hash,
    );
    for (const changed of [
      { title: 'Other' },
      { totalCents: content.totalCents + 1 },
      { recommendations: [] },
      { selectedServices: [{ id: 'x', name: 'X', price: 1 }] },
      { specialRequirements: 'Ladder' },
      { validUntil: '2026-04-02T10:00:00.000Z' },
      { breakdown: { ...content.breakdown, labor: 1 } },
    ])
      expect(quoteSha256({ ...content, ...changed })).not.toBe(hash);
  });
});

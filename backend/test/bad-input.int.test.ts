import { ZErrorBody } from '@app/contracts/api/errors';
import { projections } from '@app/projections/registry';
import { projectionStatus } from '@app/projections/runtime/status';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { badId, badQueryValue, badValue, brokenJson, wrongContentType } from './bad-input.ts';
import {
  type Caller,
  type Cast,
  castOf,
  eventCount,
  imageUpload,
  routesWithoutRows,
  SIGNATURE_DATA_URL,
} from './cast.ts';
import { eventually } from './eventually.ts';

/**
 * Property: whatever malformed input reaches a route, the answer is never a 5xx, every 4xx has the error
 * shape, and a refused request appends no event. Every route has a row (a new route without one fails
 * the first test): its caller and one valid request, which the generated cases then spoil.
 */
interface Row {
  /** Who sends the cases (default admin, so they get past the guards to the input). */
  caller?: Caller;
  params?: (c: Cast) => Record<string, string | number>;
  query?: (c: Cast) => Record<string, string>;
  body?: (c: Cast) => unknown;
  /** The route reads a multipart/form-data upload. */
  multipart?: true;
  /** Fewer cases for routes that hash a password on every call (each costs a tenth of a second). */
  runs?: number;
}

const consultation = {
  name: 'Pat Public',
  email: 'pat@example.com',
  phone: '907-555-0101',
  preferredDate: '2099-05-06',
  preferredTime: 'morning',
  serviceType: 'security_cameras',
  propertyType: 'residential',
  description: 'Four cameras',
};
const projectFields = {
  title: 'Cabin cameras',
  description: 'Four cameras',
  type: 'security_cameras',
  status: 'approved',
  totalAmount: 1200.5,
  estimatedCost: 900,
  timeline: 'Two weeks',
  jobStartDate: '2026-04-01',
  jobEndDate: '2026-04-15',
  progress: 10,
  notes: 'Gate code 1234',
};
const siteContent = {
  companyTitle: 'Northern Guard',
  companySubtitle: 'Cameras',
  heroDescription: 'Hero',
  servicesDescription: 'Services',
  contactEmail: 'info@example.com',
  contactPhone: '907-555-0100',
  website: 'https://example.com',
  address: 'Anchorage',
};
const pricing = {
  wiredCameraPrice: 150,
  wirelessCameraPrice: 200,
  wireCostPerFoot: 2.5,
  starlinkInstallPrice: 500,
  laborHourlyRate: 50,
  additionalServicePrice: 100,
  propertyTypeMultipliers: { residential: 1, commercial: 1.2 },
  customServices: [{ id: 'svc-1', name: 'Mount', price: 40, description: 'Pole mount' }],
};

const ROWS: Record<string, Row> = {
  'GET /healthz': {},
  'GET /readyz': {},
  'GET /api/ops/readiness': {},
  'GET /ws': {},
  'POST /api/auth/login': {
    runs: 20,
    caller: 'anonymous',
    body: () => ({ email: 'plain-user@example.com', password: 'not-the-password' }),
  },
  'GET /api/auth/user': {},
  'POST /api/auth/ws-ticket': {},
  'POST /api/auth/change-password': {
    runs: 20,
    caller: 'user',
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'another-password-1' }),
  },
  'POST /api/auth/logout': { caller: 'anonymous' },
  'GET /api/logout': { caller: 'anonymous' },
  'POST /api/auth/generate-temp-password': { body: () => ({ userEmail: 'spare-temp@example.com' }) },
  'POST /api/auth/create-user': {
    runs: 20,
    body: () => ({ email: 'fuzz-user@example.com', firstName: 'Fuzz', lastName: 'User', role: 'user' }),
  },
  'GET /api/users': {},
  'GET /api/users/admins': {},
  'POST /api/users/create-admin': {
    runs: 20,
    body: () => ({ email: 'fuzz-admin@example.com', firstName: 'Fuzz', lastName: 'Admin' }),
  },
  'PUT /api/users/:id/role': { params: (c) => ({ id: c.other.userId }), body: () => ({ role: 'client' }) },
  'PUT /api/users/email/:email/role': {
    params: () => ({ email: 'other@example.com' }),
    body: () => ({ role: 'client' }),
  },
  'DELETE /api/users/:id': { params: () => ({ id: 999_999 }) },
  'GET /api/audit': { query: (c) => ({ stream: `client-${c.owner.clientId}` }) },
  'POST /api/consultations': { caller: 'anonymous', body: () => consultation },
  'GET /api/consultations': {},
  'PATCH /api/consultations/:id': {
    params: (c) => ({ id: c.consultationId }),
    body: () => ({
      status: 'contacted',
      notes: 'Called',
      contactedAt: '2026-03-01T10:00:00Z',
      archived: false,
    }),
  },
  'GET /api/clients': {},
  'GET /api/clients/me': { caller: 'owner' },
  'GET /api/clients/:id': { caller: 'owner', params: (c) => ({ id: c.owner.clientId }) },
  'POST /api/clients': {
    body: () => ({
      name: 'Fuzz Client',
      email: 'fuzz-client@example.com',
      phone: '907',
      address: 'Nome',
      userType: 'client',
      portalAccess: false,
    }),
  },
  'PUT /api/clients/:id': {
    params: (c) => ({ id: c.other.clientId }),
    body: () => ({ name: 'Other Client', email: 'other@example.com', phone: '907', address: 'Kenai' }),
  },
  'POST /api/projects': { body: (c) => ({ clientId: c.owner.clientId, ...projectFields }) },
  'GET /api/projects': {},
  'GET /api/projects/client': { caller: 'owner' },
  'GET /api/projects/client/:clientId': { params: (c) => ({ clientId: c.owner.clientId }) },
  'GET /api/projects/:id': { caller: 'owner', params: (c) => ({ id: c.projectId }) },
  'PATCH /api/projects/:id': { params: (c) => ({ id: c.projectId }), body: () => projectFields },
  'PUT /api/projects/:id': {
    params: (c) => ({ id: c.projectId }),
    body: () => ({ ...projectFields, photos: [] }),
  },
  'DELETE /api/projects/:id': { params: () => ({ id: 999_999 }) },
  'POST /api/projects/:id/sync-calendar': { params: (c) => ({ id: c.projectId }) },
  'POST /api/projects/:id/photos': { params: (c) => ({ id: c.projectId }), multipart: true },
  'GET /api/documents': { caller: 'owner' },
  'GET /api/documents/project/:projectId': { caller: 'owner', params: (c) => ({ projectId: c.projectId }) },
  'GET /api/documents/client/:clientId': { params: (c) => ({ clientId: c.owner.clientId }) },
  'GET /api/documents/:id': { caller: 'owner', params: (c) => ({ id: c.documentId }) },
  'POST /api/documents': {
    body: (c) => ({
      title: 'Security Camera Install Quote',
      projectId: c.projectId,
      type: 'form',
      status: 'pending',
      formData: { cameraCount: 4, features: ['night vision'], rush: false },
    }),
  },
  'PATCH /api/documents/:id/sign': {
    caller: 'owner',
    params: (c) => ({ id: c.documentId }),
    body: () => ({ signatureData: SIGNATURE_DATA_URL }),
  },
  'PATCH /api/documents/:id/review': { params: () => ({ id: 999_999 }) },
  'GET /api/documents/:id/file': { caller: 'owner', params: (c) => ({ id: c.fileDocumentId }) },
  'GET /api/documents/:id/download': { caller: 'owner', params: (c) => ({ id: c.fileDocumentId }) },
  'GET /api/documents/:id/signed-pdf': { caller: 'owner', params: (c) => ({ id: c.documentId }) },
  'DELETE /api/documents/:id': { params: () => ({ id: 999_999 }) },
  'POST /api/documents/convert-to-form': { multipart: true },
  'GET /api/forms': {},
  'POST /api/forms': {
    body: () => ({
      title: 'Site Inspection',
      description: 'Before an install',
      type: 'converted',
      originalDocument: 'inspection.pdf',
      sections: [
        {
          id: 'site',
          title: 'Site',
          fields: [{ id: 'hazards', type: 'multiselect', label: 'Hazards', options: ['Dogs'] }],
        },
      ],
    }),
  },
  'PUT /api/forms/:id': {
    params: (c) => ({ id: c.formId }),
    body: () => ({
      title: 'Site Visit',
      sections: [{ id: 'site', fields: [{ id: 'a', type: 'date', label: 'Day' }] }],
    }),
  },
  'DELETE /api/forms/:id': { params: () => ({ id: 999_999 }) },
  'GET /api/messages': {
    caller: 'owner',
    query: (c) => ({ conversationId: `client-${c.owner.clientId}`, limit: '20' }),
  },
  'GET /api/messages/conversations': { caller: 'owner' },
  'GET /api/messages/client': { caller: 'owner' },
  'POST /api/messages': {
    caller: 'owner',
    body: (c) => ({ content: 'Any news?', clientId: c.owner.clientId }),
  },
  'POST /api/messages/internal': { body: (c) => ({ content: 'Call them back', clientId: c.owner.clientId }) },
  'POST /api/messages/read': {
    caller: 'owner',
    body: (c) => ({ conversationId: `client-${c.owner.clientId}`, messageId: c.messageId }),
  },
  'GET /api/clients/for-messaging': {},
  'GET /api/messages/client/:clientId': { params: (c) => ({ clientId: c.owner.clientId }) },
  'GET /api/appointments': {},
  'POST /api/appointments': {
    body: (c) => ({
      title: 'Camera check',
      description: 'Annual visit',
      clientId: c.owner.clientId,
      projectId: c.projectId,
      scheduledDate: '2099-03-08',
      startTime: '09:30',
      endTime: '10:45',
      type: 'maintenance',
      location: 'Cabin',
    }),
  },
  'PATCH /api/appointments/:id': {
    params: (c) => ({ id: c.appointmentId }),
    body: () => ({
      title: 'Camera check, moved',
      scheduledDate: '2099-06-02',
      startTime: '13:00',
      duration: 90,
    }),
  },
  'POST /api/appointments/:id/cancel': { params: () => ({ id: 999_999 }) },
  'GET /api/appointments/client': { caller: 'owner' },
  'GET /api/appointments/client/:clientId': { params: (c) => ({ clientId: c.owner.clientId }) },
  'GET /api/estimates': { caller: 'owner' },
  'GET /api/estimates/:id': { caller: 'owner', params: (c) => ({ id: c.sentEstimateId }) },
  'POST /api/estimates': {
    body: (c) => ({
      title: 'Cabin cameras',
      jobName: 'Cabin',
      clientId: c.owner.clientId,
      projectId: c.projectId,
      cameraType: 'wired',
      cameraCount: 4,
      wireLength: 120,
      starlinkInstall: true,
      propertyType: 'commercial_small',
      location: 'Talkeetna cabin',
      additionalServices: ['system-training'],
      laborHours: 6.5,
      specialRequirements: 'Ladder',
      description: 'Four cameras',
    }),
  },
  'PATCH /api/estimates/:id': {
    params: (c) => ({ id: c.estimateId }),
    body: (c) => ({
      title: 'Cabin cameras, more',
      clientId: c.owner.clientId,
      projectId: c.projectId,
      cameraCount: 6,
      laborHours: '8',
      additionalServices: ['extended-warranty'],
      totalCost: 2500.5,
    }),
  },
  'DELETE /api/estimates/:id': { params: () => ({ id: 999_999 }) },
  'POST /api/estimates/:id/project': { params: () => ({ id: 999_999 }) },
  'POST /api/estimates/:id/send': { params: (c) => ({ id: c.estimateId }) },
  'POST /api/estimates/:id/accept': {
    caller: 'owner',
    params: (c) => ({ id: c.sentEstimateId }),
    body: () => ({ signerName: 'Owning Client', signatureData: SIGNATURE_DATA_URL }),
  },
  'POST /api/estimates/:id/decline': {
    caller: 'owner',
    params: (c) => ({ id: c.declinableEstimateId }),
    body: () => ({ reason: 'Too dear' }),
  },
  'GET /api/estimates/:id/pdf': { caller: 'owner', params: (c) => ({ id: c.sentEstimateId }) },
  'GET /api/estimates/:id/csv': { params: (c) => ({ id: c.estimateId }) },
  'GET /api/calendar/events': { caller: 'owner', query: () => ({ from: '2026-03-01', to: '2026-03-31' }) },
  'GET /api/calendar/feed': { caller: 'owner' },
  'DELETE /api/calendar/feed': { caller: 'owner' },
  'GET /api/calendar/feed/:token.ics': { caller: 'anonymous', params: (c) => ({ token: c.feedToken }) },
  'GET /api/calendar/ics': {
    caller: 'owner',
    query: (c) => ({ type: 'appointment', id: String(c.appointmentId) }),
  },
  'GET /api/auth/google-calendar': { query: () => ({ ticket: 'some-ticket' }) },
  'GET /api/auth/google/callback': {
    caller: 'anonymous',
    query: () => ({ code: 'some-code', state: 'a-state' }),
  },
  'GET /api/calendar/status': {},
  'GET /api/calendar/imported': { query: () => ({ from: '2026-03-01', to: '2026-03-31' }) },
  'POST /api/calendar/disconnect': {},
  'GET /api/calendar/settings': {},
  'PUT /api/calendar/settings': {
    body: () => ({
      connections: [{ type: 'google', enabled: true, syncDirection: 'both', defaultCalendar: 'Work' }],
      autoSyncFrequency: 60,
      conflictResolution: 'latest',
      notifications: true,
    }),
  },
  'POST /api/calendar/add-event': {
    body: () => ({
      title: 'Site visit',
      description: 'Bring ladder',
      startDate: '2026-03-02T10:00',
      endDate: '2026-03-02T11:00',
      location: 'Nome',
    }),
  },
  'POST /api/create-payment-intent': {
    caller: 'owner',
    body: (c) => ({ invoiceId: 1, projectId: c.projectId, amount: 10, description: 'Deposit' }),
  },
  'POST /api/stripe/webhook': {
    caller: 'anonymous',
    body: () => ({ id: 'evt_1', type: 'payment_intent.succeeded' }),
  },
  'GET /api/billing-plans': { query: (c) => ({ clientId: String(c.owner.clientId) }) },
  'POST /api/billing-plans': {
    body: (c) => ({
      clientId: c.owner.clientId,
      projectId: c.projectId,
      service: 'camera_monitoring',
      description: 'Camera monitoring',
      amount: '49.99',
      interval: 'monthly',
      firstBillingDay: '2099-01-31',
    }),
  },
  'PATCH /api/billing-plans/:id': {
    params: () => ({ id: 999_999 }),
    body: () => ({ service: 'website_hosting', description: 'Hosting', amount: 20 }),
  },
  'POST /api/billing-plans/:id/stop': { params: () => ({ id: 999_999 }) },
  'GET /api/billing/card': { caller: 'owner' },
  'POST /api/billing/setup-intent': { caller: 'owner' },
  'POST /api/billing/card-saved': { caller: 'owner', body: () => ({ setupIntentId: 'seti_1' }) },
  'POST /api/invoices': {
    body: (c) => ({
      projectId: c.projectId,
      amount: '1250.50',
      description: 'Cabin cameras',
      invoiceNumber: '',
      dueDate: '2099-01-31',
      currency: 'usd',
      kind: 'deposit',
      paymentMethod: 'custom',
      customMethod: 'Barter',
    }),
  },
  'POST /api/payments': {
    body: (c) => ({ projectId: c.projectId, amount: 99.99, description: 'Visit', status: 'pending' }),
  },
  'GET /api/invoices/:invoiceId': { caller: 'owner', params: (c) => ({ invoiceId: c.invoiceId }) },
  'GET /api/invoices/:invoiceId/pdf': { caller: 'owner', params: (c) => ({ invoiceId: c.invoiceId }) },
  'GET /api/payments': { query: (c) => ({ projectId: String(c.projectId) }) },
  'DELETE /api/payments/:id': { params: () => ({ id: 999_999 }), body: () => ({ reason: 'Billed twice' }) },
  'PATCH /api/invoices/:id/due-date': {
    params: (c) => ({ id: c.invoiceId }),
    body: () => ({ dueDate: '2099-02-28' }),
  },
  'PATCH /api/payments/:id/method': {
    params: (c) => ({ id: c.invoiceId }),
    body: () => ({ paymentMethod: 'custom', customMethod: 'Barter' }),
  },
  'PATCH /api/payments/:id/complete': {
    params: () => ({ id: 999_999 }),
    body: () => ({ status: 'completed', paidAt: '2026-11-20T10:00:00.000Z' }),
  },
  'PATCH /api/payments/:id/status': {
    params: (c) => ({ id: c.invoiceId }),
    body: () => ({ status: 'pending', paidAt: null, reason: 'Bounced' }),
  },
  'PATCH /api/payments/:id/confirm': {
    params: () => ({ id: 999_999 }),
    body: () => ({
      status: 'completed',
      paymentMethod: 'check',
      transactionId: 'CHK-1',
      paidAt: '2026-11-20T10:00:00.000Z',
      amount: 5,
      currency: 'usd',
    }),
  },
  'POST /api/quotes/convert-to-invoice': {
    body: (c) => ({ estimateId: c.sentEstimateId, projectId: c.projectId }),
  },
  'POST /api/estimates/:id/invoice': {
    caller: 'owner',
    params: (c) => ({ id: c.acceptedEstimateId }),
    body: () => ({ choice: 'deposit' }),
  },
  'GET /api/dashboard/revenue': {},
  'GET /api/payments/client': { caller: 'owner' },
  'GET /api/payments/client/:clientId': { params: (c) => ({ clientId: c.owner.clientId }) },
  'GET /api/dashboard/stats': { caller: 'owner' },
  'GET /api/dashboard/notes': { query: () => ({ day: '2026-03-01' }) },
  'POST /api/dashboard/notes': { body: () => ({ day: '2026-03-02', text: 'Order cable' }) },
  'PATCH /api/dashboard/notes/:id': {
    params: (c) => ({ id: c.noteId }),
    body: () => ({ text: 'Order more cable', completed: true }),
  },
  'DELETE /api/dashboard/notes/:id': { params: () => ({ id: 999_999 }) },
  'GET /api/content': { caller: 'anonymous' },
  'GET /api/settings': {},
  'PUT /api/settings': { body: () => ({ section: 'pricing', data: pricing }) },
  'POST /api/settings/logo': { multipart: true },
  'POST /api/content/save': { body: () => siteContent },
  'POST /api/content/contact': {
    body: () => ({
      email: 'info@example.com',
      phone: '907',
      website: 'https://example.com',
      address: 'Nome',
    }),
  },
  'GET /api/files/:kind/:name': {
    caller: 'anonymous',
    params: (c) => {
      const [, , , kind, name] = c.logoUrl.split('?')[0]!.split('/');
      return { kind: kind!, name: name! };
    },
  },
};

type Case =
  | { kind: 'field'; path: (string | number)[]; value: unknown }
  | { kind: 'drop'; path: (string | number)[] }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'raw'; payload: string }
  | { kind: 'contentType'; contentType: string }
  | { kind: 'param'; name: string; value: string }
  | { kind: 'query'; name: string; value: string }
  | { kind: 'repeatQuery'; name: string };

/** Every path to a value inside a JSON body, containers included: each is a place to spoil. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  return [];
}

function spoil(body: unknown, c: Case): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  if (c.kind === 'extra') return { ...copy, [c.key]: c.value };
  if (c.kind !== 'field' && c.kind !== 'drop') return copy;
  let at = copy;
  for (const key of c.path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = c.path.at(-1)!;
  if (c.kind === 'drop') delete at[last];
  else at[last] = c.value;
  return copy;
}

function casesOf(valid: { body: unknown; params: Record<string, unknown>; query: Record<string, string> }) {
  const kinds: fc.Arbitrary<Case>[] = [
    badValue.map((value): Case => ({ kind: 'body', value })),
    brokenJson.map((payload): Case => ({ kind: 'raw', payload })),
    wrongContentType.map((contentType): Case => ({ kind: 'contentType', contentType })),
    fc
      .record({ name: fc.constantFrom('q', 'day', 'id', 'token', '__proto__'), value: badQueryValue })
      .map((q): Case => ({ kind: 'query', ...q })),
  ];
  const paths = pathsOf(valid.body);
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths);
    kinds.push(
      fc.record({ path, value: badValue }).map((f): Case => ({ kind: 'field', ...f })),
      fc.record({ path, value: badValue }).map((f): Case => ({ kind: 'field', ...f })),
      path.map((p): Case => ({ kind: 'drop', path: p })),
      fc
        .record({ key: fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'role'), value: badValue })
        .map((e): Case => ({ kind: 'extra', ...e })),
    );
  }
  const params = Object.keys(valid.params);
  if (params.length > 0) {
    const param = fc
      .record({ name: fc.constantFrom(...params), value: badId })
      .map((p): Case => ({ kind: 'param', ...p }));
    kinds.push(param, param, param);
  }
  const queryNames = Object.keys(valid.query);
  if (queryNames.length > 0) {
    const name = fc.constantFrom(...queryNames);
    kinds.push(
      fc.record({ name, value: badQueryValue }).map((q): Case => ({ kind: 'query', ...q })),
      fc.record({ name, value: badQueryValue }).map((q): Case => ({ kind: 'query', ...q })),
      name.map((n): Case => ({ kind: 'repeatQuery', name: n })),
    );
  }
  return fc.oneof(...(kinds as fc.Arbitrary<Case>[]));
}

const SEED = 20261124;

describe('bad input on every route', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await startTestApp();
    c = await castOf(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a row for every route, and every row names a route', () => {
    expect(routesWithoutRows(t, ROWS)).toEqual({ withoutRow: [], rowsWithoutRoute: [] });
  });

  const problems: string[] = [];
  for (const [route, row] of Object.entries(ROWS)) {
    it(`${route}: never 5xx, always the error shape, no event from a refused request`, async () => {
      const [method, pattern] = route.split(' ') as [string, string];
      const valid = {
        body: row.body?.(c),
        params: row.params?.(c) ?? {},
        query: row.query?.(c) ?? {},
      };
      const token = row.caller === 'anonymous' ? null : c.token(row.caller ?? 'admin');
      const upload = row.multipart ? await imageUpload(token) : null;
      const runs = row.runs ?? (row.body || row.multipart || row.params || row.query ? 60 : 20);
      const cases = fc.sample(casesOf(valid), { seed: SEED, numRuns: runs });
      const found: string[] = [];
      for (const kase of cases) {
        const params: Record<string, unknown> = { ...valid.params };
        if (kase.kind === 'param') params[kase.name] = kase.value;
        const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
          kase.kind === 'param' && kase.name === name
            ? String(params[name])
            : encodeURIComponent(String(params[name])),
        );
        const query = Object.entries(valid.query).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
        if (kase.kind === 'query') query.push(`${kase.name}=${kase.value}`);
        if (kase.kind === 'repeatQuery')
          query.push(`${kase.name}=${encodeURIComponent(valid.query[kase.name]!)}`);
        const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        let payload: string | Buffer | undefined;
        if (kase.kind === 'raw') {
          payload = kase.payload;
          headers['content-type'] = 'application/json';
        } else if (kase.kind === 'contentType') {
          payload = upload ? upload.payload : JSON.stringify(valid.body ?? {});
          headers['content-type'] = kase.contentType;
        } else if (
          kase.kind === 'body' ||
          kase.kind === 'field' ||
          kase.kind === 'drop' ||
          kase.kind === 'extra'
        ) {
          payload = JSON.stringify(kase.kind === 'body' ? kase.value : spoil(valid.body ?? {}, kase));
          headers['content-type'] = 'application/json';
        } else if (upload) {
          payload = upload.payload;
          Object.assign(headers, upload.headers);
        } else if (valid.body !== undefined) {
          payload = JSON.stringify(valid.body);
          headers['content-type'] = 'application/json';
        }
        const before = await eventCount(t);
        const res = await t.app.inject({ method: method as 'GET', url, headers, payload });
        const after = await eventCount(t);
        const what = `${route} ${JSON.stringify(kase).slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) found.push(`5xx: ${what}`);
        if (res.statusCode >= 400) {
          let body: unknown;
          try {
            body = res.json();
          } catch {
            body = res.body;
          }
          if (!ZErrorBody.safeParse(body).success) found.push(`shape: ${what}`);
          if (after !== before) found.push(`event appended: ${what}`);
        }
      }
      problems.push(...found);
      expect(found).toEqual([]);
    });
  }

  it('an id in a path has one form: with a leading zero it names no record (404) on every route', async () => {
    const aliases: string[] = [];
    for (const [route, row] of Object.entries(ROWS)) {
      const params = row.params?.(c) ?? {};
      const ids = Object.keys(params).filter((name) => typeof params[name] === 'number');
      const [method, pattern] = route.split(' ') as [string, string];
      for (const name of ids)
        for (const alias of [`0${params[name]}`, `00${params[name]}`]) {
          const url = pattern.replace(/:(\w+)/g, (_, p: string) =>
            p === name ? alias : encodeURIComponent(String(params[p])),
          );
          const token = row.caller === 'anonymous' ? null : c.token(row.caller ?? 'admin');
          const upload = row.multipart ? await imageUpload(token) : null;
          const body = row.body?.(c);
          const before = await eventCount(t);
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: upload
              ? upload.headers
              : {
                  ...(token ? { authorization: `Bearer ${token}` } : {}),
                  ...(body === undefined ? {} : { 'content-type': 'application/json' }),
                },
            payload: upload ? upload.payload : body === undefined ? undefined : JSON.stringify(body),
          });
          const appended = (await eventCount(t)) - before;
          if (res.statusCode !== 404 || appended !== 0)
            aliases.push(`${method} ${url} → ${res.statusCode}${appended ? `, ${appended} event(s)` : ''}`);
        }
    }
    expect(aliases).toEqual([]);
  });

  describe('what reaches the store is storable', () => {
    const refused = async (
      method: string,
      url: string,
      body: unknown,
      status: number,
      token: string | null = c.token('admin'),
    ) => {
      const before = await eventCount(t);
      const res = await t.call(method, url, body, token);
      expect({ status: res.status, shape: ZErrorBody.safeParse(res.body).success }).toEqual({
        status,
        shape: true,
      });
      expect(await eventCount(t)).toBe(before);
      return res.body;
    };

    it('a preferred date that is no calendar day answers 400', async () => {
      for (const preferredDate of ['2030-02-31', '9999-99-99', '2026-13-45']) {
        const body = await refused(
          'POST',
          '/api/consultations',
          { ...consultation, preferredDate },
          400,
          null,
        );
        expect(body.message).toBe(`preferredDate: ${preferredDate} is not a calendar date`);
      }
      const body = await refused(
        'POST',
        '/api/consultations',
        { ...consultation, preferredDate: '2/3/30' },
        400,
        null,
      );
      expect(body.message).toBe('preferredDate: Preferred date must be a date (YYYY-MM-DD).');
    });

    it('?day=2026-13-45 answers 400', async () => {
      await refused('GET', '/api/dashboard/notes?day=2026-13-45', undefined, 400);
      await refused('POST', '/api/dashboard/notes', { day: '2026-02-30', text: 'x' }, 400);
    });

    it('a path id past the database range answers 404, as a record that does not exist', async () => {
      for (const url of [
        '/api/projects/2147483648',
        '/api/clients/2147483648',
        '/api/projects/client/99999999999',
      ])
        await refused('GET', url, undefined, 404);
      await refused('PATCH', '/api/consultations/2147483648', { status: 'contacted' }, 404);
      await refused('DELETE', '/api/dashboard/notes/2147483648', undefined, 404);
      await refused('GET', '/api/projects/0', undefined, 400);
    });

    it('an id in a query with a leading zero names no record either (404)', async () => {
      await refused('GET', `/api/payments?projectId=0${c.projectId}`, undefined, 404);
      await refused('GET', `/api/billing-plans?clientId=0${c.owner.clientId}`, undefined, 404);
      await refused(
        'GET',
        `/api/calendar/ics?type=appointment&id=0${c.appointmentId}`,
        undefined,
        404,
        c.token('owner'),
      );
    });

    it('a body id past the database range answers 400', async () => {
      await refused('POST', '/api/projects', { clientId: 2147483648, title: 'Job', type: 'starlink' }, 400);
    });

    it('a NUL or a lone surrogate in a text answers 400', async () => {
      await refused(
        'POST',
        '/api/clients',
        { name: 'Nul\u0000Name', email: 'nul@example.com', portalAccess: false },
        400,
      );
      await refused(
        'POST',
        '/api/projects',
        { clientId: c.owner.clientId, title: 'Job \uD800', type: 'starlink' },
        400,
      );
      await refused('POST', '/api/consultations', { ...consultation, description: 'a\uDC00' }, 400, null);
      await refused(
        'PUT',
        '/api/settings',
        { section: 'pricing', data: { ...pricing, propertyTypeMultipliers: { 'x\u0000': 1 } } },
        400,
      );
    });

    it('even where a route has no schema for it, a NUL or a lone surrogate answers 400', async () => {
      await refused('GET', '/api/content?q=%00', undefined, 400, null);
      await refused('POST', `/api/projects/${c.projectId}/sync-calendar`, { note: '\uD800' }, 400);
      await refused('GET', '/api/dashboard/stats?x=a%00b', undefined, 400, c.token('owner'));
      // The guards still answer first: a caller without access learns nothing about the input rules.
      await refused('POST', `/api/projects/${c.projectId}/sync-calendar`, { note: '\uD800' }, 401, null);
    });
  });

  it('leaves no event the projections could not store', async () => {
    const status = await eventually('the projections to catch up', async () => {
      const s = await projectionStatus(t.deps.db, t.deps.store, projections);
      return s.every((p) => p.lagEvents === 0) && s;
    });
    expect(status.filter((p) => p.parked > 0).map((p) => p.name)).toEqual([]);
    const fivexx = problems.filter((p) => p.startsWith('5xx'));
    const routes = new Set(fivexx.map((p) => p.split(' ').slice(1, 3).join(' ')));
    if (fivexx.length > 0) console.log(`bad input: ${fivexx.length} 5xx on ${routes.size} routes`);
  });
});

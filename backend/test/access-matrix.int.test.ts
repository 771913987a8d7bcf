import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { startTestApp, type TestApp } from './app.ts';
import {
  CALLERS,
  type Caller,
  type Cast,
  castOf,
  imageUpload,
  routesWithoutRows,
  SIGNATURE_DATA_URL,
} from './cast.ts';
import { convertRequest, png } from './fixtures/documents.ts';

/**
 * Who may call what: one row per route (and the websocket) with the answer each kind of caller gets, in
 * the order of CALLERS: anonymous, the owning client, another client, a non-admin `user`, an admin.
 * A route the app has and the table lacks fails the first test, so no route is added unguarded.
 * A number is the HTTP status (an array: any of them, for a write that may answer 202 while the views
 * catch up); for the websocket, `open <role>` or `closed <code>`.
 */
type Outcome = number | readonly number[] | string;
type Outcomes = readonly [anonymous: Outcome, owner: Outcome, other: Outcome, user: Outcome, admin: Outcome];

interface Request {
  url?: string;
  body?: unknown;
  /** Sends an image as multipart/form-data. */
  upload?: true;
  /** Calls with a new session of the caller (for routes that end the session they are called with). */
  freshSession?: true;
  /** More headers (a multipart body's content type, with `body` the encoded form). */
  headers?: Record<string, string>;
}
interface Case {
  /** When a route has several cases (a public logo, a signed photo), what this one tries. */
  label?: string;
  expect: Outcomes;
  /** The request, made for each caller (it may make a record first, for routes that remove one). */
  send?: (c: Cast, caller: Caller) => Request | Promise<Request>;
}

const WRITTEN = [200, 202] as const;
const CREATED = [201, 202] as const;
const PUBLIC: Outcomes = [200, 200, 200, 200, 200];
const SIGNED_IN: Outcomes = [401, 200, 200, 200, 200];
const ADMIN: Outcomes = [401, 403, 403, 403, 200];
const ADMIN_WRITES: Outcomes = [401, 403, 403, 403, WRITTEN];
const ADMIN_CREATES: Outcomes = [401, 403, 403, 403, CREATED];
/** A record of the owning client: another client and a `user` are told it does not exist. */
const OWNER_READS: Outcomes = [401, 200, 404, 404, 200];

let serial = 0;
const unique = (what: string) => `${what}-${++serial}@example.com`;
const projectBody = (c: Cast) => ({
  clientId: c.owner.clientId,
  title: 'Shed camera',
  type: 'security_cameras',
});

const ROWS: Record<string, Case | Case[]> = {
  'GET /healthz': { expect: PUBLIC },
  // Ready or not, anyone may ask.
  'GET /readyz': {
    expect: [
      [200, 503],
      [200, 503],
      [200, 503],
      [200, 503],
      [200, 503],
    ],
  },
  // The reasons (other sessions' SQL, process ids, views) are for admins.
  'GET /api/ops/readiness': { expect: ADMIN },
  'GET /ws': { expect: ['closed 4401', 'open client', 'open client', 'open user', 'open admin'] },

  'POST /api/auth/login': {
    expect: PUBLIC,
    send: (c) => ({ body: { email: c.accounts.user.email, password: c.accounts.user.password } }),
  },
  'GET /api/auth/user': { expect: SIGNED_IN },
  'POST /api/auth/ws-ticket': { expect: SIGNED_IN },
  // Signed-in callers get as far as the password check (a wrong current password: 400).
  'POST /api/auth/change-password': {
    expect: [401, 400, 400, 400, 400],
    send: () => ({ body: { currentPassword: 'not-the-password', newPassword: 'new-password-123' } }),
  },
  'POST /api/auth/logout': { expect: PUBLIC, send: () => ({ freshSession: true }) },
  'GET /api/logout': { expect: [302, 302, 302, 302, 302], send: () => ({ freshSession: true }) },
  'POST /api/auth/generate-temp-password': {
    expect: ADMIN,
    send: async (c, caller) => ({ body: { userEmail: (await c.accountFor(caller)).email } }),
  },
  'POST /api/auth/create-user': {
    expect: ADMIN_CREATES,
    send: () => ({ body: { email: unique('made-user'), firstName: 'Made', role: 'user' } }),
  },

  'GET /api/users': [
    { label: 'every account (the spec answer)', expect: ADMIN },
    {
      label: 'a page of staff, searched',
      expect: ADMIN,
      send: () => ({ url: '/api/users?limit=5&q=a&kind=staff&role=user' }),
    },
  ],
  'GET /api/users/admins': { expect: ADMIN },
  'POST /api/users/create-admin': {
    expect: ADMIN_CREATES,
    send: () => ({ body: { email: unique('made-admin'), firstName: 'Made' } }),
  },
  'PUT /api/users/:id/role': {
    expect: ADMIN_WRITES,
    send: async (c, caller) => ({
      url: `/api/users/${(await c.accountFor(caller)).id}/role`,
      body: { role: 'client' },
    }),
  },
  'PUT /api/users/email/:email/role': {
    expect: ADMIN_WRITES,
    send: async (c, caller) => ({
      url: `/api/users/email/${encodeURIComponent((await c.accountFor(caller)).email)}/role`,
      body: { role: 'client' },
    }),
  },
  'DELETE /api/users/:id': {
    expect: ADMIN_WRITES,
    send: async (c, caller) => ({ url: `/api/users/${(await c.accountFor(caller)).id}` }),
  },

  'GET /api/audit': [
    {
      label: "a record's whole trail (the spec answer)",
      expect: ADMIN,
      send: (c) => ({ url: `/api/audit?stream=client-${c.owner.clientId}` }),
    },
    {
      label: 'a page of a project History, searched',
      expect: ADMIN,
      send: (c) => ({
        url: `/api/audit?stream=project-${c.projectId}&limit=5&q=created&type=ProjectCreated`,
      }),
    },
  ],

  'POST /api/consultations': {
    expect: [201, 201, 201, 201, 201],
    send: () => ({
      body: { name: 'Sam', email: unique('sam'), preferredDate: '2099-02-03', serviceType: 'starlink' },
    }),
  },
  'GET /api/consultations': [
    { label: 'every request (the spec answer)', expect: ADMIN },
    {
      label: 'a page of active requests, searched (staff only)',
      expect: ADMIN,
      send: () => ({ url: '/api/consultations?limit=5&q=sam&set=active&status=pending' }),
    },
  ],
  'GET /api/consultations/counts': {
    expect: ADMIN,
    send: () => ({ url: '/api/consultations/counts?set=previous' }),
  },
  'PATCH /api/consultations/:id': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/consultations/${c.consultationId}`, body: { notes: 'Called back' } }),
  },

  'GET /api/clients': [
    { label: 'every client (the spec answer)', expect: ADMIN },
    {
      label: 'a page of clients, searched, Z-A',
      expect: ADMIN,
      send: () => ({ url: '/api/clients?limit=5&q=client&sort=-name' }),
    },
  ],
  // Accounts without a client record (the `user`, the admin) have no "me".
  'GET /api/clients/me': { expect: [401, 200, 200, 404, 404] },
  'GET /api/clients/:id': { expect: OWNER_READS, send: (c) => ({ url: `/api/clients/${c.owner.clientId}` }) },
  'POST /api/clients': {
    expect: ADMIN_CREATES,
    send: () => ({ body: { name: 'New Client', email: unique('new-client'), portalAccess: false } }),
  },
  'PUT /api/clients/:id': {
    expect: ADMIN_WRITES,
    send: (c) => ({
      url: `/api/clients/${c.owner.clientId}`,
      body: { name: 'owning Client', email: c.accounts.owner.email, phone: '907-555-0102' },
    }),
  },

  'POST /api/projects': { expect: ADMIN_CREATES, send: (c) => ({ body: projectBody(c) }) },
  'GET /api/projects': [
    { label: 'every project (the spec answer)', expect: SIGNED_IN },
    {
      label: "a page filtered to the owner's client (a client gets their own page whatever it names)",
      expect: SIGNED_IN,
      send: (c) => ({ url: `/api/projects?limit=5&q=shed&clientId=${c.owner.clientId}` }),
    },
  ],
  'GET /api/projects/counts': { expect: ADMIN },
  'GET /api/projects/client': { expect: SIGNED_IN },
  'GET /api/projects/client/:clientId': {
    expect: ADMIN,
    send: (c) => ({ url: `/api/projects/client/${c.owner.clientId}` }),
  },
  'GET /api/projects/:id': { expect: OWNER_READS, send: (c) => ({ url: `/api/projects/${c.projectId}` }) },
  'PATCH /api/projects/:id': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/projects/${c.projectId}`, body: { progress: 20 } }),
  },
  'PUT /api/projects/:id': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/projects/${c.projectId}`, body: { title: 'Cabin cameras', progress: 30 } }),
  },
  'DELETE /api/projects/:id': {
    expect: ADMIN_WRITES,
    send: async (c) => ({ url: `/api/projects/${await c.newProject()}` }),
  },
  'POST /api/projects/:id/sync-calendar': {
    expect: ADMIN,
    send: (c) => ({ url: `/api/projects/${c.projectId}/sync-calendar` }),
  },
  // Staff only; the owning client is told 403 for their own project, 404 for anyone else's.
  'POST /api/projects/:id/photos': {
    expect: [401, 403, 404, 404, CREATED],
    send: (c) => ({ url: `/api/projects/${c.projectId}/photos`, upload: true }),
  },

  'GET /api/documents': [
    { label: 'every document the caller may see (the spec answer)', expect: SIGNED_IN },
    {
      label: "a page filtered to the owner's client (a client gets their own page whatever it names)",
      expect: SIGNED_IN,
      send: (c) => ({ url: `/api/documents?limit=5&q=form&type=form&clientId=${c.owner.clientId}` }),
    },
  ],
  'GET /api/documents/project/:projectId': {
    expect: OWNER_READS,
    send: (c) => ({ url: `/api/documents/project/${c.projectId}` }),
  },
  'GET /api/documents/client/:clientId': {
    expect: ADMIN,
    send: (c) => ({ url: `/api/documents/client/${c.owner.clientId}` }),
  },
  'GET /api/documents/:id': { expect: OWNER_READS, send: (c) => ({ url: `/api/documents/${c.documentId}` }) },
  // Forms are made by staff only.
  'POST /api/documents': {
    expect: [401, 403, 403, 403, CREATED],
    send: (c) => ({ body: { title: 'Starlink Installation Quote', projectId: c.projectId } }),
  },
  // The document's client (or an admin) signs; anyone else is told it does not exist.
  'PATCH /api/documents/:id/sign': {
    expect: [401, WRITTEN, 404, 404, WRITTEN],
    send: async (c) => ({
      url: `/api/documents/${await c.newDocument()}/sign`,
      body: { signatureData: SIGNATURE_DATA_URL },
    }),
  },
  // Staff review a client's upload.
  'PATCH /api/documents/:id/review': {
    expect: ADMIN_WRITES,
    send: async (c) => ({ url: `/api/documents/${await c.newClientUpload()}/review` }),
  },
  'GET /api/documents/:id/file': {
    expect: OWNER_READS,
    send: (c) => ({ url: `/api/documents/${c.fileDocumentId}/file` }),
  },
  'GET /api/documents/:id/download': {
    expect: OWNER_READS,
    send: (c) => ({ url: `/api/documents/${c.fileDocumentId}/download` }),
  },
  // The cast's form is not signed: whoever may see it is told so (409), anyone else that it does not exist.
  // A signed one answers 200 to the owner and admins (backend/src/documents/signed-pdf.int.test.ts).
  'GET /api/documents/:id/signed-pdf': {
    expect: [401, 409, 404, 404, 409],
    send: (c) => ({ url: `/api/documents/${c.documentId}/signed-pdf` }),
  },
  'DELETE /api/documents/:id': {
    expect: ADMIN_WRITES,
    send: async (c) => ({ url: `/api/documents/${await c.newDocument()}` }),
  },

  // Custom forms: shared by every admin, nobody else's business.
  'GET /api/forms': { expect: ADMIN },
  'POST /api/forms': {
    expect: ADMIN_CREATES,
    send: () => ({ body: { title: 'Checklist', sections: [{ id: 's', fields: [] }] } }),
  },
  'PUT /api/forms/:id': {
    expect: ADMIN_WRITES,
    send: async (c) => ({
      url: `/api/forms/${await c.newForm()}`,
      body: { title: 'Renamed', sections: [{ id: 's', fields: [] }] },
    }),
  },
  'DELETE /api/forms/:id': {
    expect: ADMIN_WRITES,
    send: async (c) => ({ url: `/api/forms/${await c.newForm()}` }),
  },

  // A picture converts to an empty form (PDF and Word in backend/src/documents/convert.int.test.ts).
  'POST /api/documents/convert-to-form': {
    expect: ADMIN,
    send: async () => {
      const { payload, headers } = await convertRequest({ bytes: png(), name: 'paper-form.png' });
      return { body: payload, headers };
    },
  },

  // Messaging: a client's own conversation only (another's answers 404, like a missing one); staff any client's.
  'GET /api/messages': [
    { label: 'own conversations', expect: SIGNED_IN },
    {
      label: "the owning client's conversation",
      expect: OWNER_READS,
      send: (c) => ({ url: `/api/messages?conversationId=client-${c.owner.clientId}` }),
    },
  ],
  'GET /api/messages/conversations': [
    { label: 'own conversations (the spec answer)', expect: SIGNED_IN },
    {
      label: 'a page of own conversations, searched',
      expect: SIGNED_IN,
      send: () => ({ url: '/api/messages/conversations?limit=5&q=cameras' }),
    },
  ],
  'GET /api/messages/client': { expect: SIGNED_IN },
  'GET /api/messages/client/:clientId': {
    expect: ADMIN,
    send: (c) => ({ url: `/api/messages/client/${c.owner.clientId}` }),
  },
  // The `user` has no client record: 404 No client profile; another client's conversation: 404.
  'POST /api/messages': {
    expect: [401, CREATED, 404, 404, CREATED],
    send: (c) => ({ body: { content: 'Hello', clientId: c.owner.clientId } }),
  },
  'POST /api/messages/internal': {
    expect: ADMIN_CREATES,
    send: (c) => ({ body: { content: 'Note', clientId: c.owner.clientId } }),
  },
  'POST /api/messages/read': {
    expect: OWNER_READS,
    send: (c) => ({ body: { conversationId: `client-${c.owner.clientId}`, messageId: c.messageId } }),
  },
  'GET /api/clients/for-messaging': { expect: ADMIN },
  // Staff schedule; a client reads their own through /api/appointments/client.
  'GET /api/appointments': { expect: ADMIN },
  'POST /api/appointments': {
    expect: ADMIN_CREATES,
    send: (c) => ({
      body: {
        title: 'Camera check',
        clientId: c.owner.clientId,
        projectId: c.projectId,
        scheduledDate: '2099-03-08',
        startTime: '09:30',
        endTime: '10:30',
        type: 'maintenance',
      },
    }),
  },
  'PATCH /api/appointments/:id': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/appointments/${c.appointmentId}`, body: { location: 'Front gate' } }),
  },
  'POST /api/appointments/:id/cancel': {
    expect: ADMIN_WRITES,
    send: async (c) => ({ url: `/api/appointments/${await c.newAppointment()}/cancel` }),
  },
  'GET /api/appointments/client': [
    { label: 'the whole list', expect: SIGNED_IN },
    {
      label: 'a page of their own (searched, by day range)',
      expect: SIGNED_IN,
      send: () => ({ url: '/api/appointments/client?limit=5&q=visit&from=2026-01-01&to=2026-12-31' }),
    },
  ],
  'GET /api/appointments/client/:clientId': [
    { expect: ADMIN, send: (c) => ({ url: `/api/appointments/client/${c.owner.clientId}` }) },
    {
      label: 'a page',
      expect: ADMIN,
      send: (c) => ({ url: `/api/appointments/client/${c.owner.clientId}?limit=5&from=2026-01-01` }),
    },
  ],

  // Estimates: staff make, change, send and delete them; a client reads their own once sent (another's, or a
  // draft, answers 404) and alone accepts or declines it (staff are told 403).
  'GET /api/estimates': [
    { label: 'every estimate the caller may read (the spec answer)', expect: SIGNED_IN },
    {
      label: "a page filtered to the owner's client (a client gets their own sent quotes whatever it names)",
      expect: SIGNED_IN,
      send: (c) => ({
        url: `/api/estimates?limit=5&q=cabin&status=sent&sort=cost&clientId=${c.owner.clientId}`,
      }),
    },
  ],
  'GET /api/estimates/:id': {
    expect: OWNER_READS,
    send: (c) => ({ url: `/api/estimates/${c.sentEstimateId}` }),
  },
  'POST /api/estimates': {
    expect: ADMIN_CREATES,
    send: (c) => ({
      body: {
        title: 'Gate cameras',
        clientId: c.owner.clientId,
        cameraType: 'wired',
        cameraCount: 2,
        propertyType: 'house',
      },
    }),
  },
  'PATCH /api/estimates/:id': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/estimates/${c.estimateId}`, body: { jobName: 'Gate' } }),
  },
  'DELETE /api/estimates/:id': {
    expect: ADMIN_WRITES,
    send: async (c) => ({ url: `/api/estimates/${await c.newEstimate()}` }),
  },
  'POST /api/estimates/:id/project': {
    expect: [401, 403, 403, 403, CREATED],
    send: async (c) => ({ url: `/api/estimates/${await c.newEstimate({ project: false })}/project` }),
  },
  'POST /api/estimates/:id/send': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/estimates/${c.estimateId}/send` }),
  },
  'POST /api/estimates/:id/accept': {
    expect: [401, WRITTEN, 404, 404, 403],
    send: async (c) => ({
      url: `/api/estimates/${await c.newEstimate({ sent: true })}/accept`,
      body: { signerName: 'Owning Client', signatureData: SIGNATURE_DATA_URL },
    }),
  },
  'POST /api/estimates/:id/decline': {
    expect: [401, WRITTEN, 404, 404, 403],
    send: async (c) => ({
      url: `/api/estimates/${await c.newEstimate({ sent: true })}/decline`,
      body: { reason: 'Too dear' },
    }),
  },
  // The quote as a file: its PDF for staff and the client it was sent to (a draft or another client's: 404, in
  // estimates/export.int.test.ts), its CSV for staff.
  'GET /api/estimates/:id/pdf': {
    expect: OWNER_READS,
    send: (c) => ({ url: `/api/estimates/${c.sentEstimateId}/pdf` }),
  },
  'GET /api/estimates/:id/csv': {
    expect: ADMIN,
    send: (c) => ({ url: `/api/estimates/${c.sentEstimateId}/csv` }),
  },
  // Staff get every client's events, a client their own (the ownership is tested in calendar/events.int.test.ts).
  'GET /api/calendar/events': {
    expect: SIGNED_IN,
    send: () => ({ url: '/api/calendar/events?from=2026-03-01&to=2026-03-31' }),
  },
  // Everyone signed in has their own feed address (made on first ask) and may revoke it.
  'GET /api/calendar/feed': { expect: SIGNED_IN },
  'DELETE /api/calendar/feed': { expect: [401, 204, 204, 204, 204] },
  // The address is the credential (calendar apps send no session): whoever holds it reads that calendar.
  'GET /api/calendar/feed/:token.ics': [
    { label: "the owner's address", expect: PUBLIC, send: async (c) => ({ url: await c.feedPath('owner') }) },
    {
      label: 'an unknown address',
      expect: [404, 404, 404, 404, 404],
      send: () => ({ url: '/api/calendar/feed/not-a-feed-token.ics' }),
    },
  ],
  // "Add to calendar": staff any event, a client their own.
  'GET /api/calendar/ics': {
    expect: OWNER_READS,
    send: (c) => ({ url: `/api/calendar/ics?type=appointment&id=${c.appointmentId}` }),
  },
  // Google Calendar sync. Connecting is a browser navigation: an admin is sent on (here to calendar=error, as
  // this server has no Google credentials); Google's callback is public and always redirects (a forged state:
  // calendar=error).
  'GET /api/auth/google-calendar': { expect: [401, 403, 403, 403, 302] },
  'GET /api/auth/google/callback': {
    expect: [302, 302, 302, 302, 302],
    send: () => ({ url: '/api/auth/google/callback?code=some-code&state=not-a-state' }),
  },
  'GET /api/calendar/status': { expect: ADMIN },
  // Busy times pulled from the admin's own Google Calendar.
  'GET /api/calendar/imported': {
    expect: ADMIN,
    send: () => ({ url: '/api/calendar/imported?from=2026-03-01&to=2026-03-31' }),
  },
  'POST /api/calendar/disconnect': { expect: ADMIN_WRITES },
  'GET /api/calendar/settings': { expect: ADMIN },
  'PUT /api/calendar/settings': {
    expect: ADMIN_WRITES,
    send: () => ({
      body: {
        connections: [{ type: 'google', enabled: true, syncDirection: 'export', defaultCalendar: '' }],
        autoSyncFrequency: 30,
        conflictResolution: 'internal',
        notifications: false,
      },
    }),
  },
  // Nobody's Google Calendar is connected here: the admin is told so.
  'POST /api/calendar/add-event': {
    expect: [401, 403, 403, 403, 409],
    send: () => ({
      body: { title: 'Site visit', startDate: '2026-03-02T10:00', endDate: '2026-03-02T11:00' },
    }),
  },
  // This app has no Stripe keys: past the sign-in, card payment answers that it is being set up (409). Who may pay
  // which invoice with keys set (the owner and admins; another client 404) is in stripe/stripe.int.test.ts.
  'POST /api/create-payment-intent': {
    expect: [401, 409, 409, 409, 409],
    send: (c) => ({ body: { invoiceId: 1, projectId: c.projectId, amount: 10 } }),
  },
  // Stripe's webhook is public; its signature is the check (stripe/stripe.int.test.ts). Without keys: 409.
  'POST /api/stripe/webhook': { expect: [409, 409, 409, 409, 409], send: () => ({ body: { id: 'evt_1' } }) },
  // Recurring billing plans are staff's (a missing plan: 404 for the admin; the writes on a real plan, and the
  // project that must be the client's, are in billing/billing.int.test.ts).
  'GET /api/billing-plans': {
    expect: ADMIN,
    send: (c) => ({ url: `/api/billing-plans?clientId=${c.owner.clientId}` }),
  },
  'POST /api/billing-plans': {
    expect: ADMIN_CREATES,
    send: (c) => ({
      body: {
        clientId: c.owner.clientId,
        projectId: c.projectId,
        service: 'starlink',
        description: 'Starlink service',
        amount: 125,
        firstBillingDay: '2099-01-31',
      },
    }),
  },
  'PATCH /api/billing-plans/:id': {
    expect: [401, 403, 403, 403, 404],
    send: () => ({ url: '/api/billing-plans/999999', body: { amount: 130 } }),
  },
  'POST /api/billing-plans/:id/stop': {
    expect: [401, 403, 403, 403, 404],
    send: () => ({ url: '/api/billing-plans/999999/stop' }),
  },
  // A client saves their own card (staff have none to save); without Stripe keys it is being set up (409).
  // Each client reads their own card only (none named in the request), even while card payment is off.
  'GET /api/billing/card': { expect: [401, 200, 200, 403, 403] },
  'POST /api/billing/setup-intent': { expect: [401, 409, 409, 403, 403] },
  'POST /api/billing/card-saved': {
    expect: [401, 409, 409, 403, 403],
    send: () => ({ body: { setupIntentId: 'seti_1' } }),
  },
  // Invoices and payments: staff issue and manage them; the invoice page is staff's and its own client's
  // (another client, a `user`: 404); after accepting a quote its client alone chooses deposit or full.
  'POST /api/invoices': {
    expect: ADMIN_CREATES,
    send: (c) => ({ body: { projectId: c.projectId, amount: 12.5, description: 'Cameras' } }),
  },
  'POST /api/payments': {
    expect: ADMIN_CREATES,
    send: (c) => ({
      body: { projectId: c.projectId, amount: 12.5, description: 'Cameras', status: 'pending' },
    }),
  },
  'GET /api/invoices/:invoiceId': {
    expect: OWNER_READS,
    send: (c) => ({ url: `/api/invoices/${c.invoiceId}` }),
  },
  // The invoice as a PDF: staff and its own client (another client, a `user`: 404; in invoices/export.int.test.ts).
  'GET /api/invoices/:invoiceId/pdf': {
    expect: OWNER_READS,
    send: (c) => ({ url: `/api/invoices/${c.invoiceId}/pdf` }),
  },
  'GET /api/payments': [
    { label: 'every invoice (the spec answer)', expect: ADMIN },
    {
      label: "a page filtered to the owner's client (staff only)",
      expect: ADMIN,
      send: (c) => ({ url: `/api/payments?limit=5&q=cameras&status=pending&clientId=${c.owner.clientId}` }),
    },
  ],
  'GET /api/payments/stats': { expect: ADMIN },
  'DELETE /api/payments/:id': {
    expect: ADMIN_WRITES,
    send: async (c) => ({ url: `/api/payments/${await c.newInvoice()}` }),
  },
  'PATCH /api/invoices/:id/due-date': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/invoices/${c.invoiceId}/due-date`, body: { dueDate: '2099-01-31' } }),
  },
  'PATCH /api/payments/:id/method': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/payments/${c.invoiceId}/method`, body: { paymentMethod: 'check' } }),
  },
  'PATCH /api/payments/:id/complete': {
    expect: ADMIN_WRITES,
    send: async (c) => ({
      url: `/api/payments/${await c.newInvoice()}/complete`,
      body: { status: 'completed' },
    }),
  },
  'PATCH /api/payments/:id/status': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/payments/${c.invoiceId}/status`, body: { status: 'failed' } }),
  },
  'PATCH /api/payments/:id/confirm': {
    expect: ADMIN_WRITES,
    send: async (c) => ({
      url: `/api/payments/${await c.newInvoice()}/confirm`,
      body: { paymentMethod: 'cash' },
    }),
  },
  'POST /api/quotes/convert-to-invoice': [
    {
      expect: ADMIN_CREATES,
      send: (c) => ({ body: { estimateId: c.sentEstimateId, projectId: c.projectId } }),
    },
    {
      label: "an admin's explicit extra beyond the quote",
      expect: ADMIN_CREATES,
      send: (c) => ({
        body: { estimateId: c.sentEstimateId, projectId: c.projectId, allowExtra: true, amount: 25 },
      }),
    },
  ],
  'POST /api/estimates/:id/invoice': {
    expect: [401, CREATED, 404, 404, 404],
    send: async (c) => ({
      url: `/api/estimates/${await c.newAcceptedEstimate()}/invoice`,
      body: { choice: 'deposit' },
    }),
  },
  'GET /api/dashboard/revenue': { expect: ADMIN },
  'GET /api/payments/client': [
    { label: 'the whole list', expect: SIGNED_IN },
    {
      label: 'a page of their own (searched, filtered)',
      expect: SIGNED_IN,
      send: () => ({ url: '/api/payments/client?limit=5&q=cameras&status=pending&from=2026-01-01' }),
    },
  ],
  'GET /api/payments/client/:clientId': [
    { expect: ADMIN, send: (c) => ({ url: `/api/payments/client/${c.owner.clientId}` }) },
    {
      label: 'a page',
      expect: ADMIN,
      send: (c) => ({ url: `/api/payments/client/${c.owner.clientId}?limit=5&status=pending` }),
    },
  ],

  'GET /api/dashboard/stats': { expect: SIGNED_IN },
  'GET /api/dashboard/notes': { expect: ADMIN, send: () => ({ url: '/api/dashboard/notes?day=2026-03-01' }) },
  'POST /api/dashboard/notes': {
    expect: ADMIN_CREATES,
    send: () => ({ body: { day: '2026-03-01', text: 'Order cable' } }),
  },
  'PATCH /api/dashboard/notes/:id': {
    expect: ADMIN_WRITES,
    send: (c) => ({ url: `/api/dashboard/notes/${c.noteId}`, body: { completed: true } }),
  },
  'DELETE /api/dashboard/notes/:id': {
    expect: ADMIN_WRITES,
    send: async (c) => ({ url: `/api/dashboard/notes/${await c.newNote()}` }),
  },

  'GET /api/content': { expect: PUBLIC },
  'GET /api/settings': { expect: ADMIN },
  'PUT /api/settings': {
    expect: ADMIN_WRITES,
    send: () => ({ body: { section: 'admin', data: { email: 'boss@example.com', name: 'Boss' } } }),
  },
  'POST /api/settings/logo': { expect: ADMIN_WRITES, send: () => ({ upload: true }) },
  'POST /api/content/save': {
    expect: ADMIN_WRITES,
    send: () => ({
      body: {
        companyTitle: 'Northern Guard',
        companySubtitle: 'Cameras',
        heroDescription: 'Hero',
        servicesDescription: 'Services',
        contactEmail: 'info@example.com',
        contactPhone: '907-555-0100',
        website: 'https://example.com',
        address: 'Anchorage',
      },
    }),
  },
  'POST /api/content/contact': {
    expect: ADMIN_WRITES,
    send: () => ({
      body: { email: 'info@example.com', phone: '907', website: 'https://example.com', address: 'Nome' },
    }),
  },

  'GET /api/files/:kind/:name': [
    { label: 'the company logo', expect: PUBLIC, send: (c) => ({ url: c.logoUrl }) },
    // A photo's signed address is what the project reads hand out to those who may see the project.
    { label: 'a photo at its signed address', expect: PUBLIC, send: (c) => ({ url: c.photoUrl }) },
    {
      label: 'a photo without its signature',
      expect: [403, 403, 403, 403, 403],
      send: (c) => ({ url: c.photoUrl?.split('?')[0] }),
    },
  ],
};

/** What the websocket does for a caller: greets them (`open <role>`) or closes (`closed <code>`). */
async function socketOutcome(t: TestApp, token: string | null): Promise<string> {
  let ticket = '';
  if (token) {
    const res = await t.call('POST', '/api/auth/ws-ticket', undefined, token);
    ticket = res.body?.ticket ?? '';
  }
  let settle: (outcome: string) => void = () => undefined;
  const outcome = new Promise<string>((resolve) => {
    settle = resolve;
  });
  const listen = (ws: WebSocket) => {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'CONNECTED') settle(`open ${message.role}`);
    });
    ws.on('close', (code) => settle(`closed ${code}`));
    ws.on('error', () => undefined);
  };
  const ws = await t.app
    .injectWS(`/ws${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ''}`, {}, { onInit: listen })
    .catch((err: Error) => {
      settle(`refused ${err.message}`);
      return null;
    });
  const timeout = setTimeout(() => settle('no answer within 5 s'), 5_000);
  const result = await outcome;
  clearTimeout(timeout);
  ws?.terminate();
  return result;
}

const matches = (expected: Outcome, actual: number | string) =>
  Array.isArray(expected) ? expected.includes(actual as number) : expected === actual;

describe('access matrix', () => {
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

  for (const [route, row] of Object.entries(ROWS)) {
    const cases = [row].flat();
    it(`${route}: each caller gets the answer of its row`, async () => {
      const [method, pattern] = route.split(' ') as [string, string];
      const got: Record<string, unknown> = {};
      const want: Record<string, unknown> = {};
      for (const kase of cases) {
        // The five callers at once: each request stands alone (its own record where it removes one).
        await Promise.all(
          CALLERS.map(async (caller, i) => {
            const key = kase.label ? `${kase.label}, as ${caller}` : caller;
            const expected = kase.expect[i]!;
            const request = (await kase.send?.(c, caller)) ?? {};
            const token = request.freshSession ? await c.freshToken(caller) : c.token(caller);
            let actual: number | string;
            let body = '';
            if (pattern === '/ws') {
              actual = await socketOutcome(t, token);
            } else {
              const auth = token ? { authorization: `Bearer ${token}` } : {};
              const upload = request.upload ? await imageUpload(token) : null;
              const res = await t.app.inject({
                method: method as 'GET',
                url: request.url ?? pattern,
                headers: upload ? upload.headers : { ...auth, ...request.headers },
                ...(upload ? { payload: upload.payload } : {}),
                ...(request.body === undefined ? {} : { payload: request.body as object }),
              });
              actual = res.statusCode;
              body = res.body.slice(0, 160);
            }
            // Expected and actual side by side, so one failure shows the whole row.
            want[key] = expected;
            got[key] = matches(expected, actual) ? expected : `${actual} ${body}`.trim();
          }),
        );
      }
      expect(got).toEqual(want);
    });
  }
});

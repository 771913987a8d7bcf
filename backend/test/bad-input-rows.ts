import { DOCUMENT_MAX_BYTES } from '@app/contracts/api/documents';
import { PHOTO_MAX_BYTES } from '@app/contracts/api/projects';
import { LOGO_MAX_BYTES } from '@app/contracts/api/settings';
import type { Row } from './bad-input-cases.ts';
import type { UploadShape } from './bad-multipart.ts';
import { type Caller, SIGNATURE_DATA_URL } from './cast.ts';
import { solidBmp } from './fixtures/images.ts';

/**
 * One row per route of the app (the bad-input test fails on a route without one): its callers and one
 * valid request, which the test spoils in every way it knows. Routes a client uses are sent by a client
 * too; routes that end the session they are called with are sent without one.
 */
const CLIENT: Caller[] = ['admin', 'owner'];
/** Routes for anyone: without a session, as they are meant, and as an admin. */
const PUBLIC: Caller[] = ['anonymous', 'admin'];

const image = { name: 'a.bmp', type: 'image/bmp', bytes: solidBmp(8, 8, [200, 40, 40]) };
const pdf = { name: 'plan.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') };
const imageUpload = (maxBytes: number): UploadShape => ({ field: 'file', fields: {}, file: image, maxBytes });

export const consultation = {
  name: 'Pat Public',
  email: 'pat@example.com',
  phone: '907-555-0101',
  preferredDate: '2099-05-06',
  preferredTime: 'morning',
  serviceType: 'security_cameras',
  propertyType: 'residential',
  description: 'Four cameras',
};
export const projectFields = {
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
export const siteContent = {
  companyTitle: 'Northern Guard',
  companySubtitle: 'Cameras',
  heroDescription: 'Hero',
  servicesDescription: 'Services',
  contactEmail: 'info@example.com',
  contactPhone: '907-555-0100',
  website: 'https://example.com',
  address: 'Anchorage',
};
export const pricing = {
  wiredCameraPrice: 150,
  wirelessCameraPrice: 200,
  wireCostPerFoot: 2.5,
  starlinkInstallPrice: 500,
  laborHourlyRate: 50,
  additionalServicePrice: 100,
  propertyTypeMultipliers: { residential: 1, commercial: 1.2 },
  customServices: [{ id: 'svc-1', name: 'Mount', price: 40, description: 'Pole mount' }],
};

export const ROWS: Record<string, Row> = {
  'GET /healthz': { callers: PUBLIC },
  // Not ready (503) is its answer while a dependency is slow, as on a loaded test machine.
  'GET /readyz': { callers: PUBLIC, notReady503: true },
  'GET /api/ops/readiness': {},
  'GET /ws': { callers: PUBLIC },
  'POST /api/auth/login': {
    sample: 60,
    callers: PUBLIC,
    body: () => ({ email: 'plain-user@example.com', password: 'not-the-password' }),
  },
  'GET /api/auth/user': { callers: CLIENT },
  'POST /api/auth/ws-ticket': { callers: CLIENT },
  'POST /api/auth/change-password': {
    sample: 30,
    callers: CLIENT,
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'another-password-1' }),
  },
  // Sent without a session: these end the session they are called with.
  'POST /api/auth/logout': { callers: ['anonymous'] },
  'GET /api/logout': { callers: ['anonymous'] },
  'POST /api/auth/generate-temp-password': { body: () => ({ userEmail: 'spare-temp@example.com' }) },
  'POST /api/auth/create-user': {
    sample: 80,
    body: () => ({ email: 'fuzz-user@example.com', firstName: 'Fuzz', lastName: 'User', role: 'user' }),
  },
  'GET /api/users': { query: () => ({ limit: '20', q: 'ada', kind: 'staff', role: 'user' }) },
  'GET /api/users/admins': {},
  'POST /api/users/create-admin': {
    sample: 80,
    body: () => ({ email: 'fuzz-admin@example.com', firstName: 'Fuzz', lastName: 'Admin' }),
  },
  'PUT /api/users/:id/role': { params: (c) => ({ id: c.other.userId }), body: () => ({ role: 'client' }) },
  'PUT /api/users/email/:email/role': {
    params: () => ({ email: 'other@example.com' }),
    body: () => ({ role: 'client' }),
  },
  'DELETE /api/users/:id': { params: () => ({ id: 999_999 }) },
  'GET /api/audit': {
    query: (c) => ({
      stream: `client-${c.owner.clientId}`,
      limit: '20',
      q: 'created',
      type: 'ClientCreated',
    }),
  },
  'POST /api/consultations': { callers: PUBLIC, body: () => consultation },
  'GET /api/consultations': {
    query: () => ({ limit: '20', q: 'pat', set: 'active', status: 'pending' }),
  },
  'GET /api/consultations/counts': { query: () => ({ set: 'previous' }) },
  'PATCH /api/consultations/:id': {
    params: (c) => ({ id: c.consultationId }),
    body: () => ({
      status: 'contacted',
      notes: 'Called',
      contactedAt: '2026-03-01T10:00:00Z',
      archived: false,
    }),
  },
  'GET /api/clients': { query: () => ({ limit: '20', q: 'cabin', sort: '-name' }) },
  'GET /api/clients/me': { callers: CLIENT },
  'GET /api/clients/:id': { callers: CLIENT, params: (c) => ({ id: c.owner.clientId }) },
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
  'GET /api/projects': {
    callers: CLIENT,
    query: (c) => ({
      limit: '20',
      q: 'cabin',
      status: 'pending',
      type: 'starlink',
      clientId: `${c.owner.clientId}`,
    }),
  },
  'GET /api/projects/counts': {},
  'GET /api/projects/client': { callers: CLIENT },
  'GET /api/projects/client/:clientId': { params: (c) => ({ clientId: c.owner.clientId }) },
  'GET /api/projects/:id': { callers: CLIENT, params: (c) => ({ id: c.projectId }) },
  'PATCH /api/projects/:id': { params: (c) => ({ id: c.projectId }), body: () => projectFields },
  'PUT /api/projects/:id': {
    params: (c) => ({ id: c.projectId }),
    body: () => ({ ...projectFields, photos: [] }),
  },
  'DELETE /api/projects/:id': { params: () => ({ id: 999_999 }) },
  'POST /api/projects/:id/sync-calendar': { params: (c) => ({ id: c.projectId }) },
  'POST /api/projects/:id/photos': {
    params: (c) => ({ id: c.projectId }),
    upload: () => imageUpload(PHOTO_MAX_BYTES),
  },
  'GET /api/documents': {
    callers: CLIENT,
    query: (c) => ({
      limit: '20',
      q: 'form',
      type: 'form',
      status: 'pending',
      projectId: `${c.projectId}`,
      clientId: `${c.owner.clientId}`,
    }),
  },
  'GET /api/documents/project/:projectId': { callers: CLIENT, params: (c) => ({ projectId: c.projectId }) },
  'GET /api/documents/client/:clientId': { params: (c) => ({ clientId: c.owner.clientId }) },
  'GET /api/documents/:id': { callers: CLIENT, params: (c) => ({ id: c.documentId }) },
  // A form made by staff as JSON, or a file a client or staff uploads.
  'POST /api/documents': {
    callers: CLIENT,
    upload: (c) => ({
      field: 'file',
      fields: { projectId: String(c.projectId) },
      file: pdf,
      maxBytes: DOCUMENT_MAX_BYTES,
    }),
    body: (c) => ({
      title: 'Security Camera Install Quote',
      projectId: c.projectId,
      type: 'form',
      status: 'pending',
      formData: { cameraCount: 4, features: ['night vision'], rush: false },
    }),
  },
  'PATCH /api/documents/:id/sign': {
    callers: CLIENT,
    params: (c) => ({ id: c.documentId }),
    body: () => ({ signatureData: SIGNATURE_DATA_URL }),
  },
  'PATCH /api/documents/:id/review': { params: () => ({ id: 999_999 }) },
  'GET /api/documents/:id/file': { callers: CLIENT, params: (c) => ({ id: c.fileDocumentId }) },
  'GET /api/documents/:id/download': { callers: CLIENT, params: (c) => ({ id: c.fileDocumentId }) },
  'GET /api/documents/:id/signed-pdf': { callers: CLIENT, params: (c) => ({ id: c.documentId }) },
  'DELETE /api/documents/:id': { params: () => ({ id: 999_999 }) },
  'POST /api/documents/convert-to-form': {
    upload: () => ({
      field: 'document',
      fields: { action: 'convert-to-form' },
      file: pdf,
      maxBytes: DOCUMENT_MAX_BYTES,
    }),
  },
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
    callers: CLIENT,
    query: (c) => ({
      conversationId: `client-${c.owner.clientId}`,
      before: String(c.messageId),
      limit: '20',
    }),
  },
  'GET /api/messages/conversations': { callers: CLIENT, query: () => ({ limit: '20', q: 'cameras' }) },
  'GET /api/messages/client': {
    callers: CLIENT,
    query: (c) => ({ before: String(c.messageId), limit: '20' }),
  },
  'POST /api/messages': {
    callers: CLIENT,
    body: (c) => ({ content: 'Any news?', clientId: c.owner.clientId }),
  },
  'POST /api/messages/internal': { body: (c) => ({ content: 'Call them back', clientId: c.owner.clientId }) },
  'POST /api/messages/read': {
    callers: CLIENT,
    body: (c) => ({ conversationId: `client-${c.owner.clientId}`, messageId: c.messageId }),
  },
  'GET /api/clients/for-messaging': {},
  'GET /api/messages/client/:clientId': {
    params: (c) => ({ clientId: c.owner.clientId }),
    query: (c) => ({ before: String(c.messageId), limit: '20' }),
  },
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
  'GET /api/appointments/client': {
    callers: CLIENT,
    query: () => ({ limit: '20', q: 'visit', from: '2026-01-01', to: '2026-12-31' }),
  },
  'GET /api/appointments/client/:clientId': {
    params: (c) => ({ clientId: c.owner.clientId }),
    query: () => ({ limit: '20', q: 'visit', from: '2026-01-01', to: '2026-12-31' }),
  },
  'GET /api/estimates': {
    callers: CLIENT,
    query: (c) => ({
      limit: '20',
      q: 'cabin',
      status: 'sent',
      includes: 'cameras',
      sort: 'cost',
      clientId: `${c.owner.clientId}`,
    }),
  },
  'GET /api/estimates/:id': { callers: CLIENT, params: (c) => ({ id: c.sentEstimateId }) },
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
    callers: CLIENT,
    params: (c) => ({ id: c.sentEstimateId }),
    body: () => ({ signerName: 'Owning Client', signatureData: SIGNATURE_DATA_URL }),
  },
  'POST /api/estimates/:id/decline': {
    callers: CLIENT,
    params: (c) => ({ id: c.declinableEstimateId }),
    body: () => ({ reason: 'Too dear' }),
  },
  'GET /api/estimates/:id/pdf': { callers: CLIENT, params: (c) => ({ id: c.sentEstimateId }) },
  'GET /api/estimates/:id/csv': { params: (c) => ({ id: c.estimateId }) },
  'GET /api/calendar/events': { callers: CLIENT, query: () => ({ from: '2026-03-01', to: '2026-03-31' }) },
  'GET /api/calendar/feed': { callers: CLIENT },
  'DELETE /api/calendar/feed': { callers: CLIENT },
  'GET /api/calendar/feed/:token.ics': { callers: PUBLIC, params: (c) => ({ token: c.feedToken }) },
  'GET /api/calendar/ics': {
    callers: CLIENT,
    query: (c) => ({ type: 'appointment', id: String(c.appointmentId) }),
  },
  'GET /api/auth/google-calendar': { query: () => ({ ticket: 'some-ticket' }) },
  'GET /api/auth/google/callback': {
    callers: PUBLIC,
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
    callers: CLIENT,
    body: (c) => ({ invoiceId: 1, projectId: c.projectId, amount: 10, description: 'Deposit' }),
  },
  'POST /api/stripe/webhook': {
    callers: PUBLIC,
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
  'GET /api/billing/card': { callers: CLIENT },
  'POST /api/billing/setup-intent': { callers: CLIENT },
  'POST /api/billing/card-saved': { callers: CLIENT, body: () => ({ setupIntentId: 'seti_1' }) },
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
  'GET /api/invoices/:invoiceId': { callers: CLIENT, params: (c) => ({ invoiceId: c.invoiceId }) },
  'GET /api/invoices/:invoiceId/pdf': { callers: CLIENT, params: (c) => ({ invoiceId: c.invoiceId }) },
  'GET /api/payments': {
    query: (c) => ({
      projectId: String(c.projectId),
      limit: '20',
      q: 'cameras',
      status: 'pending',
      clientId: `${c.owner.clientId}`,
      from: '2026-01-01',
      to: '2026-12-31',
    }),
  },
  'GET /api/payments/stats': {},
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
    // An admin's explicit extra beyond the quote: its flag and amount are spoiled too.
    body: (c) => ({ estimateId: c.sentEstimateId, projectId: c.projectId, allowExtra: true, amount: 25 }),
  },
  'POST /api/estimates/:id/invoice': {
    callers: CLIENT,
    params: (c) => ({ id: c.acceptedEstimateId }),
    body: () => ({ choice: 'deposit' }),
  },
  'GET /api/dashboard/revenue': {},
  'GET /api/payments/client': {
    callers: CLIENT,
    query: () => ({ limit: '20', q: 'cameras', status: 'pending', from: '2026-01-01', to: '2026-12-31' }),
  },
  'GET /api/payments/client/:clientId': {
    params: (c) => ({ clientId: c.owner.clientId }),
    query: () => ({ limit: '20', q: 'cameras', status: 'pending', from: '2026-01-01', to: '2026-12-31' }),
  },
  'GET /api/dashboard/stats': { callers: CLIENT },
  'GET /api/dashboard/notes': { query: () => ({ day: '2026-03-01' }) },
  'POST /api/dashboard/notes': { body: () => ({ day: '2026-03-02', text: 'Order cable' }) },
  'PATCH /api/dashboard/notes/:id': {
    params: (c) => ({ id: c.noteId }),
    body: () => ({ text: 'Order more cable', completed: true }),
  },
  'DELETE /api/dashboard/notes/:id': { params: () => ({ id: 999_999 }) },
  'GET /api/content': { callers: PUBLIC },
  'GET /api/settings': {},
  'PUT /api/settings': { body: () => ({ section: 'pricing', data: pricing }) },
  'POST /api/settings/logo': { upload: () => imageUpload(LOGO_MAX_BYTES) },
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
    callers: PUBLIC,
    params: (c) => {
      const [, , , kind, name] = c.logoUrl.split('?')[0]!.split('/');
      return { kind: kind!, name: name! };
    },
  },
};

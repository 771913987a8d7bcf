import type { TestApp } from './app.ts';
import { eventually } from './eventually.ts';
import { solidBmp } from './fixtures/images.ts';

/** The kinds of caller every route is tried with by the access-matrix test. */
export const CALLERS = ['anonymous', 'owner', 'other', 'user', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

interface Account {
  email: string;
  password: string;
  token: string;
}

/**
 * The people of the access-matrix and bad-input tests, made through the API: two clients with portal
 * access ("owner" owns the records below, "other" owns nothing of them), a non-admin `user` account with
 * no client record, and the first admin. Each has a session that is reused for every call.
 */
export async function castOf(t: TestApp) {
  const newClient = async (label: string) => {
    const email = `${label}@example.com`;
    const res = await t.call(
      'POST',
      '/api/clients',
      { name: `${label} Client`, email, userType: 'client', portalAccess: true },
      t.adminToken,
    );
    // 201 with the client, or 202 with its ids when the read model has not caught up yet.
    if (res.status !== 201 && res.status !== 202)
      throw new Error(`client ${label}: ${res.status} ${JSON.stringify(res.body)}`);
    const password = `${label}-password-1`;
    const token = await eventually(`${email} to sign in`, () =>
      t.activate(email, res.body.temporaryPassword, password),
    );
    return {
      clientId: (res.body.client?.id ?? res.body.id) as number,
      userId: (res.body.user?.id ?? res.body.userId) as number,
      account: { email, password, token },
    };
  };
  const owner = await newClient('owning');
  const other = await newClient('other');
  const made = await t.createUser({ email: 'plain-user@example.com', role: 'user' });
  const user: Account = {
    email: made.email,
    password: 'plain-user-password-1',
    token: await t.activate(made.email, made.temporaryPassword, 'plain-user-password-1'),
  };
  const admin: Account = { email: 'owner@example.com', password: 'owner-password-1', token: t.adminToken };
  const accounts: Record<Exclude<Caller, 'anonymous'>, Account> = {
    owner: owner.account,
    other: other.account,
    user,
    admin,
  };

  const created = async (res: Awaited<ReturnType<TestApp['call']>>, what: string) => {
    if (res.status !== 201 && res.status !== 202 && res.status !== 200)
      throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  let serial = 0;
  /** A project of the owning client (a fresh one for routes that delete). */
  const newProject = async () =>
    (
      await created(
        await t.call(
          'POST',
          '/api/projects',
          { clientId: owner.clientId, title: `Job ${++serial}`, type: 'starlink' },
          t.adminToken,
        ),
        'project',
      )
    ).id as number;
  /** A pending form of the owning client's project (a fresh one for routes that sign or delete). */
  const newDocument = async () =>
    (
      await created(
        await t.call(
          'POST',
          '/api/documents',
          { title: `Form ${++serial}`, projectId, formData: { cameraCount: 4 } },
          t.adminToken,
        ),
        'document',
      )
    ).id as number;
  /** An appointment of the owning client's project, for the routes that change or cancel one. */
  const newAppointment = async () =>
    (
      await created(
        await t.call(
          'POST',
          '/api/appointments',
          {
            title: `Visit ${++serial}`,
            clientId: owner.clientId,
            projectId,
            scheduledDate: '2099-06-01',
            startTime: '09:00',
            endTime: '10:00',
            type: 'appointment',
          },
          t.adminToken,
        ),
        'appointment',
      )
    ).id as number;
  /**
   * An estimate of the owning client (for their project unless `project` is false), a draft, or sent to them
   * (`sent`), for the estimate routes.
   */
  const newEstimate = async (options: { sent?: boolean; project?: boolean } = {}) => {
    const made = await created(
      await t.call(
        'POST',
        '/api/estimates',
        {
          title: `Quote ${++serial}`,
          clientId: owner.clientId,
          projectId: options.project === false ? null : projectId,
          cameraType: 'wired',
          cameraCount: 4,
          propertyType: 'house',
        },
        t.adminToken,
      ),
      'estimate',
    );
    const id = made.id as number;
    if (options.sent)
      await created(
        await t.call('POST', `/api/estimates/${id}/send`, undefined, t.adminToken),
        'sent estimate',
      );
    return id;
  };
  /** An invoice of the owning client's project ($10, pending), for the invoice and payment routes. */
  const newInvoice = async () =>
    (
      await created(
        await t.call(
          'POST',
          '/api/invoices',
          { projectId, amount: 10, description: `Invoice ${++serial}` },
          t.adminToken,
        ),
        'invoice',
      )
    ).id as number;
  /** A quote sent to the owning client and accepted by them (for the client's deposit or full choice). */
  const newAcceptedEstimate = async () => {
    const id = await newEstimate({ sent: true });
    await created(
      await t.call(
        'POST',
        `/api/estimates/${id}/accept`,
        { signerName: 'Owning Client', signatureData: SIGNATURE_DATA_URL },
        owner.account.token,
      ),
      'accepted estimate',
    );
    return id;
  };
  /** A custom form (shared by the admins), for the routes that change or remove one. */
  const newForm = async () =>
    (
      await created(
        await t.call(
          'POST',
          '/api/forms',
          {
            title: `Checklist ${++serial}`,
            sections: [{ id: 's', fields: [{ id: 'a', type: 'text', label: 'A' }] }],
          },
          t.adminToken,
        ),
        'custom form',
      )
    ).id as number;
  /** A daily note of the admin. */
  const newNote = async () =>
    (
      await created(
        await t.call('POST', '/api/dashboard/notes', { day: '2026-03-01', text: 'Call back' }, t.adminToken),
        'note',
      )
    ).id as number;
  /** A throwaway account, for routes that change or remove the account they name. */
  const newAccount = () => t.createUser({ email: `spare-${++serial}@example.com`, role: 'user' });
  let shared: ReturnType<typeof newAccount> | null = null;
  /**
   * The account a caller's request names: a new one for the admin (whose change goes through), one shared
   * spare for everyone else (who is refused, so it stays as it was; each account costs a password hash).
   */
  const accountFor = (caller: Caller) => {
    if (caller === 'admin') return newAccount();
    shared ??= newAccount();
    return shared;
  };

  await created(
    await t.call('POST', '/api/consultations', {
      name: 'Quinn Public',
      email: 'quinn@example.com',
      preferredDate: '2099-01-02',
      serviceType: 'starlink',
    }),
    'consultation',
  );
  const consultationId = await eventually('the consultation to show', async () => {
    const list = await t.call('GET', '/api/consultations', undefined, t.adminToken);
    return list.body[0]?.id as number | undefined;
  });
  const projectId = await newProject();
  const noteId = await newNote();
  const formId = await newForm();
  const documentId = await newDocument();
  const appointmentId = await newAppointment();
  /** A draft estimate, and two quotes sent to the owning client (one to accept, one to decline). */
  const estimateId = await newEstimate();
  const sentEstimateId = await newEstimate({ sent: true });
  const declinableEstimateId = await newEstimate({ sent: true });
  const invoiceId = await newInvoice();
  const acceptedEstimateId = await newAcceptedEstimate();
  /** A PDF uploaded to the owning client's project (its file is served at /file and /download). */
  const uploadPdf = async (token: string) => {
    const pdfForm = new FormData();
    pdfForm.append('projectId', String(projectId));
    pdfForm.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')]), 'plan.pdf');
    const pdfBody = new Response(pdfForm);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { 'content-type': pdfBody.headers.get('content-type')!, authorization: `Bearer ${token}` },
      payload: Buffer.from(await pdfBody.arrayBuffer()),
    });
    return (
      await created(
        { status: uploaded.statusCode, body: uploaded.json(), headers: uploaded.headers },
        'file document',
      )
    ).id as number;
  };
  const fileDocumentId = await uploadPdf(t.adminToken);
  const photo = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/photos`,
    ...(await imageUpload(t.adminToken)),
  });
  const photoUrl = (
    await created({ status: photo.statusCode, body: photo.json(), headers: photo.headers }, 'photo')
  ).photos?.[0]?.url as string | undefined;
  const logo = await t.app.inject({
    method: 'POST',
    url: '/api/settings/logo',
    ...(await imageUpload(t.adminToken)),
  });
  const logoUrl = (
    await created({ status: logo.statusCode, body: logo.json(), headers: logo.headers }, 'logo')
  ).logo as string;

  /** A message from the admin in the owning client's conversation (for the routes that mark one read). */
  const message = await created(
    await t.call(
      'POST',
      '/api/messages',
      { content: 'Welcome aboard', clientId: owner.clientId },
      t.adminToken,
    ),
    'message',
  );
  const messageId = message.id as number;

  /** The path of a caller's private calendar feed address (made on its first ask). */
  const feedPath = async (caller: Exclude<Caller, 'anonymous'>) => {
    const res = await t.call('GET', '/api/calendar/feed', undefined, accounts[caller].token);
    if (res.status !== 200) throw new Error(`calendar feed: ${res.status} ${JSON.stringify(res.body)}`);
    return new URL(res.body.url as string).pathname;
  };
  /** The token of the plain `user` account's feed address, made here (no other row revokes it). */
  const feedToken = /\/api\/calendar\/feed\/([^/]+)\.ics$/.exec(await feedPath('user'))![1]!;

  /** A fresh session of a caller, for the routes that end the session they are called with. */
  const freshToken = async (caller: Caller) =>
    caller === 'anonymous' ? null : t.login(accounts[caller].email, accounts[caller].password);

  return {
    owner,
    other,
    accounts,
    token: (caller: Caller) => (caller === 'anonymous' ? null : accounts[caller].token),
    freshToken,
    feedPath,
    feedToken,
    projectId,
    consultationId,
    noteId,
    formId,
    documentId,
    appointmentId,
    newAppointment,
    estimateId,
    sentEstimateId,
    declinableEstimateId,
    newEstimate,
    invoiceId,
    /** A quote the owning client accepted. */
    acceptedEstimateId,
    newInvoice,
    newAcceptedEstimate,
    fileDocumentId,
    /** The admin's message in the owning client's conversation (`client-<owner.clientId>`). */
    messageId,
    /** A fresh upload by the owning client, waiting for staff review. */
    newClientUpload: () => uploadPdf(accounts.owner.token),
    logoUrl,
    /** The signed address of a photo of the owner's project, as the project reads hand it out. */
    photoUrl,
    newProject,
    newNote,
    newDocument,
    newForm,
    newAccount,
    accountFor,
    /** A unique e-mail address for routes that create an account or a client. */
    newEmail: () => `made-${++serial}@example.com`,
  };
}
export type Cast = Awaited<ReturnType<typeof castOf>>;

/** An 8×8 BMP as multipart/form-data, in the shape `app.inject` takes (headers may add a token). */
export async function imageUpload(token?: string | null, field = 'file') {
  const form = new FormData();
  form.append(
    field,
    new Blob([new Uint8Array(solidBmp(8, 8, [200, 40, 40]))], { type: 'image/bmp' }),
    'a.bmp',
  );
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  };
}

/** A drawn signature as the signature pad sends it: a 1×1 PNG data URL. */
export const SIGNATURE_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** How many events the store holds: a refused request must not change it. */
export async function eventCount(t: TestApp): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');
  return rows[0]!.n;
}

/** The app's routes as `METHOD /path`, and the rows a table of routes lacks or names in vain (both empty). */
export function routesWithoutRows(t: TestApp, rows: Record<string, unknown>) {
  const routes = t.routes.flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`));
  return {
    withoutRow: routes.filter((r) => !(r in rows)),
    rowsWithoutRoute: Object.keys(rows).filter((r) => !routes.includes(r)),
  };
}

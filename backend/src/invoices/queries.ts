import type {
  TInvoice,
  TPayment,
  TPaymentStats,
  TPaymentsPage,
  TPaymentsQuery,
} from '@app/contracts/api/invoices';
import { DEFAULT_SETTINGS } from '@app/contracts/api/settings';
import { BUSINESS_TIME_ZONE, businessToday } from '@app/contracts/calendar/time-zone';
import { isOverdue, PAYMENT_STATUSES } from '@app/contracts/invoices/rules';
import { clientSearchText } from '@app/projections/clients/projection';
import { paymentFacts } from '@app/projections/invoices/dto';
import { dueBeforeKeys, paymentSearchText } from '@app/projections/invoices/projection';
import { projectSearchText } from '@app/projections/projects/projection';
import { countsTable } from '@app/projections/runtime/document-projection';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Person } from '../auth/person.ts';
import { cardPaymentsConfigured } from '../platform/config.ts';
import type { AppDeps } from '../platform/deps.ts';
import {
  amongIds,
  countUpTo,
  decodeCursor,
  ilike,
  keptCount,
  keptCounts,
  pageLimit,
  pageOf,
  searchPatterns,
  ZCursorInstant,
} from '../platform/paging.ts';
import { ViewTextCache } from '../platform/view-text-cache.ts';

type Deps = Pick<AppDeps, 'rm' | 'config'>;

/** The invoice page's address (the spec's customInvoiceUrl and paymentLink): this, then the invoice's id. */
const invoiceUrlBase = (deps: Pick<AppDeps, 'config'>) => `${deps.config.PUBLIC_URL}/invoice/`;
export const invoiceUrlOf = (deps: Pick<AppDeps, 'config'>, id: number) => `${invoiceUrlBase(deps)}${id}`;

/** A timestamptz column as the API's ISO instant, formatted by Postgres (no Date per row on a long list). */
const isoInstant = <T extends string | null>(column: string) =>
  sql<T>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Invoices not deleted (the lists leave deleted ones out). */
const invoices = (deps: Deps) => deps.rm.selectFrom('payments as y').where('y.voided_at', 'is', null);

/**
 * Invoices with their project's and client's names as they are now (joined, so renames show). Only the columns
 * a row of the list needs (the ledger is read by the invoice page alone).
 */
const withRowColumns = (from: ReturnType<typeof invoices>) =>
  from
    .leftJoin('clients as c', 'c.id', 'y.client_id')
    .leftJoin('projects as p', 'p.id', 'y.project_id')
    .select([
      'y.id',
      'y.invoice_number',
      'y.project_id',
      'y.client_id',
      'y.amount_cents',
      'y.paid_cents',
      'y.description',
      'y.status',
      'y.kind',
      'y.payment_method',
      'y.custom_method',
      'y.payment_intent_id',
      'y.transaction_id',
      'y.estimate_id',
      sql<string>`y.invoice_date::text`.as('invoice_date'),
      sql<string>`y.due_date::text`.as('due_date'),
      isoInstant<string | null>('y.paid_at').as('paid_at'),
      isoInstant<string>('y.created_at').as('created_at'),
      'c.name as client_name',
      'p.title as project_title',
      'p.type as project_type',
    ]);

/** Invoices not deleted as rows of the list, newest first. */
const payments = (deps: Deps) =>
  withRowColumns(invoices(deps)).orderBy('y.created_at', 'desc').orderBy('y.id', 'desc');

type Row = Awaited<ReturnType<ReturnType<typeof payments>['executeTakeFirstOrThrow']>>;

/** A row of the list: the invoice's own facts (as the view keeps them in list_head) and the live fields. */
function toPayment(deps: Deps, r: Row, day: string): TPayment {
  return {
    ...paymentFacts(r),
    projectTitle: r.project_title ?? '',
    projectType: r.project_type ?? '',
    clientName: r.client_name ?? '',
    overdue: isOverdue(r.status, r.due_date, day),
    invoiceUrl: invoiceUrlOf(deps, r.id),
  };
}

/** The payments list (staff), newest first; `projectId` narrows it to one project's. */
export async function paymentsList(deps: Deps, filter: { projectId?: number; clientId?: number } = {}) {
  let query = payments(deps);
  if (filter.projectId !== undefined) query = query.where('y.project_id', '=', filter.projectId);
  if (filter.clientId !== undefined) query = query.where('y.client_id', '=', filter.clientId);
  const day = businessToday();
  return (await query.execute()).map((r) => toPayment(deps, r, day));
}

/**
 * The same list as `paymentsList`, as the JSON text of its answer: each row keeps its own facts as the start
 * of its JSON text (`list_head`, made by the view with `paymentFacts`), and the database ends each with the
 * live fields as `toPayment` makes them (the names as they are now, `isOverdue` against today in Alaska, the
 * invoice page's address) and joins them in order. With 5,000 invoices, reading rows into objects, checking
 * and serialising them cost several times the query itself. Per row the database only appends: each client's
 * and project's names are written as JSON once (the subqueries), and cutting or re-encoding the stored text
 * per row measured slower than the rest of the query together.
 */
export async function paymentsJson(deps: Deps, filter: { projectId?: number } = {}): Promise<string> {
  const day = businessToday();
  // The page's address up to the id, as the inside of a JSON string (an id's digits need no escaping).
  const url = JSON.stringify(invoiceUrlBase(deps)).slice(0, -1);
  const clients = deps.rm
    .selectFrom('clients')
    .select(['id', sql<string>`',"clientName":' || to_json(name)::text`.as('json')])
    .as('c');
  const projects = deps.rm
    .selectFrom('projects')
    .select([
      'id',
      sql<string>`',"projectTitle":' || to_json(title)::text || ',"projectType":' || to_json(type)::text`.as(
        'json',
      ),
    ])
    .as('p');
  const row = sql`y.list_head
    || coalesce(p.json, ',"projectTitle":"","projectType":""')
    || coalesce(c.json, ',"clientName":""')
    || CASE WHEN y.status = 'pending' AND y.due_date < ${day}::date
         THEN ${`,"overdue":true,"invoiceUrl":${url}`}::text
         ELSE ${`,"overdue":false,"invoiceUrl":${url}`}::text END
    || y.id::text || '"}'`;
  let query = deps.rm
    .selectFrom('payments as y')
    .leftJoin(clients, 'c.id', 'y.client_id')
    .leftJoin(projects, 'p.id', 'y.project_id')
    .select(
      sql<string>`'[' || coalesce(string_agg(${row}, ',' ORDER BY y.created_at DESC, y.id DESC), '') || ']'`.as(
        'body',
      ),
    )
    .where('y.voided_at', 'is', null);
  if (filter.projectId !== undefined) query = query.where('y.project_id', '=', filter.projectId);
  return (await query.executeTakeFirstOrThrow()).body;
}

/** The views the payments list is read from: its text can only change when one of them changed. */
export const PAYMENT_LIST_VIEWS = ['payments', 'clients', 'projects'];

/**
 * The payments list's text (`paymentsJson`) as this process last made it, kept until a view it reads changed
 * or the day (Overdue) moved: staff reopen the Payments view far more often than invoices change, and making
 * the text of 5,000 invoices takes the database tens of milliseconds.
 */
export function paymentsListCache(deps: Deps & Pick<AppDeps, 'watcher'>) {
  const cache = new ViewTextCache(PAYMENT_LIST_VIEWS, (view) => deps.watcher.changeMarkOf(view), 100);
  return {
    answer: (projectId?: number) =>
      cache.answer(
        projectId === undefined ? 'all' : `project-${projectId}`,
        cache.version(businessToday()),
        () => paymentsJson(deps, { projectId }),
      ),
  };
}

/** One client's invoices (the portal's Payments, and the admin's view of it). */
export const paymentsOfClient = (deps: Deps, clientId: number) => paymentsList(deps, { clientId });

/** One invoice as a row of the list (staff's answer to their commands). */
export async function paymentById(deps: Deps, id: number): Promise<TPayment | null> {
  const row = await payments(deps).where('y.id', '=', id).executeTakeFirst();
  return row ? toPayment(deps, row, businessToday()) : null;
}

/**
 * The invoice page (GET /api/invoices/{invoiceId}): staff any invoice, a client their own; anyone else, or a
 * deleted invoice: null. Card payment is offered only when this server has Stripe keys.
 */
export async function invoicePage(deps: Deps, person: Person, id: number): Promise<TInvoice | null> {
  const r = await payments(deps)
    .select([
      'y.ledger',
      'y.stripe_invoice_url',
      'c.email as client_email',
      'c.phone as client_phone',
      'c.address as client_address',
      'p.description as project_description',
    ])
    .where('y.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  if (person.role !== 'admin' && (person.clientId === null || person.clientId !== r.client_id)) return null;
  const settings = await deps.rm
    .selectFrom('site_settings')
    .select('company')
    .where('id', '=', 1)
    .executeTakeFirst();
  const { logo: _logo, ...company } = settings?.company ?? DEFAULT_SETTINGS.company;
  // Card payment needs the server's Stripe keys (as the page policy and the Stripe slice judge it) and the
  // publishable key the card form is shown with.
  const publishableKey = deps.config.STRIPE_PUBLISHABLE_KEY ?? null;
  const cardPayments = cardPaymentsConfigured(deps.config) && publishableKey !== null;
  const row = toPayment(deps, r, businessToday());
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    createdAt: row.createdAt,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    status: row.status === 'completed' ? 'paid' : row.status,
    overdue: row.overdue,
    amount: row.amount,
    amountCents: row.amountCents,
    paidCents: row.paidCents,
    balanceCents: row.balanceCents,
    description: row.description,
    kind: row.kind,
    payments: r.ledger,
    stripeInvoiceUrl: r.stripe_invoice_url,
    paymentIntentId: r.payment_intent_id,
    cardPayments,
    stripePublishableKey: cardPayments ? publishableKey : null,
    client: {
      name: r.client_name ?? '',
      email: r.client_email ?? '',
      phone: r.client_phone,
      address: r.client_address,
    },
    project: {
      id: r.project_id,
      title: r.project_title ?? '',
      type: r.project_type ?? '',
      description: r.project_description ?? '',
    },
    company,
  };
}

const PAGE_LIST = 'payments';
const ZPaymentsCursor = z.tuple([ZCursorInstant, z.number().int()]);

/**
 * A page of invoices, newest first (issue 23). Every word of `q` is found in the invoice number or description,
 * the client (name, e-mail, phone, address) or the project (title, description): each through its trigram
 * index. `from` and `to` are days of the invoice date, the day it was issued in Alaska, so they are read as a
 * range of `created_at` and the page stays a scan of the newest-first index. The total is read from the kept
 * counters when at most one of status, client and project filters it, counted over the matching rows when a
 * search, a date or several filters do.
 */
export async function pagePayments(deps: Deps, query: TPaymentsQuery): Promise<TPaymentsPage> {
  const limit = pageLimit(query.limit);
  const patterns = searchPatterns(query.q);
  let matching = invoices(deps);
  if (query.clientId !== undefined) matching = matching.where('y.client_id', '=', query.clientId);
  if (query.projectId !== undefined) matching = matching.where('y.project_id', '=', query.projectId);
  if (query.status) matching = matching.where('y.status', '=', query.status);
  if (query.from)
    matching = matching.where(
      sql<boolean>`y.created_at >= (${query.from}::date::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE})`,
    );
  if (query.to)
    matching = matching.where(
      sql<boolean>`y.created_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE})`,
    );
  for (const pattern of patterns)
    matching = matching.where((eb) =>
      eb.or([
        ilike(sql.raw(paymentSearchText('y.')), pattern),
        amongIds(
          'y.client_id',
          eb
            .selectFrom('clients as c2')
            .select('c2.id')
            .where(ilike(sql.raw(clientSearchText('c2.')), pattern)),
        ),
        amongIds(
          'y.project_id',
          eb
            .selectFrom('projects as p2')
            .select('p2.id')
            .where(ilike(sql.raw(projectSearchText('p2.')), pattern)),
        ),
      ]),
    );
  let page = withRowColumns(matching)
    .select(sql<string>`y.created_at::text`.as('cursor_at'))
    .orderBy('y.created_at', 'desc')
    .orderBy('y.id', 'desc')
    .limit(limit + 1);
  if (query.cursor) {
    const [at, id] = decodeCursor(PAGE_LIST, query.cursor, ZPaymentsCursor);
    page = page.where(sql<boolean>`(y.created_at, y.id) < (${at}::timestamptz, ${id})`);
  }
  const keys = [
    query.clientId !== undefined && `client:${query.clientId}`,
    query.projectId !== undefined && `project:${query.projectId}`,
    query.status && `status:${query.status}`,
  ].filter((k): k is string => !!k);
  const counted =
    patterns.length === 0 && !query.from && !query.to && keys.length <= 1
      ? keptCount(deps.rm, countsTable('payments'), keys.length === 0 ? [''] : keys)
      : countUpTo(deps.rm, matching);
  const [rows, total] = await Promise.all([page.execute(), counted]);
  const day = businessToday();
  return pageOf(rows, {
    limit,
    total,
    list: PAGE_LIST,
    keyOf: (r) => [r.cursor_at, r.id],
    toItem: (r) => toPayment(deps, r, day),
  });
}

/**
 * The Payments view's figures (GET /api/payments/stats), read from the kept counters and sums the payments view
 * moves with every invoice event: no invoice is read. What is overdue is what is owed on pending invoices due
 * before today in Alaska.
 */
export async function paymentStats(deps: Deps): Promise<TPaymentStats> {
  const overdueKeys = dueBeforeKeys(businessToday());
  const kept = await keptCounts(deps.rm, countsTable('payments'), [
    '',
    ...PAYMENT_STATUSES.map((s) => `status:${s}`),
    'cents:invoiced',
    'cents:paid',
    'cents:owed',
    ...overdueKeys,
  ]);
  const n = (key: string) => kept[key] ?? 0;
  return {
    totalCents: n('cents:invoiced'),
    paidCents: n('cents:paid'),
    pendingCents: n('cents:owed'),
    overdueCents: overdueKeys.reduce((sum, key) => sum + n(key), 0),
    counts: {
      all: n(''),
      pending: n('status:pending'),
      completed: n('status:completed'),
      failed: n('status:failed'),
    },
  };
}

import type { TInvoice, TPayment } from '@app/contracts/api/invoices';
import { DEFAULT_SETTINGS } from '@app/contracts/api/settings';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { isOverdue } from '@app/contracts/invoices/rules';
import { paymentFacts } from '@app/projections/invoices/dto';
import { sql } from 'kysely';
import type { Person } from '../auth/person.ts';
import { cardPaymentsConfigured } from '../platform/config.ts';
import type { AppDeps } from '../platform/deps.ts';
import { ViewTextCache } from '../platform/view-text-cache.ts';

type Deps = Pick<AppDeps, 'rm' | 'config'>;

/** The invoice page's address (the spec's customInvoiceUrl and paymentLink): this, then the invoice's id. */
const invoiceUrlBase = (deps: Pick<AppDeps, 'config'>) => `${deps.config.PUBLIC_URL}/invoice/`;
export const invoiceUrlOf = (deps: Pick<AppDeps, 'config'>, id: number) => `${invoiceUrlBase(deps)}${id}`;

/** A timestamptz column as the API's ISO instant, formatted by Postgres (no Date per row on a long list). */
const isoInstant = <T extends string | null>(column: string) =>
  sql<T>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Invoices not deleted, with their project's and client's names as they are now (joined, so renames show),
 * newest first. Only the columns a row of the list needs (the ledger is read by the invoice page alone).
 */
const payments = (deps: Deps) =>
  deps.rm
    .selectFrom('payments as y')
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
    ])
    .where('y.voided_at', 'is', null)
    .orderBy('y.created_at', 'desc')
    .orderBy('y.id', 'desc');

type Row = Awaited<ReturnType<ReturnType<typeof payments>['executeTakeFirstOrThrow']>>;

const today = () => utcToLocal(new Date()).date;

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
  const day = today();
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
  const day = today();
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
const LIST_VIEWS = ['payments', 'clients', 'projects'];

/**
 * The payments list's text (`paymentsJson`) as this process last made it, kept until a view it reads changed
 * or the day (Overdue) moved: staff reopen the Payments view far more often than invoices change, and making
 * the text of 5,000 invoices takes the database tens of milliseconds.
 */
export function paymentsListCache(deps: Deps & Pick<AppDeps, 'watcher'>) {
  const cache = new ViewTextCache(LIST_VIEWS, (view) => deps.watcher.changeMarkOf(view), 100);
  return {
    answer: (projectId?: number) =>
      cache.answer(projectId === undefined ? 'all' : `project-${projectId}`, cache.version(today()), () =>
        paymentsJson(deps, { projectId }),
      ),
  };
}

/** One client's invoices (the portal's Payments, and the admin's view of it). */
export const paymentsOfClient = (deps: Deps, clientId: number) => paymentsList(deps, { clientId });

/** One invoice as a row of the list (staff's answer to their commands). */
export async function paymentById(deps: Deps, id: number): Promise<TPayment | null> {
  const row = await payments(deps).where('y.id', '=', id).executeTakeFirst();
  return row ? toPayment(deps, row, today()) : null;
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
  const row = toPayment(deps, r, today());
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

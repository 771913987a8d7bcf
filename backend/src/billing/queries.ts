import type { TBillingPlan } from '@app/contracts/api/billing';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';

type Deps = Pick<AppDeps, 'rm'>;

/** Plans with their client's and project's names as they are now (joined), newest first. */
const plans = (deps: Deps) =>
  deps.rm
    .selectFrom('billing_plans as b')
    .leftJoin('clients as c', 'c.id', 'b.client_id')
    .leftJoin('projects as p', 'p.id', 'b.project_id')
    .select([
      'b.id',
      'b.client_id',
      'c.name as client_name',
      'b.project_id',
      'p.title as project_name',
      'b.service',
      'b.description',
      'b.amount_cents',
      'b.interval',
      sql<string>`to_char(b.first_billing_day, 'YYYY-MM-DD')`.as('first_billing_day'),
      'b.status',
      sql<string | null>`to_char(b.next_billing_date, 'YYYY-MM-DD')`.as('next_billing_date'),
      'b.last_period',
      'b.last_invoice_id',
      sql<string>`to_char(b.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
    ])
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc');

type Row = Awaited<ReturnType<ReturnType<typeof plans>['execute']>>[number];

const dto = (r: Row): TBillingPlan => ({
  id: r.id,
  clientId: r.client_id,
  clientName: r.client_name ?? null,
  projectId: r.project_id,
  projectName: r.project_name ?? null,
  service: r.service,
  description: r.description,
  amountCents: Number(r.amount_cents),
  interval: r.interval,
  firstBillingDay: r.first_billing_day,
  status: r.status,
  nextBillingDate: r.next_billing_date,
  lastPeriod: r.last_period,
  lastInvoiceId: r.last_invoice_id,
  createdAt: r.created_at,
});

export async function billingPlanList(deps: Deps, filter: { clientId?: number | undefined }) {
  const query =
    filter.clientId === undefined ? plans(deps) : plans(deps).where('b.client_id', '=', filter.clientId);
  return (await query.execute()).map(dto);
}

export async function billingPlanById(deps: Deps, id: number) {
  const row = await plans(deps).where('b.id', '=', id).executeTakeFirst();
  return row ? dto(row) : null;
}

/** The timer's work list: active plans whose next billing day has come (each is decided on its stream). */
export async function plansDue(deps: Deps, today: string) {
  try {
    const rows = await deps.rm
      .selectFrom('billing_plans')
      .select('id')
      .where('status', '=', 'active')
      .where('next_billing_date', '<=', sql<string>`${today}::date`)
      .orderBy('next_billing_date')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  } catch (err) {
    // A brand-new database whose projections have not made the view yet: no plan can be due.
    if ((err as { code?: string }).code === UNDEFINED_TABLE) return [];
    throw err;
  }
}

const UNDEFINED_TABLE = '42P01';

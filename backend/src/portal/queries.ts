import type { TAppointment, TPayment } from '@app/contracts/api/portal';
import { portalAppointment } from '../appointments/queries.ts';
import type { AppDeps } from '../platform/deps.ts';
import { calendarDay, instant } from '../platform/read-values.ts';

type Deps = Pick<AppDeps, 'rm'>;

export async function appointmentsOfClient(deps: Deps, clientId: number): Promise<TAppointment[]> {
  const rows = await deps.rm
    .selectFrom('appointments')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('scheduled_date')
    .orderBy('start_time')
    .execute();
  return rows.map(portalAppointment);
}

export async function paymentsOfClient(deps: Deps, clientId: number): Promise<TPayment[]> {
  const rows = await deps.rm
    .selectFrom('payments')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    projectId: r.project_id,
    amount: Number(r.amount),
    description: r.description,
    invoiceNumber: r.invoice_number,
    status: r.status,
    paymentMethod: r.payment_method,
    dueDate: r.due_date === null ? null : calendarDay(r.due_date),
    paidAt: r.paid_at === null ? null : instant(r.paid_at),
    createdAt: instant(r.created_at),
  }));
}

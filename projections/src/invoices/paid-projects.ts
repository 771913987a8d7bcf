import type { StoredEvent } from '@app/contracts/events/envelope';
import { sql } from 'kysely';
import { countMoves, countsTable } from '../runtime/document-projection.ts';
import { type ApplyContext, handles, type Projection } from '../runtime/types.ts';

/** The counter of one project's invoices with money received: of every client's (null), or behind one's. */
export const paidProjectKey = (projectId: number, clientId: number | null) =>
  clientId === null ? `paid-project:${projectId}` : `client:${clientId}:paid-project:${projectId}`;

/** The counter of projects with money received: of every client (null), or of one. */
export const paidProjectsKey = (clientId: number | null) =>
  clientId === null ? 'paid-projects' : `client:${clientId}:paid-projects`;

const paidProjectsOf = (key: string) => [[key.replace(/paid-project:\d+$/, 'paid-projects'), 1] as const];

/**
 * The payments view keeping, beside its counters, how many projects have money received (issue 23: the dashboard
 * reads one counter, it counts no projects). A count of distinct projects is no sum over invoice rows, so each
 * batch moves it by the projects whose `paid-project:<id>` counter (`paidProjectKey`) it raised from nothing or
 * brought back to nothing. What a rebuild keeps is the same: after every batch it is the number of those counters.
 */
export function keepingPaidProjects(payments: Projection): Projection {
  return {
    ...payments,
    async apply(events, ctx) {
      const keys = await paidProjectKeysOf(
        events.filter((e) => handles(payments, e)),
        ctx,
      );
      if (keys.length === 0) return payments.apply(events, ctx);
      const counts = sql.table(`${ctx.schema}.${countsTable('payments')}`);
      const present = async () => {
        const { rows } = await sql<{
          key: string;
        }>`SELECT key FROM ${counts} WHERE key = ANY(${keys})`.execute(ctx.tx);
        return new Set(rows.map((r) => r.key));
      };
      const before = await present();
      const changed = await payments.apply(events, ctx);
      const after = await present();
      const moves = countMoves(
        paidProjectsOf,
        keys.map((k) => [before.has(k) ? k : null, after.has(k) ? k : null] as const),
      );
      if (moves.length > 0) {
        // As the view's own counters move (see documentProjection): a counter back at 0 is no row.
        await sql`INSERT INTO ${counts} AS c (key, n)
          SELECT key, n FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS m(key text, n bigint)
          ON CONFLICT (key) DO UPDATE SET n = c.n + excluded.n`.execute(ctx.tx);
        await sql`DELETE FROM ${counts} WHERE n = 0 AND key = ANY(${moves.map((m) => m.key)})`.execute(
          ctx.tx,
        );
      }
      return changed;
    },
  };
}

/** The `paid-project:` counters a batch may move: of the projects (and clients) of the invoices it is about. */
async function paidProjectKeysOf(events: StoredEvent[], { tx, schema }: ApplyContext): Promise<string[]> {
  const ids = [...new Set(events.map((e) => (e.data as { invoiceId: number }).invoiceId))];
  const issued = events
    .filter((e) => e.type === 'InvoiceIssued')
    .map((e) => e.data as { projectId: number; clientId: number })
    .map((d) => ({ project_id: d.projectId, client_id: d.clientId }));
  const { rows: stored } = await sql<{ project_id: number; client_id: number }>`
    SELECT project_id, client_id FROM ${sql.table(`${schema}.payments`)} WHERE id = ANY(${ids}::int[])`.execute(
    tx,
  );
  const keys = [...stored, ...issued].flatMap((r) => [
    paidProjectKey(r.project_id, null),
    paidProjectKey(r.project_id, r.client_id),
  ]);
  return [...new Set(keys)];
}

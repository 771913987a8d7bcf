import type { TDomainEvent } from '@app/contracts/events/domain';
import { sql } from 'kysely';
import type { Projection } from '../runtime/types.ts';

/**
 * The audit trail: one row per event with who, when and what changed, plus the names of actors,
 * kept here (not joined from the users view) so the trail still names people after they are deleted.
 */
export const auditProjection: Projection = {
  name: 'audit',
  // 2: a renamed account's new name names its actions.
  version: 2,
  syncType: null,
  tables: ['audit_log', 'audit_actors'],
  ddl: (s) => `
    CREATE TABLE ${s}.audit_log (
      event_id uuid PRIMARY KEY,
      stream text NOT NULL,
      revision bigint NOT NULL,
      type text NOT NULL,
      occurred_at timestamptz NOT NULL,
      actor_id integer,
      actor_role text NOT NULL,
      client_ip text,
      correlation_id text NOT NULL,
      changes jsonb NOT NULL
    );
    CREATE INDEX ON ${s}.audit_log (stream, revision DESC);
    CREATE TABLE ${s}.audit_actors (id integer PRIMARY KEY, name text NOT NULL);`,
  async apply(events, { tx, schema }) {
    const rows = events.map((e) => ({
      event_id: e.id,
      stream: e.streamName,
      revision: e.revision.toString(),
      type: e.type,
      occurred_at: e.metadata.occurredAt,
      actor_id: e.metadata.actorId,
      actor_role: e.metadata.actorRole,
      client_ip: e.metadata.clientIp,
      correlation_id: e.metadata.correlationId,
      changes: e.data,
    }));
    const log = sql.table(`${schema}.audit_log`);
    await sql`INSERT INTO ${log} SELECT * FROM jsonb_populate_recordset(NULL::${log}, ${JSON.stringify(rows)}::jsonb)
      ON CONFLICT (event_id) DO NOTHING`.execute(tx);

    const actors = new Map<number, string>();
    for (const stored of events) {
      const e = stored as unknown as TDomainEvent;
      if (e.type === 'UserCreated' || e.type === 'UserRenamed')
        actors.set(e.data.userId, `${e.data.firstName} ${e.data.lastName}`.trim());
    }
    if (actors.size > 0) {
      const table = sql.table(`${schema}.audit_actors`);
      const list = [...actors].map(([id, name]) => ({ id, name }));
      await sql`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, ${JSON.stringify(list)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET name = excluded.name`.execute(tx);
    }
    return rows.length;
  },
};

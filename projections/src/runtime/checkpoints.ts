import { type Position, START } from '@app/contracts/events/envelope';
import { sql } from 'kysely';
import type { AnyDb } from './types.ts';

export type Target = 'live' | 'build' | 'check';

/** Runtime tables of the projection runner (public schema); read models live in `rm`. */
export const projectionRuntimeSql = `
CREATE SCHEMA IF NOT EXISTS rm;
CREATE TABLE IF NOT EXISTS projection_checkpoints (
  name text NOT NULL,
  target text NOT NULL,
  schema_name text NOT NULL,
  version integer NOT NULL,
  position_commit numeric NOT NULL,
  position_prepare numeric NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, target)
);
CREATE TABLE IF NOT EXISTS projection_dead_letters (
  projection text NOT NULL,
  target text NOT NULL,
  event_id uuid NOT NULL,
  stream text NOT NULL,
  type text NOT NULL,
  position text NOT NULL,
  error text NOT NULL,
  parked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, target, event_id)
);
`;

/**
 * Raises when called: a checkpoint move that finds a checkpoint moved by another writer calls it, so the
 * batch's transaction fails in the statement itself, even when its COMMIT was sent right behind it.
 */
export const projectionRuntimeFunctionsSql = `
CREATE OR REPLACE FUNCTION projection_checkpoint_moved_under_us() RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A projection checkpoint moved under us' USING ERRCODE = 'PJ409';
END $$;
`;

export const schemaFor = (name: string, target: Target) =>
  target === 'live' ? 'rm' : `rm_${target}_${name.replace(/[^a-z0-9_]/g, '_')}`;

/** Advisory lock keys: `owner` picks the one live runner; `build` and `check` keep those jobs single. */
export const lockKey = (kind: 'owner' | 'build' | 'check', name: string) => `projection:${kind}:${name}`;

export interface Checkpoint {
  name: string;
  target: Target;
  schema: string;
  version: number;
  position: Position;
}

interface CheckpointRow {
  name: string;
  target: Target;
  schema_name: string;
  version: number;
  position_commit: string;
  position_prepare: string;
}

const fromRow = (r: CheckpointRow): Checkpoint => ({
  name: r.name,
  target: r.target,
  schema: r.schema_name,
  version: r.version,
  position: { commit: BigInt(r.position_commit), prepare: BigInt(r.position_prepare) },
});

export async function readCheckpoint(db: AnyDb, name: string, target: Target, forUpdate = false) {
  const { rows } = await sql<CheckpointRow>`
    SELECT name, target, schema_name, version, position_commit::text, position_prepare::text
    FROM projection_checkpoints WHERE name = ${name} AND target = ${target} ${forUpdate ? sql`FOR UPDATE` : sql``}`.execute(
    db,
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function readAllCheckpoints(db: AnyDb): Promise<Checkpoint[]> {
  const { rows } = await sql<CheckpointRow>`
    SELECT name, target, schema_name, version, position_commit::text, position_prepare::text
    FROM projection_checkpoints ORDER BY name, target`.execute(db);
  return rows.map(fromRow);
}

/** The checkpoints of several projections of one target, locked for the caller's transaction. */
export async function lockCheckpoints(db: AnyDb, names: readonly string[], target: Target) {
  const { rows } = await sql<CheckpointRow>`
    SELECT name, target, schema_name, version, position_commit::text, position_prepare::text
    FROM projection_checkpoints WHERE name = ANY(${names}) AND target = ${target}
    ORDER BY name FOR UPDATE`.execute(db);
  return new Map(rows.map((r) => [r.name, fromRow(r)]));
}

export interface CheckpointMove {
  from: Checkpoint;
  to: Position;
}

/**
 * Compare-and-set of several checkpoints in one statement: each only moves from the position the caller
 * read, so two writers cannot both advance it. The batch's change notices (`payloads`) go out in the same
 * round trip, delivered when the transaction commits (never, when a checkpoint had moved and it rolls back).
 */
export async function advanceCheckpoints(
  db: AnyDb,
  moves: readonly CheckpointMove[],
  notify: { channel: string; payloads: readonly string[] },
) {
  if (moves.length === 0) return;
  await advanceCheckpointsSql(moves, notify).execute(db);
}

/** `advanceCheckpoints`' statement, for a caller that sends it itself; it raises when a checkpoint moved. */
export function advanceCheckpointsSql(
  moves: readonly CheckpointMove[],
  notify: { channel: string; payloads: readonly string[] },
) {
  const values = moves.map((m) => ({
    name: m.from.name,
    target: m.from.target,
    oc: m.from.position.commit.toString(),
    op: m.from.position.prepare.toString(),
    nc: m.to.commit.toString(),
    np: m.to.prepare.toString(),
  }));
  return sql<{ sent: number }>`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        AS x(name text, target text, oc numeric, op numeric, nc numeric, np numeric)
    ), moved AS (
      UPDATE projection_checkpoints c SET position_commit = v.nc, position_prepare = v.np, updated_at = now()
      FROM v WHERE c.name = v.name AND c.target = v.target AND c.position_commit = v.oc AND c.position_prepare = v.op
      RETURNING 1
    ), sent AS (
      SELECT pg_notify(${notify.channel}, p) FROM unnest(${notify.payloads}::text[]) AS p
    )
    SELECT CASE WHEN (SELECT count(*) FROM moved) = ${moves.length}
      THEN (SELECT count(*) FROM sent)::int ELSE projection_checkpoint_moved_under_us() END AS sent`;
}

/**
 * Moves checkpoints that are behind `to` up to it, in one statement and without a transaction: for a batch
 * none of the projections acts on, so no rows are written. Never moves a checkpoint back. The notices of
 * those that moved go out as one JSON array (they carry no keys, so one payload holds them).
 */
export async function skipCheckpointsTo(
  db: AnyDb,
  skips: readonly { name: string; notice: string | null }[],
  target: Target,
  to: Position,
  channel: string,
) {
  await sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(skips)}::jsonb) AS x(name text, notice text)
    ), moved AS (
      UPDATE projection_checkpoints c SET position_commit = ${to.commit.toString()},
        position_prepare = ${to.prepare.toString()}, updated_at = now()
      FROM v WHERE c.name = v.name AND c.target = ${target}
        AND (c.position_commit, c.position_prepare) < (${to.commit.toString()}::numeric, ${to.prepare.toString()}::numeric)
      RETURNING v.notice
    )
    SELECT pg_notify(${channel}, '[' || string_agg(notice, ',') || ']') FROM moved
    WHERE notice IS NOT NULL HAVING count(*) > 0`.execute(db);
}

export async function createCheckpoint(
  db: AnyDb,
  name: string,
  target: Target,
  version: number,
  at: Position = START,
) {
  await sql`
    INSERT INTO projection_checkpoints (name, target, schema_name, version, position_commit, position_prepare)
    VALUES (${name}, ${target}, ${schemaFor(name, target)}, ${version}, ${at.commit.toString()}, ${at.prepare.toString()})
    ON CONFLICT (name, target) DO UPDATE SET version = excluded.version, position_commit = excluded.position_commit,
      position_prepare = excluded.position_prepare, updated_at = now()`.execute(db);
}

import type { TEventMetadata } from './metadata.ts';

/**
 * A place in the global log. Postgres store: (transaction id, global position);
 * EventStoreDB: (commit, prepare). Both order lexicographically.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export const START: Position = { commit: 0n, prepare: 0n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export const positionToString = (p: Position) => `${p.commit}/${p.prepare}`;
export function positionFromString(s: string): Position {
  const [commit, prepare] = s.split('/');
  return { commit: BigInt(commit ?? '0'), prepare: BigInt(prepare ?? '0') };
}

export interface NewEvent<E extends { type: string; data: unknown } = { type: string; data: unknown }> {
  id: string;
  type: E['type'];
  data: E['data'];
  metadata: TEventMetadata;
}

export interface StoredEvent<E extends { type: string; data: unknown } = { type: string; data: unknown }> {
  id: string;
  streamName: string;
  revision: bigint;
  position: Position;
  type: E['type'];
  data: E['data'];
  metadata: TEventMetadata;
}

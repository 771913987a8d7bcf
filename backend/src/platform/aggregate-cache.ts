import type { ExpectedRevision } from '../eventstore/port.ts';

interface Entry {
  decider: object;
  state: unknown;
  revision: ExpectedRevision;
}

/**
 * The state each recently changed aggregate reached with this process's last append to it, so the next
 * command on it can skip reading its stream. Only a hint: another process (or request) may have appended
 * since, which the append's revision check catches (see `runCommand`). Bounded, least recently used first out.
 */
export class AggregateCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 10_000) {}

  get<S>(stream: string, decider: object): { state: S; revision: ExpectedRevision } | null {
    const entry = this.entries.get(stream);
    if (!entry || entry.decider !== decider) return null;
    // Re-inserting keeps the Map's order least recently used first.
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    return { state: entry.state as S, revision: entry.revision };
  }

  set(stream: string, decider: object, state: unknown, revision: ExpectedRevision): void {
    this.entries.delete(stream);
    this.entries.set(stream, { decider, state, revision });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(stream: string): void {
    this.entries.delete(stream);
  }

  get size(): number {
    return this.entries.size;
  }
}

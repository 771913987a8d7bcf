import { randomBytes } from 'node:crypto';
import type { Database } from './database.ts';
import type { FaultResult, Figure } from './figures.ts';
import type { Found } from './found.ts';
import type { HttpClient } from './http-client.ts';
import { MARK_DOMAIN } from './load.ts';
import { ask, bodyOf } from './steady.ts';

/**
 * What a slice of the run gets: the client (over both API processes), the database, the run's people, and the
 * faults as they happen (each with its times, to tell what met which).
 */
export interface SliceContext {
  http: HttpClient;
  db: Database;
  log(line: string): void;
  runId: string;
  people: Person[];
  faults: readonly FaultResult[];
}

/**
 * The work of one of the later slices beside the load: made ready before it, done during it, checked after
 * the system settled. Each check is a figure with a target.
 */
export interface Slice {
  name: string;
  /** Settings the application processes need for it (a fake's address and keys). */
  env?: Record<string, string>;
  prepare?(ctx: SliceContext): Promise<void>;
  during?(ctx: SliceContext, loadEnd: number, running: () => boolean): Promise<void>;
  check(ctx: SliceContext, found: Found): Promise<{ figures: Figure[]; details: string[] }>;
  close?(): Promise<void>;
}

/** A client with portal access and a project: whom invoices, messages and appointments are for. */
export interface Person {
  clientId: number;
  userId: number;
  email: string;
  projectId: number;
}

export const idempotent = () => ({ 'idempotency-key': randomBytes(16).toString('hex') });

/** `n` portal clients, each with a project, made through the API as staff make them. */
export async function makePeople(http: HttpClient, runId: string, n: number): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < n; i++) {
    const email = `p-${runId}-${i}@${MARK_DOMAIN}`;
    const made = bodyOf<{ client?: { id: number }; user?: { id: number }; id?: number; userId?: number }>(
      await ask(
        http,
        'POST',
        '/api/clients',
        {
          name: `Person ${runId} ${i}`,
          email,
          phone: '907-555-0102',
          address: '2 Harness Way, Anchorage',
          userType: 'client',
          portalAccess: true,
        },
        idempotent(),
      ),
      `portal client ${email}`,
    );
    const clientId = made.client?.id ?? made.id!;
    const userId = made.user?.id ?? made.userId!;
    const project = bodyOf<{ id: number }>(
      await ask(
        http,
        'POST',
        '/api/projects',
        {
          clientId,
          title: `Slice job ${runId} ${i}`,
          type: 'security_cameras',
          status: 'in_progress',
          description: 'Faults harness.',
        },
        idempotent(),
      ),
      `project of ${email}`,
    );
    people.push({ clientId, userId, email, projectId: project.id });
  }
  return people;
}

/** The figure of an exactly-once check: expected, found, lost and doubled, with examples. */
export function onceFigure(
  label: string,
  r: { want: number; found: number; lost: string[]; duplicated: string[] },
): { figure: Figure; details: string[] } {
  return {
    figure: {
      label,
      value: `${r.want} expected, ${r.found} found (lost ${r.lost.length}, twice ${r.duplicated.length})`,
      target: 'each exactly once',
      pass: r.lost.length === 0 && r.duplicated.length === 0,
    },
    details: [
      ...r.lost.slice(0, 5).map((l) => `${label}: lost ${l}`),
      ...r.duplicated.slice(0, 5).map((l) => `${label}: twice ${l}`),
    ],
  };
}

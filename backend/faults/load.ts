import { randomBytes } from 'node:crypto';
import type { HttpClient } from './http-client.ts';
import { type CommandRecord, type Kind, type Ledger, send } from './ledger.ts';
import { sleep } from './shell.ts';

const STATUSES = ['pending', 'approved', 'in_progress', 'completed', 'cancelled'] as const;
/** Every record the run makes carries this in its e-mail or title, so it can be counted afterwards. */
export const MARK_DOMAIN = 'faults.example.com';

const preferredDate = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const record = (kind: Kind, key: string, probe = false): CommandRecord => ({
  kind,
  key,
  probe,
  attempts: 0,
  failures: [],
  sentAt: Date.now(),
});

/**
 * The commands the run sends, each with a name and an e-mail no other command uses. A create carries an
 * Idempotency-Key, the same on every retry, as the browser sends it (`withKeys: false` leaves it out).
 */
export function commands(book: Ledger, http: HttpClient, runId: string, withKeys = true) {
  let n = 0;
  const unique = (who: string) => `${runId}-${who}-${++n}`;
  const key = (): Record<string, string> =>
    withKeys ? { 'idempotency-key': randomBytes(16).toString('hex') } : {};

  return {
    /** The public form; one admin mail is expected for each request stored. */
    async requestConsultation(who: string, probe = false) {
      const tag = unique(who);
      const email = `c-${tag}@${MARK_DOMAIN}`;
      const r = record('consultation', email, probe);
      await send(
        book,
        http,
        r,
        'POST',
        '/api/consultations',
        {
          name: `Faults ${tag}`,
          email,
          phone: '907-555-0100',
          preferredDate: preferredDate(),
          preferredTime: 'morning',
          serviceType: 'security_cameras',
          propertyType: 'residential',
          description: `Load of the faults harness, ${tag}.`,
        },
        key(),
      );
      return r;
    },

    /** Add New Entry for a client; with portal access a temporary-password mail is expected. */
    async createClient(who: string, portalAccess: boolean, probe = false) {
      const tag = unique(who);
      const email = `k-${tag}@${MARK_DOMAIN}`;
      const r = record(portalAccess ? 'portal-client' : 'client', email, probe);
      const answer = await send(
        book,
        http,
        r,
        'POST',
        '/api/clients',
        {
          name: `Client ${tag}`,
          email,
          phone: '907-555-0101',
          address: '1 Harness Way, Anchorage',
          userType: 'client',
          portalAccess,
        },
        key(),
      );
      const body = answer?.body as { client?: { id: number } | null; user?: { id: number } | null } & {
        id?: number;
        userId?: number | null;
      };
      if (r.outcome === 'acknowledged' && body) {
        r.id = body.client?.id ?? body.id;
        r.userId = body.user?.id ?? body.userId ?? null;
      }
      return r;
    },

    async createProject(who: string, clientId: number) {
      const tag = unique(who);
      const r = record('project', `Job ${tag}`);
      const answer = await send(
        book,
        http,
        r,
        'POST',
        '/api/projects',
        {
          clientId,
          title: r.key,
          type: 'security_cameras',
          status: 'pending',
          description: `Load of the faults harness, ${tag}.`,
        },
        key(),
      );
      const body = answer?.body as { id?: number } | undefined;
      if (r.outcome === 'acknowledged') r.id = body?.id;
      r.status = 'pending';
      return r;
    },

    async changeStatus(projectId: number, from: string) {
      const to = STATUSES[(STATUSES.indexOf(from as (typeof STATUSES)[number]) + 1) % STATUSES.length]!;
      const r = record('status-change', `${projectId}:${to}`);
      r.projectId = projectId;
      r.status = to;
      await send(book, http, r, 'PATCH', `/api/projects/${projectId}`, { status: to });
      return r;
    },
  };
}
export type Commands = ReturnType<typeof commands>;

/** Weights of the mix each client draws from (the public form is the busiest, as on the site). */
const MIX: [Kind, number][] = [
  ['consultation', 3],
  ['client', 1],
  ['portal-client', 1],
  ['project', 2],
  ['status-change', 3],
];

function draw(): Kind {
  const total = MIX.reduce((s, [, w]) => s + w, 0);
  let x = Math.random() * total;
  for (const [kind, w] of MIX) {
    x -= w;
    if (x < 0) return kind;
  }
  return 'consultation';
}

/**
 * One client of the load: in a loop until `running()` says stop, a command at a time with a short pause.
 * Projects go to this client's own clients, status changes to its own projects, one after another, so the
 * last acknowledged status of each project is known.
 */
export async function loadClient(c: Commands, who: string, running: () => boolean, pauseMs: number) {
  const clients: number[] = [];
  const projects: { id: number; status: string }[] = [];
  while (running()) {
    let kind = draw();
    if (kind === 'project' && clients.length === 0) kind = 'client';
    if (kind === 'status-change' && projects.length === 0) kind = clients.length ? 'project' : 'client';
    if (kind === 'consultation') await c.requestConsultation(who);
    else if (kind === 'client' || kind === 'portal-client') {
      const r = await c.createClient(who, kind === 'portal-client');
      if (r.id !== undefined) clients.push(r.id);
    } else if (kind === 'project') {
      const r = await c.createProject(who, clients[Math.floor(Math.random() * clients.length)]!);
      if (r.id !== undefined) projects.push({ id: r.id, status: 'pending' });
    } else {
      const p = projects[Math.floor(Math.random() * projects.length)]!;
      const r = await c.changeStatus(p.id, p.status);
      // An unanswered change may or may not have happened; the next one moves on from what was asked.
      p.status = r.status!;
    }
    await sleep(pauseMs);
  }
}

import type { Database } from './database.ts';
import { MARK_DOMAIN } from './load.ts';
import { type Outbox, readOutbox } from './outbox.ts';

const countBy = (rows: { key: string; n: number }[]) => new Map(rows.map((r) => [r.key, Number(r.n)]));
const idsBy = (rows: { key: string; ids?: number[] }[]) => new Map(rows.map((r) => [r.key, r.ids ?? []]));
const LIKE = `%@${MARK_DOMAIN}`;

/** What the database and the outbox hold afterwards, about the records the run made. */
export interface Found {
  consultations: Map<string, number>;
  clients: Map<string, number>;
  /** Portal accounts (read model) per e-mail. */
  users: Map<string, number>;
  projects: Map<string, number>;
  /** The ids the records have, by e-mail (clients) and title (projects). */
  ids: Map<string, number[]>;
  /** Status changes in the audit trail, by `projectId:to`. */
  statusChanges: Map<string, number>;
  projectStatus: Map<number, string>;
  /** Sign-in accounts (write side) with no client of the same e-mail: their e-mails. */
  orphanLogins: string[];
  jobs: Map<string, number>;
  /** Jobs due and not done afterwards, by status and name (`pending invoice.issued.mail`), for the report. */
  openJobs: Map<string, number>;
  parkedEvents: number;
  outbox: Outbox;
}

export async function gatherFound(db: Database, outboxDir: string): Promise<Found> {
  const q = (text: string) => db.rows<{ key: string; n: number; ids?: number[] }>(text, [LIKE]);
  const [consultations, clients, users, projects, statusChanges, statuses, orphans, jobs, parked, open] =
    await Promise.all([
      q('SELECT email AS key, count(*) AS n FROM rm.consultations WHERE email LIKE $1 GROUP BY email'),
      q(
        'SELECT email AS key, count(*) AS n, array_agg(id) AS ids FROM rm.clients WHERE email LIKE $1 GROUP BY email',
      ),
      q('SELECT email AS key, count(*) AS n FROM rm.users WHERE email LIKE $1 GROUP BY email'),
      db.rows<{ key: string; n: number; ids: number[] }>(
        `SELECT title AS key, count(*) AS n, array_agg(id) AS ids FROM rm.projects WHERE title LIKE 'Job %'
         GROUP BY title`,
      ),
      db.rows<{ key: string; n: number }>(
        `SELECT (changes->>'projectId') || ':' || (changes->>'to') AS key, count(*) AS n FROM rm.audit_log
         WHERE type = 'ProjectStatusChanged' GROUP BY 1`,
      ),
      db.rows<{ id: number; status: string }>(`SELECT id, status FROM rm.projects WHERE title LIKE 'Job %'`),
      db.rows<{ email: string }>(
        `SELECT c.email FROM credentials c WHERE c.email LIKE $1
         AND NOT EXISTS (SELECT 1 FROM rm.clients k WHERE lower(k.email) = lower(c.email)) ORDER BY 1`,
        [LIKE],
      ),
      // A pending job due later (a reminder days away) is not late: `scheduled`, apart from the others.
      db.rows<{ key: string; n: number }>(
        `SELECT CASE WHEN status = 'pending' AND run_at > now() THEN 'scheduled' ELSE status END AS key,
           count(*) AS n FROM jobs GROUP BY 1`,
      ),
      db.rows<{ n: number }>('SELECT count(*) AS n FROM projection_dead_letters'),
      db.rows<{ key: string; n: number }>(
        `SELECT status || ' ' || name AS key, count(*) AS n FROM jobs
         WHERE status <> 'done' AND NOT (status = 'pending' AND run_at > now()) GROUP BY 1 ORDER BY 2 DESC`,
      ),
    ]);
  return {
    consultations: countBy(consultations),
    clients: countBy(clients),
    users: countBy(users),
    projects: countBy(projects),
    ids: new Map([...idsBy(clients), ...idsBy(projects)]),
    statusChanges: countBy(statusChanges),
    projectStatus: new Map(statuses.map((r) => [r.id, r.status])),
    orphanLogins: orphans.map((o) => o.email),
    jobs: countBy(jobs),
    openJobs: countBy(open),
    parkedEvents: Number(parked[0]?.n ?? 0),
    outbox: await readOutbox(outboxDir),
  };
}

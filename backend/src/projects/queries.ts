import type { TProject, TProjectStatus, TProjectType } from '@app/contracts/api/projects';
import type { ProjectsTable } from '@app/projections/projects/table';
import { sql } from 'kysely';
import type { SignedInUser } from '../auth/guard.ts';
import { clientIdForUser } from '../clients/queries.ts';
import { type FileSigner, fileSigner, signingWindow } from '../files/signed-urls.ts';
import type { AppDeps } from '../platform/deps.ts';
import { instant } from '../platform/read-values.ts';
import { ViewTextCache } from '../platform/view-text-cache.ts';

type Deps = Pick<AppDeps, 'rm' | 'config'>;
type Row = Omit<ProjectsTable, 'last_event_position'>;

const money = (v: string | number | null) => (v === null ? null : Number(v));

const toDto = (r: Row, sign: FileSigner): TProject => ({
  id: r.id,
  clientId: r.client_id,
  clientName: r.client_name,
  title: r.title,
  description: r.description,
  type: r.type as TProjectType,
  status: r.status as TProjectStatus,
  totalAmount: money(r.total_amount),
  estimatedCost: money(r.estimated_cost),
  timeline: r.timeline,
  jobStartDate: r.job_start_date,
  jobEndDate: r.job_end_date,
  progress: r.progress,
  notes: r.notes,
  // Photos are handed out at signed, expiring addresses: only whoever may read the project gets one.
  photos: r.photos.map((p) => ({
    ...p,
    url: sign(p.url, `project-${r.id}`),
    thumbnailUrl: sign(p.thumbnailUrl, `project-${r.id}`),
  })),
  createdAt: instant(r.created_at),
  updatedAt: instant(r.updated_at),
  version: r.version,
});

/**
 * The client's name is read from the clients view at query time, so a renamed client shows at once on
 * all their projects without rewriting project rows; the name kept at creation stands in should the
 * client record ever be gone.
 */
const projects = (deps: Deps) =>
  deps.rm
    .selectFrom('projects as p')
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .select([
      'p.id',
      'p.client_id',
      sql<string>`coalesce(c.name, p.client_name)`.as('client_name'),
      'p.title',
      'p.description',
      'p.type',
      'p.status',
      'p.total_amount',
      'p.estimated_cost',
      'p.timeline',
      'p.job_start_date',
      'p.job_end_date',
      'p.progress',
      'p.notes',
      'p.photos',
      'p.created_at',
      'p.updated_at',
      'p.version',
    ])
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc');

/** Every project, most recently changed first (the admin's tracking list). */
export async function listProjects(deps: Deps): Promise<TProject[]> {
  const sign = await fileSigner(deps);
  return (await projects(deps).execute()).map((r) => toDto(r, sign));
}

/**
 * The admin's list (`listProjects`) as JSON text, kept until the projects or clients view changes or the
 * photos' signing window moves: staff reopen the list far more often than projects change, and reading and
 * writing thousands of rows costs the database and this process tens of milliseconds each time.
 */
export function projectListCache(deps: Deps & Pick<AppDeps, 'watcher'>) {
  const cache = new ViewTextCache(['projects', 'clients'], (view) => deps.watcher.changeMarkOf(view), 1);
  return {
    answer: () =>
      cache.answer('all', cache.version(`window-${signingWindow(deps.config)}`), async () =>
        JSON.stringify(await listProjects(deps)),
      ),
  };
}

export async function projectsOfClient(deps: Deps, clientId: number): Promise<TProject[]> {
  const sign = await fileSigner(deps);
  return (await projects(deps).where('p.client_id', '=', clientId).execute()).map((r) => toDto(r, sign));
}

export async function projectById(deps: Deps, id: number): Promise<TProject | undefined> {
  const row = await projects(deps).where('p.id', '=', id).executeTakeFirst();
  return row ? toDto(row, await fileSigner(deps)) : undefined;
}

/** A signed-in account's own projects: those of the client record linked to it (none without one). */
export async function projectsOfUser(deps: Deps, userId: number): Promise<TProject[]> {
  const clientId = await clientIdForUser(deps, userId);
  return clientId === null ? [] : projectsOfClient(deps, clientId);
}

/**
 * The project as the signed-in user may see it: an admin any, anyone else only their client's.
 * Someone else's project is answered exactly like a missing one, so ids cannot be probed.
 */
export async function visibleProject(
  deps: Deps,
  user: Pick<SignedInUser, 'id' | 'role'>,
  id: number,
): Promise<TProject | undefined> {
  const project = await projectById(deps, id);
  if (!project || user.role === 'admin') return project;
  const clientId = await clientIdForUser(deps, user.id);
  return project.clientId === clientId ? project : undefined;
}

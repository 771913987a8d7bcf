import {
  LIST_DESCRIPTION_CHARS,
  PROJECT_STATUSES,
  type TProject,
  type TProjectCounts,
  type TProjectListItem,
  type TProjectStatus,
  type TProjectsPage,
  type TProjectsQuery,
  type TProjectType,
} from '@app/contracts/api/projects';
import { clientSearchText } from '@app/projections/clients/projection';
import { projectSearchText } from '@app/projections/projects/projection';
import type { ProjectsTable } from '@app/projections/projects/table';
import { countsTable } from '@app/projections/runtime/document-projection';
import { sql } from 'kysely';
import { z } from 'zod';
import type { SignedInUser } from '../auth/guard.ts';
import { clientIdForUser } from '../clients/queries.ts';
import { type FileSigner, fileSigner, signingWindow } from '../files/signed-urls.ts';
import type { AppDeps } from '../platform/deps.ts';
import {
  amongIds,
  countUpTo,
  decodeCursor,
  ilike,
  keptCount,
  keptCounts,
  pageLimit,
  pageOf,
  searchPatterns,
  ZCursorInstant,
} from '../platform/paging.ts';
import { instant } from '../platform/read-values.ts';
import { ViewTextCache } from '../platform/view-text-cache.ts';

type Deps = Pick<AppDeps, 'rm' | 'config'>;
type Row = Omit<ProjectsTable, 'last_event_position'>;

const money = (v: string | number | null) => (v === null ? null : Number(v));

/** What a project and its list row (`pageProjects`) show alike. */
const sharedFields = (r: Omit<Row, 'photos' | 'notes'>) => ({
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
  createdAt: instant(r.created_at),
  updatedAt: instant(r.updated_at),
  version: r.version,
});

const toDto = (r: Row, sign: FileSigner): TProject => ({
  ...sharedFields(r),
  notes: r.notes,
  // Photos are handed out at signed, expiring addresses: only whoever may read the project gets one.
  photos: r.photos.map((p) => ({
    ...p,
    url: sign(p.url, `project-${r.id}`),
    thumbnailUrl: sign(p.thumbnailUrl, `project-${r.id}`),
  })),
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

const PAGE_LIST = 'projects';
const ZProjectsCursor = z.tuple([ZCursorInstant, z.number().int()]);

/**
 * A page of projects, most recently changed first (issue 23): `ownClientId` limits it to one client's (the
 * portal's), whatever the query asks. Every word of `q` is found in the title, the description or the client's
 * name. The total is read from the kept counters when at most one filter applies, counted over the matching
 * rows (an index's worth) when a search or several filters do.
 */
export async function pageProjects(
  deps: Deps,
  query: TProjectsQuery,
  ownClientId?: number,
): Promise<TProjectsPage> {
  const limit = pageLimit(query.limit);
  const clientId = ownClientId ?? query.clientId;
  const patterns = searchPatterns(query.q);
  let matching = deps.rm.selectFrom('projects as p');
  if (clientId !== undefined) matching = matching.where('p.client_id', '=', clientId);
  if (query.status) matching = matching.where('p.status', '=', query.status);
  if (query.type) matching = matching.where('p.type', '=', query.type);
  if (query.exceptType) matching = matching.where('p.type', '<>', query.exceptType);
  for (const pattern of patterns)
    matching = matching.where((eb) =>
      eb.or([
        ilike(sql.raw(projectSearchText('p.')), pattern),
        amongIds(
          'p.client_id',
          eb
            .selectFrom('clients as c2')
            .select('c2.id')
            .where(ilike(sql.raw(clientSearchText('c2.')), pattern)),
        ),
      ]),
    );
  let page = matching
    .leftJoin('clients as c', 'c.id', 'p.client_id')
    .select([
      'p.id',
      'p.client_id',
      sql<string>`coalesce(c.name, p.client_name)`.as('client_name'),
      'p.title',
      sql<string>`left(p.description, ${LIST_DESCRIPTION_CHARS})`.as('description'),
      'p.type',
      'p.status',
      'p.total_amount',
      'p.estimated_cost',
      'p.timeline',
      'p.job_start_date',
      'p.job_end_date',
      'p.progress',
      sql<number>`jsonb_array_length(p.photos)`.as('photo_count'),
      sql<string | null>`p.photos->0->>'thumbnailUrl'`.as('cover'),
      'p.created_at',
      'p.updated_at',
      sql<string>`p.updated_at::text`.as('cursor_at'),
      'p.version',
    ])
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit + 1);
  if (query.cursor) {
    const [at, id] = decodeCursor(PAGE_LIST, query.cursor, ZProjectsCursor);
    page = page.where(sql<boolean>`(p.updated_at, p.id) < (${at}::timestamptz, ${id})`);
  }
  const keys = [
    clientId !== undefined && `client:${clientId}`,
    query.status && `status:${query.status}`,
    query.type && `type:${query.type}`,
  ].filter((k): k is string => !!k);
  const counted =
    patterns.length === 0 && keys.length <= 1 && !query.exceptType
      ? keptCount(deps.rm, countsTable('projects'), keys.length === 0 ? [''] : keys)
      : countUpTo(deps.rm, matching);
  const [rows, total, sign] = await Promise.all([page.execute(), counted, fileSigner(deps)]);
  return pageOf(rows, {
    limit,
    total,
    list: PAGE_LIST,
    keyOf: (r) => [r.cursor_at, r.id],
    toItem: (r): TProjectListItem => ({
      ...sharedFields(r),
      photoCount: r.photo_count,
      coverThumbnailUrl: r.cover === null ? null : sign(r.cover, `project-${r.id}`),
    }),
  });
}

/** The tracking summary's counts, read from the kept counters. */
export async function projectCounts(deps: Deps): Promise<TProjectCounts> {
  const n = await keptCounts(deps.rm, countsTable('projects'), [
    '',
    ...PROJECT_STATUSES.map((s) => `status:${s}` as const),
  ]);
  return {
    total: n[''],
    pending: n['status:pending'] + n['status:approved'],
    in_progress: n['status:in_progress'],
    completed: n['status:completed'],
    cancelled: n['status:cancelled'],
  };
}

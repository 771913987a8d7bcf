import { ZCreateProjectBody, ZProjectPatchBody } from '@app/contracts/api/projects';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import type { TProjectPhotoRef } from '@app/contracts/events/projects';
import { inParallel } from '../bench/server.ts';
import { clientDecider, clientStream } from '../src/clients/decide.ts';
import { load, runCommand } from '../src/platform/command.ts';
import { nextId } from '../src/platform/ids.ts';
import {
  addPhotos,
  changeProject,
  createProject,
  projectDecider,
  projectStream,
} from '../src/projects/decide.ts';
import { type JOB_KINDS, pickJob } from './catalog.ts';
import { at } from './clock.ts';
import { actorFor, between, DAY, HOUR, type SeedContext, workingMoment } from './context.ts';
import type { SeededClient, SeededStaff } from './people.ts';
import type { Random } from './prng.ts';

export interface SeededProject {
  projectId: number;
  client: SeededClient;
  title: string;
  kind: (typeof JOB_KINDS)[number];
  amountCents: number;
  createdAt: number;
  /** When the work starts and ends; either may be after the seed's "now". */
  startsAt: number;
  endsAt: number;
  status: 'pending' | 'approved' | 'in_progress' | 'completed' | 'cancelled';
  photos: number;
}

const localDay = (ms: number) => utcToLocal(new Date(ms)).date;

/** Clients with many jobs and clients with one: each client's share of the jobs is uneven. */
function clientChooser(random: Random, clients: SeededClient[]) {
  const weights = clients.map(() => 0.2 + random.next() * random.next() * 4);
  const total = weights.reduce((a, b) => a + b, 0);
  return () => {
    let r = random.next() * total;
    for (let i = 0; i < clients.length; i++) {
      r -= weights[i]!;
      if (r < 0) return clients[i]!;
    }
    return clients.at(-1)!;
  };
}

function plan(ctx: SeedContext, random: Random, client: SeededClient): Omit<SeededProject, 'projectId'> {
  const kind = pickJob(random);
  const createdAt = workingMoment(random, between(random, client.registeredAt, ctx.end - HOUR), ctx.end);
  const startsAt = workingMoment(random, createdAt + random.int(3, 21) * DAY, Number.POSITIVE_INFINITY);
  const endsAt = startsAt + (random.int(kind.days[0], kind.days[1]) - 1) * DAY + random.int(2, 8) * HOUR;
  const status =
    startsAt > ctx.end
      ? random.chance(0.5)
        ? 'approved'
        : 'pending'
      : endsAt > ctx.end
        ? 'in_progress'
        : random.chance(0.05)
          ? 'cancelled'
          : 'completed';
  const dollars = random.int(kind.price[0], kind.price[1]);
  return {
    client,
    kind,
    title: random.pick(kind.titles),
    amountCents: Math.round(dollars / 5) * 500,
    createdAt,
    startsAt,
    endsAt,
    status,
    photos: status === 'completed' || status === 'in_progress' ? random.int(1, 4) : 0,
  };
}

/**
 * `count` jobs through the project commands the admin screens use: created (as POST /api/projects does,
 * with the client read from its stream), started, given photos on site, finished, each at its moment.
 */
export async function makeProjects(
  ctx: SeedContext,
  team: SeededStaff[],
  clients: SeededClient[],
  photos: TProjectPhotoRef[],
  count: number,
): Promise<SeededProject[]> {
  const random = ctx.random.fork('projects');
  const chooseClient = clientChooser(random, clients);
  const planned = Array.from({ length: count }, () => plan(ctx, random, chooseClient())).sort(
    (a, b) => a.createdAt - b.createdAt,
  );
  const projects: SeededProject[] = [];
  await inParallel(planned.length, ctx.width, async (i) => {
    const p = planned[i]!;
    const steps = random.fork(`project-${i}`);
    const admin = actorFor(steps.pick(team).userId, 'admin');
    const projectId = await nextId(ctx.deps.db, 'project_ids');
    const stream = projectStream(projectId);
    const scheduled = p.status !== 'pending';
    const body = ZCreateProjectBody.parse({
      clientId: p.client.clientId,
      title: p.title,
      type: p.kind.type,
      description: steps.pick(p.kind.descriptions),
      status: p.status === 'pending' ? 'pending' : 'approved',
      totalAmount: p.amountCents / 100,
      estimatedCost: Math.round((p.amountCents / 100) * 0.55),
      timeline: p.kind.days[1] > 1 ? `${p.kind.days[0]}-${p.kind.days[1]} days` : '1 day',
      jobStartDate: scheduled ? localDay(p.startsAt) : null,
      jobEndDate: scheduled ? localDay(p.endsAt) : null,
      notes: p.client.business ? 'Business hours access only.' : '',
    });
    await at(p.createdAt, async () => {
      const { state: client } = await load(ctx.deps.store, clientStream(body.clientId), clientDecider);
      return runCommand(ctx.deps, stream, projectDecider, admin, (s) =>
        createProject(s, {
          projectId,
          client: client.exists ? { id: client.clientId, name: client.name } : undefined,
          body,
        }),
      );
    });
    const change = (moment: number, patch: unknown) =>
      at(moment, () =>
        runCommand(ctx.deps, stream, projectDecider, admin, (s) =>
          changeProject(s, { patch: ZProjectPatchBody.parse(patch) }),
        ),
      );
    if (p.status === 'in_progress' || p.status === 'completed' || p.status === 'cancelled')
      await change(p.startsAt, { status: 'in_progress', progress: 10 });
    if (p.photos > 0) {
      const onSite = Math.min(p.startsAt + 3 * HOUR, ctx.end);
      const chosen = Array.from({ length: p.photos }, () => steps.pick(photos));
      const distinct = [...new Map(chosen.map((ref) => [ref.file, ref])).values()];
      await at(onSite, () =>
        runCommand(ctx.deps, stream, projectDecider, admin, (s) => addPhotos(s, { photos: distinct })),
      );
      p.photos = distinct.length;
    }
    if (p.status === 'in_progress') await change(Math.min(p.startsAt + 4 * HOUR, ctx.end), { progress: 50 });
    if (p.status === 'completed') await change(p.endsAt, { status: 'completed', progress: 100 });
    if (p.status === 'cancelled') await change(p.endsAt, { status: 'cancelled' });
    projects[i] = { ...p, projectId };
  });
  return projects;
}

import { ZCreateEstimateBody } from '@app/contracts/api/estimates';
import { inParallel } from '../bench/server.ts';
import { createNew, sendExisting } from '../src/estimates/commands.ts';
import { nextId } from '../src/platform/ids.ts';
import { at } from './clock.ts';
import { actorFor, between, DAY, type SeedContext, workingMoment } from './context.ts';
import type { SeededClient, SeededStaff } from './people.ts';

export interface EstimateCounts {
  estimates: number;
  sent: number;
}

/**
 * A few quotes from the calculator (POST /api/estimates, priced by the server with the current pricing) for
 * recent clients, most of them sent to the client's portal (POST /api/estimates/{id}/send).
 */
export async function makeEstimates(
  ctx: SeedContext,
  team: SeededStaff[],
  clients: SeededClient[],
  count: number,
): Promise<EstimateCounts> {
  const random = ctx.random.fork('estimates');
  const owner = team[0]!;
  const counts: EstimateCounts = { estimates: 0, sent: 0 };
  const planned = Array.from({ length: count }, () => {
    const client = random.pick(clients);
    const cameras = random.chance(0.8);
    const madeAt = workingMoment(
      random,
      between(random, Math.max(client.registeredAt, ctx.end - 60 * DAY), ctx.end),
      ctx.end,
    );
    return {
      client,
      madeAt,
      send: random.chance(0.7),
      body: ZCreateEstimateBody.parse({
        title: cameras ? 'Security camera system' : 'Starlink installation',
        jobName: `${client.name}, ${client.town.town}`,
        clientId: client.clientId,
        cameraType: cameras ? random.pick(['wired', 'wireless'] as const) : 'none',
        cameraCount: cameras ? random.int(2, 12) : 0,
        wireLength: cameras ? random.int(50, 400) : 0,
        starlinkInstall: !cameras || random.chance(0.3),
        propertyType: client.business
          ? random.pick(['commercial_small', 'warehouse', 'retail'] as const)
          : 'house',
        location: client.address,
        specialRequirements: random.chance(0.4) ? 'Cameras must handle -40°F; gravel road access.' : '',
      }),
    };
  });
  await inParallel(planned.length, ctx.width, async (i) => {
    const e = planned[i]!;
    const { laborHours, description, ...rest } = e.body;
    const estimateId = await nextId(ctx.deps.db, 'estimate_ids');
    await at(e.madeAt, () =>
      createNew(ctx.deps, actorFor(owner.userId, 'admin'), {
        estimateId,
        fields: { ...rest, customLaborHours: laborHours, description: description ?? null },
        by: owner.userId,
      }),
    );
    counts.estimates++;
    if (!e.send) return;
    await at(Math.min(ctx.end, e.madeAt + 3_600_000), () =>
      sendExisting(ctx.deps, actorFor(owner.userId, 'admin'), { id: estimateId, by: owner.userId }),
    );
    counts.sent++;
  });
  return counts;
}

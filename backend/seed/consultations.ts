import {
  CONSULTATION_PROPERTY_TYPES,
  PREFERRED_TIMES,
  ZConsultationPatchBody,
  ZConsultationRequestBody,
} from '@app/contracts/api/consultations';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { inParallel } from '../bench/server.ts';
import {
  consultationDecider,
  consultationStream,
  requestConsultation,
  updateConsultation,
} from '../src/consultations/decide.ts';
import { runCommand } from '../src/platform/command.ts';
import { nextId } from '../src/platform/ids.ts';
import { pickJob } from './catalog.ts';
import { at } from './clock.ts';
import { actorFor, between, DAY, HOUR, type SeedContext, workingMoment } from './context.ts';
import { clientPerson } from './names.ts';
import type { SeededStaff } from './people.ts';

export interface ConsultationCounts {
  consultations: number;
  new: number;
  contacted: number;
}

/**
 * `count` requests from the public consultation form (POST /api/consultations, no sign-in), spread over the
 * history; the office calls back within a day or two (PATCH status contacted), except to the newest.
 */
export async function makeConsultations(
  ctx: SeedContext,
  team: SeededStaff[],
  count: number,
  tag: string,
): Promise<ConsultationCounts> {
  const random = ctx.random.fork('consultations');
  const office = team.find((s) => s.title === 'office') ?? team[0]!;
  const counts: ConsultationCounts = { consultations: 0, new: 0, contacted: 0 };
  const planned = Array.from({ length: count }, (_, n) => {
    const person = clientPerson(random, 10_000 + n, tag);
    const sentAt = workingMoment(random, between(random, ctx.start, ctx.end - HOUR), ctx.end);
    const contactedAt = sentAt + random.int(2, 40) * HOUR;
    return {
      person,
      sentAt,
      // The office calls back within a day or two; the last few days' requests are mostly still new.
      contactedAt:
        contactedAt < ctx.end && random.chance(sentAt > ctx.end - 4 * DAY ? 0.3 : 0.9) ? contactedAt : null,
      preferred: utcToLocal(new Date(sentAt + random.int(2, 20) * DAY)).date,
      kind: pickJob(random),
      time: random.pick(PREFERRED_TIMES),
      property: random.pick(CONSULTATION_PROPERTY_TYPES),
    };
  }).sort((a, b) => a.sentAt - b.sentAt);
  // The newest requests wait for their call back, whatever the size.
  for (const c of planned.slice(-Math.max(1, Math.round(count / 10)))) c.contactedAt = null;
  await inParallel(planned.length, ctx.width, async (i) => {
    const c = planned[i]!;
    const body = ZConsultationRequestBody.parse({
      name: c.person.name,
      email: c.person.email,
      phone: c.person.phone,
      preferredDate: c.preferred,
      serviceType: c.kind.type === 'maintenance' ? 'security_cameras' : c.kind.type,
      description: `${c.kind.titles[0]} in ${c.person.town.town}. ${c.kind.descriptions[0]}`,
      preferredTime: c.time,
      propertyType: c.property,
    });
    const consultationId = await nextId(ctx.deps.db, 'consultation_ids');
    const stream = consultationStream(consultationId);
    await at(c.sentAt, () =>
      runCommand(ctx.deps, stream, consultationDecider, actorFor(null, 'anonymous'), (state) =>
        requestConsultation(state, { consultationId, body, now: new Date() }),
      ),
    );
    counts.consultations++;
    if (c.contactedAt === null) {
      counts.new++;
      return;
    }
    const patch = ZConsultationPatchBody.parse({
      status: 'contacted',
      contactedAt: new Date(c.contactedAt).toISOString(),
      notes: 'Called back, sent the calculator link.',
    });
    await at(c.contactedAt, () =>
      runCommand(ctx.deps, stream, consultationDecider, actorFor(office.userId, 'admin'), (state) =>
        updateConsultation(state, { patch, now: new Date() }),
      ),
    );
    counts.contacted++;
  });
  return counts;
}

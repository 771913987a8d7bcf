import { randomUUID } from 'node:crypto';
import { ZCreateEntryBody } from '@app/contracts/api/clients';
import { inParallel } from '../bench/server.ts';
import { registerNewClient } from '../src/clients/commands.ts';
import { systemActor } from '../src/platform/command.ts';
import { nextId } from '../src/platform/ids.ts';
import { changePassword, createUser } from '../src/users/commands.ts';
import { at } from './clock.ts';
import { actorFor, between, DAY, type SeedContext, workingMoment } from './context.ts';
import { clientPerson, type Person, STAFF } from './names.ts';

/** The password of the seeded team and of the clients given a known one (printed at the end). */
export const DEMO_PASSWORD = 'aurora-demo-2026';

export interface SeededStaff {
  userId: number;
  email: string;
  name: string;
  title: (typeof STAFF)[number]['title'];
}

export interface SeededClient extends Person {
  clientId: number;
  userId: number;
  registeredAt: number;
  /** Mailed to them when they were added; replaced by the demo password for the first few. */
  temporaryPassword: string;
}

/** The owner and the team: admin accounts with the demo password, made before the history starts. */
export async function makeTeam(ctx: SeedContext, tag: string): Promise<SeededStaff[]> {
  const team: SeededStaff[] = [];
  const owner = { ...systemActor(), history: true as const };
  for (const member of STAFF) {
    const email = tag ? member.email.replace('@', `${tag}@`) : member.email;
    const { user } = await at(ctx.start - 30 * DAY, () =>
      createUser(
        ctx.deps,
        owner,
        { email, firstName: member.firstName, lastName: member.lastName, role: 'admin' },
        DEMO_PASSWORD,
      ),
    );
    team.push({
      userId: user.id,
      email,
      name: `${member.firstName} ${member.lastName}`,
      title: member.title,
    });
  }
  return team;
}

/**
 * `count` clients, each added by the owner with portal access (POST /api/clients' command: the client, their
 * sign-in account with a temporary password, and the e-mail's claim in one change). A fifth were customers
 * before the history starts; the rest arrive through the year.
 */
export async function makeClients(
  ctx: SeedContext,
  owner: SeededStaff,
  count: number,
  tag: string,
): Promise<SeededClient[]> {
  const random = ctx.random.fork('clients');
  const planned = Array.from({ length: count }, (_, n) => ({
    person: clientPerson(random, n + 1, tag),
    registeredAt: workingMoment(
      random,
      random.chance(0.2) ? ctx.start : between(random, ctx.start, ctx.end - 2 * DAY),
      ctx.end,
    ),
  })).sort((a, b) => a.registeredAt - b.registeredAt);
  const clients: SeededClient[] = [];
  await inParallel(planned.length, ctx.width, async (i) => {
    const { person, registeredAt } = planned[i]!;
    const body = ZCreateEntryBody.parse({
      name: person.name,
      email: person.email,
      phone: person.phone,
      address: person.address,
    });
    const { userType: _type, portalAccess: _access, ...details } = body;
    const clientId = await nextId(ctx.deps.db, 'client_ids');
    const made = await at(registeredAt, () =>
      registerNewClient(ctx.deps, actorFor(owner.userId, 'admin'), clientId, details, () =>
        nextId(ctx.deps.db, 'user_ids'),
      ),
    );
    clients[i] = {
      ...person,
      clientId,
      userId: made.userId!,
      registeredAt,
      temporaryPassword: made.temporaryPassword!,
    };
  });
  return clients;
}

/**
 * The first `count` clients replace their temporary password with the demo one, as a client does at first
 * sign-in (the change-password command), so the demo and the load bench can sign in as them.
 */
export async function giveKnownPasswords(ctx: SeedContext, clients: SeededClient[], count: number) {
  await inParallel(Math.min(count, clients.length), ctx.width, async (i) => {
    const client = clients[i]!;
    await at(client.registeredAt + 2 * 60 * 60_000, () =>
      changePassword(
        ctx.deps,
        actorFor(client.userId, 'client'),
        client.userId,
        { currentPassword: client.temporaryPassword, newPassword: DEMO_PASSWORD },
        randomUUID(),
      ),
    );
  });
}

import { clientConversationId, teamConversationId } from '@app/contracts/api/messages';
import { inParallel } from '../bench/server.ts';
import type { Person } from '../src/auth/person.ts';
import { markRead, sendMessage } from '../src/messages/commands.ts';
import { clientLine, fill, staffLine, TEAM_LINES } from './catalog.ts';
import { at } from './clock.ts';
import { actorFor, between, nextIds, type SeedContext, workingMoment } from './context.ts';
import type { SeededClient, SeededStaff } from './people.ts';
import type { Random } from './prng.ts';
import type { SeededProject } from './projects.ts';

export interface MessageCounts {
  messages: number;
  conversations: number;
  readMarks: number;
}

interface Side {
  person: Person;
  role: 'admin' | 'client';
  line: (random: Random) => string;
}

interface Conversation {
  id: string;
  /** Each message: who writes it (an index into `sides`) and when. */
  sides: Side[];
  turns: { side: number; at: number }[];
  values: { job: string; town: string };
}

/** Messages of one conversation: times spread over its life, the writer changing about two times in three. */
function turns(
  random: Random,
  count: number,
  from: number,
  to: number,
  sides: number,
  pickOther: () => number,
) {
  const times = Array.from({ length: count }, () =>
    workingMoment(random, between(random, from, to), to),
  ).sort((a, b) => a - b);
  let side = 0;
  return times.map((t, i) => {
    if (i > 0 && random.chance(0.7)) side = side === 0 ? pickOther() : 0;
    return { side: Math.min(side, sides - 1), at: t };
  });
}

/**
 * `count` messages through the messaging commands (POST /api/messages as the client or a staff member): each
 * client's "Chat with Support" with the team, and a few between team members. Whoever answers has read the
 * conversation first (the read mark the app records when it is opened). A conversation's messages go in order;
 * conversations run at once.
 */
export async function makeMessages(
  ctx: SeedContext,
  team: SeededStaff[],
  clients: SeededClient[],
  projects: SeededProject[],
  count: number,
): Promise<MessageCounts> {
  const random = ctx.random.fork('messages');
  const staffSides: Side[] = team.map((s) => ({
    person: { userId: s.userId, role: 'admin', clientId: null },
    role: 'admin',
    line: staffLine,
  }));
  const firstJob = new Map<number, string>();
  for (const p of projects) if (!firstJob.has(p.client.clientId)) firstJob.set(p.client.clientId, p.title);
  const teamShare = team.length > 1 ? Math.round(count * 0.02) : 0;
  const weights = clients.map(() => 0.3 + random.next() * 1.7);
  const total = weights.reduce((a, b) => a + b, 0);
  const conversations: Conversation[] = clients.map((client, i) => {
    const n = Math.max(2, Math.round(((count - teamShare) * weights[i]!) / total));
    const sides: Side[] = [
      {
        person: { userId: client.userId, role: 'client', clientId: client.clientId },
        role: 'client',
        line: clientLine,
      },
      ...staffSides,
    ];
    return {
      id: clientConversationId(client.clientId),
      sides,
      turns: turns(
        random,
        n,
        client.registeredAt,
        ctx.end,
        sides.length,
        () => 1 + random.int(0, staffSides.length - 1),
      ),
      values: { job: firstJob.get(client.clientId) ?? 'your project', town: client.town.town },
    };
  });
  // The rounding above leaves the total a little off: the last conversations take or give the difference.
  let surplus = conversations.reduce((a, c) => a + c.turns.length, 0) - (count - teamShare);
  for (let i = conversations.length - 1; surplus !== 0 && i >= 0; i--) {
    const c = conversations[i]!;
    if (surplus > 0) {
      const cut = Math.min(surplus, c.turns.length - 2);
      c.turns.splice(c.turns.length - cut, cut);
      surplus -= cut;
    } else {
      const last = c.turns.at(-1)!;
      c.turns.push({ side: last.side, at: Math.min(ctx.end, last.at + 60_000) });
      surplus++;
    }
  }
  if (teamShare > 0) {
    const [a, b] = [staffSides[0]!, staffSides[1]!];
    conversations.push({
      id: teamConversationId(a.person.userId, b.person.userId),
      sides: [a, b],
      turns: turns(random, teamShare, ctx.start, ctx.end, 2, () => 1),
      values: { job: 'job', town: clients[0]?.town.town ?? 'Anchorage' },
    });
  }
  const counts: MessageCounts = { messages: 0, conversations: conversations.length, readMarks: 0 };
  await inParallel(conversations.length, ctx.width, async (c) => {
    const conversation = conversations[c]!;
    const lines = random.fork(`conversation-${c}`);
    const team = conversation.id.startsWith('team');
    let last: { id: number; side: number; at: number } | null = null;
    const ids = await nextIds(ctx.deps.db, 'message_ids', conversation.turns.length);
    for (const turn of conversation.turns) {
      const side = conversation.sides[turn.side]!;
      const moment = turn.at;
      const actor = actorFor(side.person.userId, side.role);
      if (last && last.side !== turn.side) {
        const upTo = last.id;
        await at(Math.max(last.at + 1_000, moment - 60_000), () =>
          markRead(ctx.deps, actor, {
            conversationId: conversation.id,
            messageId: upTo,
            reader: side.person,
          }),
        );
        counts.readMarks++;
      }
      const template = team ? lines.pick(TEAM_LINES) : side.line(lines);
      const messageId = ids.shift()!;
      await at(moment, () =>
        sendMessage(ctx.deps, actor, {
          conversationId: conversation.id,
          content: fill(template, conversation.values),
          messageType: team ? 'internal' : 'chat',
          messageId,
          sender: side.person,
        }),
      );
      counts.messages++;
      last = { id: messageId, side: turn.side, at: moment };
    }
  });
  return counts;
}

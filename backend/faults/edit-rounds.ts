import type { Figure } from './figures.ts';
import type { Answer } from './http-client.ts';
import { type EditRace, editRaces, type StaleRound, staleRounds } from './job-checks.ts';
import { sleep } from './shell.ts';
import { idempotent, type Slice, type SliceContext } from './slice.ts';
import { ask, bodyOf, statusOf } from './steady.ts';

const STATUSES = ['pending', 'approved', 'in_progress', 'completed', 'cancelled'] as const;
const codeOf = (a: Answer | Error) =>
  a instanceof Error ? null : ((a.body as { error?: string } | null)?.error ?? null);
const stateOf = (title: string, status: string) => `${title} / ${status}`;

/**
 * Eight admins changing one project at once, in rounds. A free round: eight PATCHes of its title and status
 * without If-Match, through both API processes at the same moment: every one is stored, one after the other
 * (a 409 is a failure), and the project ends as one of them, the last stored. A stale round: the project read
 * (its version, as GET /api/projects/:id gives it), its title changed, then eight PATCHes of the title with
 * If-Match of the version read: each refused with 409 `stale_version` (expected, not counted as a failure)
 * and none stored.
 */
export function editRounds(everyMs = 3_500, editors = 8): Slice {
  let project = 0;
  const free: EditRace[] = [];
  const stale: StaleRound[] = [];
  let round = 0;

  const patch = (ctx: SliceContext, i: number, body: unknown, headers: Record<string, string> = {}) =>
    ctx.http
      .via(i % 2)
      .call(
        'PATCH',
        `/api/projects/${project}`,
        body,
        10_000,
        headers,
        headers['if-match'] ? ['409 stale_version'] : [],
      )
      .catch((e: Error) => e);

  async function freeRound(ctx: SliceContext, r: number) {
    const edits = Array.from({ length: editors }, (_, i) => ({
      title: `Eight ${ctx.runId} round ${r} edit ${i}`,
      status: STATUSES[(r + i) % STATUSES.length]!,
    }));
    const answers = await Promise.all(edits.map((e, i) => patch(ctx, i, e)));
    const names = answers.map(statusOf);
    // Each answered 200 after the views showed its change: a read now shows the last of them.
    let final: string | null = null;
    if (names.every((a) => a === '200')) {
      const read = await ask(ctx.http, 'GET', `/api/projects/${project}`);
      if (read.ok) {
        const p = (read.answer as Answer).body as { title: string; status: string };
        final = stateOf(p.title, p.status);
      }
    }
    free.push({
      record: `project ${project} round ${r}`,
      edits: edits.map((e, i) => ({ value: stateOf(e.title, e.status), answer: names[i]! })),
      stored: [],
      final,
    });
  }

  async function staleRound(ctx: SliceContext, r: number) {
    const read = await ask(ctx.http, 'GET', `/api/projects/${project}`);
    if (!read.ok) return;
    const { version } = (read.answer as Answer).body as { version: number };
    const between = await ask(ctx.http, 'PATCH', `/api/projects/${project}`, {
      title: `Eight ${ctx.runId} round ${r} between`,
    });
    const titles = Array.from({ length: editors }, (_, i) => `Eight ${ctx.runId} round ${r} stale ${i}`);
    const answers = await Promise.all(
      titles.map((title, i) => patch(ctx, i, { title }, { 'if-match': `"${version}"` })),
    );
    stale.push({
      record: `project ${project} round ${r}`,
      between: between.name,
      edits: titles.map((value, i) => ({ value, answer: statusOf(answers[i]!), code: codeOf(answers[i]!) })),
      stored: [],
    });
  }

  return {
    name: 'eight admins, one record',
    async prepare(ctx) {
      const made = await ask(
        ctx.http,
        'POST',
        '/api/projects',
        {
          clientId: ctx.people[0]!.clientId,
          title: `Eight ${ctx.runId}`,
          type: 'security_cameras',
          status: 'pending',
          description: 'Faults harness: eight admins at once.',
        },
        idempotent(),
      );
      project = bodyOf<{ id: number }>(made, 'project of the edit rounds').id;
    },
    async during(ctx, _loadEnd, running) {
      while (running()) {
        if (round % 2 === 0) await freeRound(ctx, round);
        else await staleRound(ctx, round);
        round++;
        await sleep(everyMs);
      }
    },
    async check(ctx) {
      // The project's history, change by change (one append, one transaction): its title and status after each.
      const events = await ctx.db.rows<{
        tx: string;
        type: string;
        title: string | null;
        status: string | null;
      }>(
        `SELECT transaction_id::text AS tx, type, data->'changes'->'title'->>'to' AS title, data->>'to' AS status
         FROM es_events WHERE stream_name = $1 AND type IN ('ProjectDetailsChanged', 'ProjectStatusChanged')
         ORDER BY global_position`,
        [`project-${project}`],
      );
      let title = `Eight ${ctx.runId}`;
      let status = 'pending';
      const after: { titled: string | null; state: string }[] = [];
      for (const [i, e] of events.entries()) {
        if (e.type === 'ProjectDetailsChanged' && e.title !== null) title = e.title;
        if (e.type === 'ProjectStatusChanged' && e.status !== null) status = e.status;
        if (events[i + 1]?.tx === e.tx) continue;
        const titled = events.filter((x) => x.tx === e.tx && x.title !== null).at(-1)?.title ?? null;
        after.push({ titled, state: stateOf(title, status) });
      }
      for (const race of free) {
        const mine = new Set(race.edits.map((e) => e.value.split(' / ')[0]));
        race.stored = after.filter((a) => a.titled !== null && mine.has(a.titled)).map((a) => a.state);
      }
      for (const round of stale) {
        const mine = new Set(round.edits.map((e) => e.value));
        round.stored = after.filter((a) => a.titled !== null && mine.has(a.titled)).map((a) => a.titled!);
      }
      const f = editRaces(free);
      const s = staleRounds(stale);
      const figures: Figure[] = [
        {
          label: `${editors} admins editing one project at once`,
          value: `${f.judged} rounds: ${f.allStored} all stored in turn, ${f.conflicts} answered 409, ${f.lostUpdates.length} lost updates, ${f.wrong.length} wrong (${f.disturbed} disturbed by a fault)`,
          target: '0 409, 0 lost, 0 wrong',
          pass: f.conflicts === 0 && f.lostUpdates.length === 0 && f.wrong.length === 0 && f.judged > 0,
        },
        {
          label: `${editors} edits of a stale copy (If-Match)`,
          value: `${s.judged} rounds: ${s.refused} answered 409 stale_version, ${s.cut} cut, ${s.wrong.length} wrong (${s.disturbed} rounds disturbed)`,
          target: 'each 409 stale_version, none stored',
          pass: s.wrong.length === 0 && s.judged > 0,
        },
      ];
      return {
        figures,
        details: [
          ...f.lostUpdates.slice(0, 5).map((l) => `eight admins: lost update: ${l}`),
          ...f.wrong.slice(0, 5).map((l) => `eight admins: ${l}`),
          ...free
            .filter((r) => r.edits.some((e) => e.answer === '409'))
            .slice(0, 3)
            .map((r) => `eight admins: ${r.record} answered ${r.edits.map((e) => e.answer).join(' ')}`),
          ...s.wrong.slice(0, 5).map((l) => `stale copy: ${l}`),
        ],
      };
    },
  };
}

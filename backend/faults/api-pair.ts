import type { Answer } from './http-client.ts';
import { type EditRace, editRaces, type SeenRound, seenAtOnce } from './job-checks.ts';
import { sleep } from './shell.ts';
import type { Slice, SliceContext } from './slice.ts';
import { ask, bodyOf } from './steady.ts';

const PASSWORD = 'pair-password-1';
const status = (a: Answer | Error) =>
  a instanceof Error ? ((a as NodeJS.ErrnoException).code ?? 'error') : String(a.status);
const failed = (name: string) => !/^[2-4]\d\d$/.test(name);

/**
 * Two API processes seeing each other's changes at once: a sign-out through one, then the token refused by the
 * other; a role change through one, then enforced by the other (both ways); two edits of one project's title,
 * one through each at the same moment: both stored in turn (neither sent a version, so no 409), never a lost
 * update.
 */
export function apiPair(everyMs = 4_000): Slice {
  const seen: SeenRound[] = [];
  const races: EditRace[] = [];
  let admin = { id: 0, email: '' };
  let round = 0;

  /** After the change: whether `probe` through the other process gives `want` at once, else how long it took. */
  async function watch(about: string, probe: () => Promise<string>, want: string, before: string[]) {
    const what = `${about} at ${new Date().toISOString().slice(11, 19)}`;
    const disturbed = before.find(failed);
    const first = await probe();
    if (disturbed || failed(first))
      return seen.push({ what, atOnce: false, afterMs: null, disturbed: disturbed ?? first });
    if (first === want) return seen.push({ what, atOnce: true, afterMs: 0 });
    const from = Date.now();
    for (; Date.now() - from < 5_000; await sleep(50)) if ((await probe()) === want) break;
    const afterMs = Date.now() - from;
    seen.push({
      what: `${what} (answered ${first} first)`,
      atOnce: false,
      afterMs: afterMs < 5_000 ? afterMs : null,
    });
  }

  async function signIn(ctx: SliceContext, via: number) {
    const r = await ask(
      ctx.http.via(via),
      'POST',
      '/api/auth/login',
      { email: admin.email, password: PASSWORD },
      { authorization: '' },
    );
    return r.ok ? ((r.answer as Answer).body as { token: string }) : null;
  }

  async function signOutRound(ctx: SliceContext, a: number, b: number) {
    const session = await signIn(ctx, a);
    if (!session)
      return seen.push({ what: 'sign-out', atOnce: false, afterMs: null, disturbed: 'no sign-in' });
    const auth = { authorization: `Bearer ${session.token}` };
    // Refused (401) once the sign-out is seen: what the round waits for.
    const probe = async () =>
      status(
        await ctx.http
          .via(b)
          .call('GET', '/api/auth/user', undefined, 5_000, auth, ['401'])
          .catch((e: Error) => e),
      );
    const warm = await probe(); // the other process now holds the session in its cache
    const out = await ctx.http
      .via(a)
      .call('POST', '/api/auth/logout', undefined, 5_000, auth)
      .catch((e: Error) => e);
    await watch(`sign-out on api${a + 1}, then api${b + 1}`, probe, '401', [warm, status(out)]);
  }

  /**
   * The admin demoted through one process: its session is refused by the other at once (a demotion signs the
   * account out everywhere); then, signed in again as a client and remembered as one by the other process,
   * promoted through the first: the other lets it do admin work at once.
   */
  async function roleRound(ctx: SliceContext, a: number, b: number) {
    // A demoted session is refused (401): expected in the demotion's probes only.
    const probeWith = (token: string, allow: string[]) => async () =>
      status(
        await ctx.http
          .via(b)
          .call('GET', '/api/users', undefined, 5_000, { authorization: `Bearer ${token}` }, allow)
          .catch((e: Error) => e),
      );
    /** The role changed through `a`, with what it answered; 202: the users view is behind (projections down). */
    const change = async (role: string) => {
      const answer = await ctx.http
        .via(a)
        .call('PUT', `/api/users/${admin.id}/role`, { role }, 5_000)
        .catch((e: Error) => e);
      return status(answer) === '202' ? [status(answer), 'view behind'] : [status(answer)];
    };
    for (const [role, want] of [
      ['client', '401'],
      ['admin', '200'],
    ] as const) {
      const session = await signIn(ctx, a);
      if (!session)
        return seen.push({ what: `role ${role}`, atOnce: false, afterMs: null, disturbed: 'no sign-in' });
      const probe = probeWith(session.token, want === '401' ? ['401'] : []);
      const warm = await probe(); // the other process now remembers the session with the role before
      const answered = await change(role);
      await watch(`role ${role} on api${a + 1}, then api${b + 1}`, probe, want, [warm, ...answered]);
      if (failed(answered[0]!)) break;
    }
    await ask(ctx.http, 'PUT', `/api/users/${admin.id}/role`, { role: 'admin' });
  }

  async function editRound(ctx: SliceContext, n: number) {
    const project = ctx.people[n % ctx.people.length]!.projectId;
    const values = [`Slice job ${ctx.runId} edit ${n} A`, `Slice job ${ctx.runId} edit ${n} B`];
    const answers = await Promise.all(
      values.map((title, i) =>
        ctx.http
          .via(i)
          .call('PATCH', `/api/projects/${project}`, { title }, 10_000)
          .catch((e: Error) => e),
      ),
    );
    races.push({
      record: `project ${project} round ${n}`,
      edits: values.map((value, i) => ({ value, answer: status(answers[i]!) })),
      stored: [],
      final: null,
    });
    return project;
  }

  return {
    name: 'api processes',
    async prepare(ctx) {
      const email = `pair-${ctx.runId}@example.org`;
      const made = bodyOf<{ user: { id: number }; temporaryPassword: string }>(
        await ask(ctx.http, 'POST', '/api/users/create-admin', { email, firstName: 'Pair' }),
        'second admin',
      );
      admin = { id: made.user.id, email };
      const first = bodyOf<{ token: string }>(
        await ask(
          ctx.http,
          'POST',
          '/api/auth/login',
          { email, password: made.temporaryPassword },
          { authorization: '' },
        ),
        'second admin sign-in',
      );
      bodyOf(
        await ask(
          ctx.http,
          'POST',
          '/api/auth/change-password',
          { currentPassword: made.temporaryPassword, newPassword: PASSWORD },
          { authorization: `Bearer ${first.token}` },
        ),
        'second admin password',
      );
    },
    async during(ctx, _loadEnd, running) {
      while (running()) {
        const a = round % 2;
        const b = 1 - a;
        await signOutRound(ctx, a, b);
        await roleRound(ctx, a, b);
        await editRound(ctx, round);
        round++;
        await sleep(everyMs);
      }
    },
    async check(ctx) {
      const projects = [...new Set(races.map((r) => Number(r.record.split(' ')[1])))];
      const history = await ctx.db.rows<{ project: number; title: string }>(
        `SELECT (data->>'projectId')::int AS project, data->'changes'->'title'->>'to' AS title FROM es_events
         WHERE type = 'ProjectDetailsChanged' AND (data->>'projectId')::int = ANY($1) ORDER BY global_position`,
        [projects],
      );
      const finals = await ctx.db.rows<{ id: number; title: string }>(
        'SELECT id, title FROM rm.projects WHERE id = ANY($1)',
        [projects],
      );
      for (const race of races) {
        const project = Number(race.record.split(' ')[1]);
        const mine = new Set(race.edits.map((e) => e.value));
        race.stored = history.filter((h) => h.project === project && mine.has(h.title)).map((h) => h.title);
        // The record's value afterwards, when this round's edits were its last.
        const last = history.filter((h) => h.project === project).at(-1)?.title;
        race.final =
          last !== undefined && mine.has(last)
            ? (finals.find((f) => f.id === project)?.title ?? null)
            : (race.stored.at(-1) ?? null);
      }
      const e = editRaces(races);
      const seenFigure = (label: string, prefix: string) => {
        const s = seenAtOnce(seen.filter((r) => r.what.startsWith(prefix)));
        const late = s.late.length
          ? `; the late ones within ${Number.isFinite(s.slowestMs) ? `${s.slowestMs} ms` : 'never (5 s bound)'}`
          : '';
        const disturbed = seen
          .filter((r) => r.what.startsWith(prefix) && r.disturbed)
          .map((r) => r.disturbed);
        return {
          figure: {
            label,
            value: `${s.judged - s.late.length} of ${s.judged}${late} (${s.disturbed} rounds disturbed${disturbed.length ? `: ${[...new Set(disturbed)].join(', ')}` : ''})`,
            target: 'all',
            pass: s.late.length === 0 && s.judged > 0,
          },
          details: s.late.slice(0, 5).map((l) => `not seen at once: ${l}`),
        };
      };
      const signOut = seenFigure('sign-out seen by the other api at once', 'sign-out');
      const role = seenFigure('role change enforced by the other api at once', 'role');
      return {
        figures: [
          signOut.figure,
          role.figure,
          {
            label: 'concurrent edits through both apis',
            value: `${e.judged} races: ${e.allStored} both stored in turn, ${e.conflicts} answered 409, ${e.lostUpdates.length} lost updates, ${e.wrong.length} wrong (${e.disturbed} disturbed)`,
            target: '0 409, 0 lost, 0 wrong',
            pass: e.conflicts === 0 && e.lostUpdates.length === 0 && e.wrong.length === 0 && e.judged > 0,
          },
        ],
        details: [
          ...signOut.details,
          ...role.details,
          ...e.lostUpdates.slice(0, 5).map((l) => `lost update: ${l}`),
          ...e.wrong.slice(0, 5).map((l) => `edit race: ${l}`),
        ],
      };
    },
  };
}

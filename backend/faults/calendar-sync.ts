import { type FakeGoogle, startFakeGoogle } from '../test/fakes/google-calendar.ts';
import type { Figure } from './figures.ts';
import { countKeys, exactlyOnce } from './job-checks.ts';
import { sleep } from './shell.ts';
import { idempotent, onceFigure, type Slice, type SliceContext } from './slice.ts';
import { ask, bodyOf } from './steady.ts';

/** The admin's trip through OAuth, as the browser makes it: ticket, our redirect, Google's consent, callback. */
async function connect(ctx: SliceContext, token: string) {
  const base = ctx.http.bases[0]!;
  const { ticket } = bodyOf<{ ticket: string }>(
    await ask(ctx.http, 'POST', '/api/auth/ws-ticket', undefined, { authorization: `Bearer ${token}` }),
    'ws ticket',
  );
  const start = await fetch(`${base}/api/auth/google-calendar?ticket=${ticket}`, { redirect: 'manual' });
  const atGoogle = await fetch(String(start.headers.get('location')), { redirect: 'manual' });
  const back = new URL(String(atGoogle.headers.get('location')));
  const done = await fetch(`${base}${back.pathname}${back.search}`, { redirect: 'manual' });
  const where = String(done.headers.get('location'));
  if (!where.includes('calendar=connected'))
    throw new Error(`calendar not connected: ${done.status} ${where}`);
}

/**
 * Calendar sync under the faults, against the local Google Calendar fake: the admin connects, appointments
 * are made and moved through the API during the load; afterwards every appointment is in the fake calendar
 * exactly once, at the time it was last moved to, and the pulls brought none back as a second appointment.
 */
export async function calendarSync(adminToken: () => string, everyMs = 2_500): Promise<Slice> {
  const fake: FakeGoogle = await startFakeGoogle();
  const made = new Map<string, { id: number; moves: number }>();
  const refused: string[] = [];
  let n = 0;
  return {
    name: 'calendar sync',
    env: fake.env,
    async prepare(ctx) {
      await connect(ctx, adminToken());
      ctx.log(`  calendar: connected to the Google fake at ${fake.base}`);
    },
    async during(ctx, _loadEnd, running) {
      while (running()) {
        const person = ctx.people[n % ctx.people.length]!;
        const title = `Visit ${ctx.runId} ${++n}`;
        const day = 10 + (n % 18);
        const r = await ask(
          ctx.http,
          'POST',
          '/api/appointments',
          {
            title,
            clientId: person.clientId,
            scheduledDate: `2027-03-${day}`,
            startTime: '09:00',
            endTime: '10:00',
            type: 'maintenance',
            location: 'Harness Way',
          },
          idempotent(),
        );
        if (r.ok) made.set(title, { id: (r.answer as { body: { id: number } }).body.id, moves: 0 });
        else refused.push(`${title}: ${r.name}`);
        // Move an earlier one to another day and hour.
        const earlier = [...made.values()][Math.floor(Math.random() * made.size)];
        if (earlier && n % 2 === 0) {
          earlier.moves++;
          const m = await ask(ctx.http, 'PATCH', `/api/appointments/${earlier.id}`, {
            scheduledDate: `2027-04-${10 + (earlier.moves % 18)}`,
            startTime: `${String(8 + (earlier.moves % 8)).padStart(2, '0')}:30`,
            endTime: `${String(9 + (earlier.moves % 8)).padStart(2, '0')}:30`,
          });
          if (!m.ok) refused.push(`move of ${earlier.id}: ${m.name}`);
        }
        await sleep(everyMs);
      }
    },
    async check(ctx) {
      const titles = new Set(made.keys());
      const live = fake.live().filter((e) => e.summary && titles.has(e.summary));
      const ours = await ctx.db.rows<{ title: string; starts_at: Date }>(
        `SELECT title, starts_at FROM rm.appointments WHERE title = ANY($1)`,
        [[...titles]],
      );
      const want = new Map([...titles].map((t) => [t, 1]));
      const inGoogle = exactlyOnce(want, countKeys(live.map((e) => e.summary!)));
      const inApp = exactlyOnce(want, countKeys(ours.map((r) => r.title)));
      // Each Google event starts when its appointment does now (its last move reached Google).
      const startOf = new Map(ours.map((r) => [r.title, new Date(r.starts_at).getTime()]));
      const stale = live
        .filter((e) => Date.parse(e.start?.dateTime ?? '') !== startOf.get(e.summary!))
        .map(
          (e) =>
            `${e.summary}: Google ${e.start?.dateTime}, app ${new Date(startOf.get(e.summary!) ?? 0).toISOString()}`,
        );
      const parts = [
        onceFigure('appointments in the Google calendar', inGoogle),
        onceFigure('appointments in the app after pulls', inApp),
      ];
      const moves = [...made.values()].reduce((s, x) => s + x.moves, 0);
      const figures: Figure[] = [
        ...parts.map((p) => p.figure),
        {
          label: 'Google events at the wrong time',
          value: `${stale.length} (${made.size} appointments made, ${moves} moves, ${refused.length} calls not acknowledged, ${fake.calls.length} calls to Google)`,
          target: '0',
          pass: stale.length === 0 && refused.length === 0,
        },
      ];
      return {
        figures,
        details: [
          ...parts.flatMap((p) => p.details),
          ...stale.slice(0, 5).map((s) => `calendar stale: ${s}`),
          ...refused.slice(0, 3).map((r) => `calendar call not acknowledged: ${r}`),
        ],
      };
    },
    close: () => fake.close(),
  };
}

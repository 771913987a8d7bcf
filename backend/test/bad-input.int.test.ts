import { writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { ZErrorBody } from '@app/contracts/api/errors';
import { projections } from '@app/projections/registry';
import { projectionStatus } from '@app/projections/runtime/status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './app.ts';
import { type Attack, attacksOf, describeCase } from './bad-input-cases.ts';
import { consultation, pricing, ROWS } from './bad-input-rows.ts';
import { eventsSince, type Finding, judge, type Outcome, requestLog, runAttacks } from './bad-input-run.ts';
import { validUpload } from './bad-multipart.ts';
import { type Cast, castOf, eventCount, routesWithoutRows } from './cast.ts';
import { eventually } from './eventually.ts';

/**
 * The generated attack: every route (every method and path the app registers has a row in
 * bad-input-rows.ts, or the first test fails) is sent its valid request spoiled in every way the generators
 * know — bodies, path ids, query strings, headers, and for the uploads broken and truncated multipart over
 * a real socket — by an admin and, where clients use the route, by a client. At least 14,000 requests, 8 at
 * a time, on one test app. Never a 5xx; every 4xx has `{error, message}` with a message; no event is stored
 * by a refused request (each event is traced to its request by the correlation id), nor for input the
 * input rules refuse everywhere.
 * `BAD_INPUT_REPORT=<file>` writes every route's answers and the requests it accepted, for reading.
 */
const SEED = 20261124;
const CONCURRENCY = 8;
const AT_LEAST = 14_000;

/** The attacks in a fixed random order, so requests to one record are spread out as a real load's are. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('bad input on every route', () => {
  const log = requestLog();
  let t: TestApp;
  let c: Cast;
  let port: number;
  let findings: Finding[] | null = null;

  beforeAll(async () => {
    t = await startTestApp({ http: log.http });
    c = await castOf(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    // Accepted writes answer at once (202) instead of waiting for the views to show them: the attack judges
    // answers, and its thousand or so accepted writes each waiting on busy projections nearly double its time.
    t.config.READ_YOUR_WRITES_TIMEOUT_MS = 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a row for every route, and every row names a route', () => {
    expect(routesWithoutRows(t, ROWS)).toEqual({ withoutRow: [], rowsWithoutRoute: [] });
  });

  it(`sends at least ${AT_LEAST.toLocaleString('en-US')} bad requests; refused ones change nothing`, async () => {
    const attacks = shuffled(
      Object.entries(ROWS).flatMap(([route, row], index) =>
        attacksOf(route, row, c, { index, seed: SEED, readsIfMatch: readsIfMatch(t, route) }),
      ),
      SEED,
    );
    const before = await t.deps.store.headPosition();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const outcomes = await runAttacks(t.app, port, attacks, CONCURRENCY);
    const seconds = Math.round((performance.now() - started) / 1000);
    const cpuSeconds = Math.round(Object.values(process.cpuUsage(cpu)).reduce((a, b) => a + b) / 1e6);
    const stored = await eventsSince(t.deps.store, before);
    findings = judge(outcomes, log, stored.byRequest);

    const count = (problem: Finding['problem']) => findings!.filter((f) => f.problem === problem).length;
    const refusedStored = count('stored on a refused request') + count('stored input it must refuse');
    const n = (x: number) => x.toLocaleString('en-US');
    const events =
      refusedStored === 0 && stored.unattributed.length === 0
        ? 'events unchanged by refused requests'
        : `${refusedStored} refused requests stored events, ${stored.unattributed.length} events of no request`;
    console.log(
      `bad input: ${n(attacks.length)} requests in ${seconds} s (${cpuSeconds} s CPU in this process), ` +
        `${count('answered 5xx')} answered 5xx, ${count('no error message')} without a message, ` +
        `${count('no answer')} left without an answer, ${events} ` +
        `(${n(stored.total)} events from ${n(stored.byRequest.size)} accepted requests)`,
    );
    if (process.env.BAD_INPUT_REPORT) await writeReport(process.env.BAD_INPUT_REPORT, outcomes, findings);

    expect(attacks.length).toBeGreaterThanOrEqual(AT_LEAST);
    expect(stored.unattributed).toEqual([]);
    // Each route's own test below lists its findings; this is the count by route and problem.
    const byRoute: Record<string, number> = {};
    for (const f of findings)
      byRoute[`${f.problem}: ${f.route}`] = (byRoute[`${f.problem}: ${f.route}`] ?? 0) + 1;
    expect(byRoute).toEqual({});
  }, 300_000);

  for (const route of Object.keys(ROWS)) {
    it(`${route}: never 5xx, always {error, message}, nothing stored from a refused request`, () => {
      expect(findings, 'the attack did not run').not.toBeNull();
      expect(findings!.filter((f) => f.route === route).map((f) => `${f.problem}: ${f.line}`)).toEqual([]);
    });
  }

  it('an id in a path has one form: with a leading zero it names no record (404) on every route', async () => {
    const aliases: string[] = [];
    for (const [route, row] of Object.entries(ROWS)) {
      const params = row.params?.(c) ?? {};
      const ids = Object.keys(params).filter((name) => typeof params[name] === 'number');
      const [method, pattern] = route.split(' ') as [string, string];
      for (const name of ids)
        for (const alias of [`0${params[name]}`, `00${params[name]}`]) {
          const url = pattern.replace(/:(\w+)/g, (_, p: string) =>
            p === name ? alias : encodeURIComponent(String(params[p])),
          );
          const token = c.token(row.callers?.[0] ?? 'admin');
          const upload = row.upload ? validUpload(row.upload(c)) : null;
          const body = row.body?.(c);
          const before = await eventCount(t);
          const res = await t.app.inject({
            method: method as 'GET',
            url,
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(upload ? upload.headers : body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            payload: upload ? upload.body : body === undefined ? undefined : JSON.stringify(body),
          });
          const appended = (await eventCount(t)) - before;
          if (res.statusCode !== 404 || appended !== 0)
            aliases.push(`${method} ${url} → ${res.statusCode}${appended ? `, ${appended} event(s)` : ''}`);
        }
    }
    expect(aliases).toEqual([]);
  });

  describe('what reaches the store is storable', () => {
    const refused = async (
      method: string,
      url: string,
      body: unknown,
      status: number,
      token: string | null = c.token('admin'),
    ) => {
      const before = await eventCount(t);
      const res = await t.call(method, url, body, token);
      expect({ status: res.status, shape: ZErrorBody.safeParse(res.body).success }).toEqual({
        status,
        shape: true,
      });
      expect(await eventCount(t)).toBe(before);
      return res.body;
    };

    it('a preferred date that is no calendar day answers 400', async () => {
      for (const preferredDate of ['2030-02-31', '9999-99-99', '2026-13-45']) {
        const body = await refused(
          'POST',
          '/api/consultations',
          { ...consultation, preferredDate },
          400,
          null,
        );
        expect(body.message).toBe(`preferredDate: ${preferredDate} is not a calendar date`);
      }
      const body = await refused(
        'POST',
        '/api/consultations',
        { ...consultation, preferredDate: '2/3/30' },
        400,
        null,
      );
      expect(body.message).toBe('preferredDate: Preferred date must be a date (YYYY-MM-DD).');
    });

    it('?day=2026-13-45 answers 400', async () => {
      await refused('GET', '/api/dashboard/notes?day=2026-13-45', undefined, 400);
      await refused('POST', '/api/dashboard/notes', { day: '2026-02-30', text: 'x' }, 400);
    });

    it('a path id past the database range answers 404, as a record that does not exist', async () => {
      for (const url of [
        '/api/projects/2147483648',
        '/api/clients/2147483648',
        '/api/projects/client/99999999999',
      ])
        await refused('GET', url, undefined, 404);
      await refused('PATCH', '/api/consultations/2147483648', { status: 'contacted' }, 404);
      await refused('DELETE', '/api/dashboard/notes/2147483648', undefined, 404);
      await refused('GET', '/api/projects/0', undefined, 400);
    });

    it('an id in a query with a leading zero names no record either (404)', async () => {
      await refused('GET', `/api/payments?projectId=0${c.projectId}`, undefined, 404);
      await refused('GET', `/api/billing-plans?clientId=0${c.owner.clientId}`, undefined, 404);
      await refused(
        'GET',
        `/api/calendar/ics?type=appointment&id=0${c.appointmentId}`,
        undefined,
        404,
        c.token('owner'),
      );
    });

    it('money below a cent or past two decimals answers 400 on every route that takes dollars, never rounded to 0', async () => {
      const amounts = [1e-9, '1e-9', 0.004, 10.001, '12.345'];
      const dollars: [string, string, (amount: unknown) => unknown, (string | null)?][] = [
        ['POST', '/api/invoices', (amount) => ({ projectId: c.projectId, amount, description: 'Tiny' })],
        ['POST', '/api/payments', (amount) => ({ projectId: c.projectId, amount, description: 'Tiny' })],
        ['PATCH', `/api/payments/${c.invoiceId}/confirm`, (amount) => ({ paymentMethod: 'cash', amount })],
        [
          'POST',
          '/api/create-payment-intent',
          (amount) => ({ invoiceId: c.invoiceId, projectId: c.projectId, amount }),
          c.token('owner'),
        ],
        [
          'POST',
          '/api/billing-plans',
          (amount) => ({
            clientId: c.owner.clientId,
            projectId: c.projectId,
            service: 'camera_monitoring',
            description: 'Monitoring',
            amount,
            firstBillingDay: '2099-01-31',
          }),
        ],
        ['PATCH', '/api/billing-plans/999999', (amount) => ({ amount })],
        [
          'POST',
          '/api/quotes/convert-to-invoice',
          (amount) => ({ estimateId: c.sentEstimateId, projectId: c.projectId, allowExtra: true, amount }),
        ],
        ['PATCH', `/api/estimates/${c.estimateId}`, (totalCost) => ({ totalCost })],
      ];
      for (const [method, url, body, token] of dollars)
        for (const amount of amounts) {
          const answer = await refused(method, url, body(amount), 400, token);
          expect(answer.message).toMatch(/at least \$0\.01|at most two decimals/);
        }
    });

    it('a malformed If-Match answers 400 on every edit that reads it, and changes nothing', async () => {
      const edits = Object.keys(ROWS).filter((route) => readsIfMatch(t, route));
      expect(edits.length).toBe(7);
      for (const route of edits) {
        const [method, pattern] = route.split(' ') as [string, string];
        const row = ROWS[route]!;
        const params = row.params?.(c) ?? {};
        const url = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
        for (const ifMatch of ['W/"1"', '"01"', 'one', '"1", "2"', '']) {
          const before = await eventCount(t);
          const res = await t.app.inject({
            method: method as 'PUT',
            url,
            headers: { authorization: `Bearer ${c.token('admin')}`, 'if-match': ifMatch },
            payload: row.body?.(c) as object,
          });
          const appended = (await eventCount(t)) - before;
          expect({ route, ifMatch, status: res.statusCode, appended }).toEqual({
            route,
            ifMatch,
            status: 400,
            appended: 0,
          });
        }
      }
    });

    it('a body id past the database range answers 400', async () => {
      await refused('POST', '/api/projects', { clientId: 2147483648, title: 'Job', type: 'starlink' }, 400);
    });

    it('a NUL or a lone surrogate in a text answers 400', async () => {
      await refused(
        'POST',
        '/api/clients',
        { name: 'Nul\u0000Name', email: 'nul@example.com', portalAccess: false },
        400,
      );
      await refused(
        'POST',
        '/api/projects',
        { clientId: c.owner.clientId, title: 'Job \uD800', type: 'starlink' },
        400,
      );
      await refused('POST', '/api/consultations', { ...consultation, description: 'a\uDC00' }, 400, null);
      await refused(
        'PUT',
        '/api/settings',
        { section: 'pricing', data: { ...pricing, propertyTypeMultipliers: { 'x\u0000': 1 } } },
        400,
      );
    });

    it('even where a route has no schema for it, a NUL or a lone surrogate answers 400', async () => {
      await refused('GET', '/api/content?q=%00', undefined, 400, null);
      await refused('POST', `/api/projects/${c.projectId}/sync-calendar`, { note: '\uD800' }, 400);
      await refused('GET', '/api/dashboard/stats?x=a%00b', undefined, 400, c.token('owner'));
      // The guards still answer first: a caller without access learns nothing about the input rules.
      await refused('POST', `/api/projects/${c.projectId}/sync-calendar`, { note: '\uD800' }, 401, null);
    });
  });

  it('leaves no event the projections could not store', async () => {
    const status = await eventually('the projections to catch up', async () => {
      const s = await projectionStatus(t.deps.db, t.deps.store, projections);
      return s.every((p) => p.lagEvents === 0) && s;
    });
    expect(status.filter((p) => p.parked > 0).map((p) => p.name)).toEqual([]);
  });
});

/** Whether the route's schema reads `If-Match` (an edit that refuses a stale copy). */
function readsIfMatch(t: TestApp, route: string) {
  const found = t.routes.find((r) => [r.method].flat().some((m) => `${m} ${r.url}` === route));
  const headers = found?.schema?.headers as { shape?: Record<string, unknown> } | undefined;
  return headers?.shape !== undefined && 'if-match' in headers.shape;
}

/** Every route's answers by status, the requests it accepted and those cut off, and the findings. */
async function writeReport(file: string, outcomes: Outcome[], findings: Finding[]) {
  const routes: Record<string, { statuses: Record<string, number>; accepted: string[]; cutOff: string[] }> =
    {};
  const line = (a: Attack) => `${a.caller}: ${describeCase(a.kase)}`;
  for (const o of outcomes) {
    routes[o.attack.route] ??= { statuses: {}, accepted: [], cutOff: [] };
    const r = routes[o.attack.route]!;
    const status = o.status === null ? 'none' : String(o.status);
    r.statuses[status] = (r.statuses[status] ?? 0) + 1;
    if (o.status !== null && o.status < 400) r.accepted.push(`${line(o.attack)} → ${o.status}`);
    if (o.status === null) r.cutOff.push(`${line(o.attack)} (${o.noAnswer})`);
  }
  await writeFile(file, JSON.stringify({ findings, routes }, null, 2));
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ZErrorBody } from '@app/contracts/api/errors';
import type { Position } from '@app/contracts/events/envelope';
import type { FastifyInstance } from 'fastify';
import type { EventStore } from '../src/eventstore/port.ts';
import { type Attack, describeCase } from './bad-input-cases.ts';
import { sendRaw } from './raw-http.ts';

/**
 * Runs the bad-input test's requests a few at a time and judges them: each request carries its number in
 * a header the test app takes as its request id, so the server's log lines and the events it appended
 * (their correlation id is the request id) are traced back to the request that caused them.
 */

const ID_HEADER = 'x-bad-input-request';
const ID_PREFIX = 'badc0de0-0000-4000-8000-';
const requestId = (n: number) => `${ID_PREFIX}${n.toString(16).padStart(12, '0')}`;
const requestNumber = (id: unknown) =>
  typeof id === 'string' && id.startsWith(ID_PREFIX) ? Number.parseInt(id.slice(ID_PREFIX.length), 16) : null;

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  res?: { statusCode?: number };
  err?: { type?: string; message?: string; stack?: string };
}

/** The test app's request log, kept in memory by request (warnings and errors, and each answer's status). */
export function requestLog() {
  const byRequest = new Map<string, LogLine[]>();
  return {
    /** The options `startTestApp({ http })` takes: the log and the request ids the test hands out. */
    http: {
      logger: {
        level: 'info',
        stream: {
          write(line: string) {
            const entry = JSON.parse(line) as LogLine;
            if (!entry.reqId || (entry.level < 40 && entry.msg !== 'request completed')) return;
            const lines = byRequest.get(entry.reqId) ?? [];
            lines.push(entry);
            byRequest.set(entry.reqId, lines);
          },
        },
      },
      genReqId: (req: IncomingMessage) => {
        const id = req.headers[ID_HEADER];
        return typeof id === 'string' ? id : randomUUID();
      },
    },
    of: (n: number) => byRequest.get(requestId(n)) ?? [],
  };
}
export type RequestLog = ReturnType<typeof requestLog>;

export interface Outcome {
  attack: Attack;
  status: number | null;
  body: string;
  noAnswer?: string;
  /** How long the answer took. */
  ms: number;
}

/** Sends every attack, `concurrency` at a time, in the order given. */
/** Long enough for an upload on a loaded machine: a whole request without an answer by then is a finding. */
const RAW_TIMEOUT_MS = 30_000;

export async function runAttacks(
  app: FastifyInstance,
  port: number,
  attacks: Attack[],
  concurrency: number,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(attacks.length);
  let next = 0;
  const worker = async () => {
    while (next < attacks.length) {
      const n = next++;
      const attack = attacks[n]!;
      const send = attack.send;
      const started = performance.now();
      if ('inject' in send) {
        const { method, url, headers, payload } = send.inject;
        const res = await app.inject({
          method: method as 'GET',
          url,
          headers: { ...headers, [ID_HEADER]: requestId(n) },
          ...(payload === undefined ? {} : { payload }),
        });
        outcomes[n] = { attack, status: res.statusCode, body: res.body, ms: performance.now() - started };
      } else {
        const raw = { ...send.raw, headers: { ...send.raw.headers, [ID_HEADER]: requestId(n) } };
        const answer = await sendRaw(port, raw, RAW_TIMEOUT_MS);
        const ms = performance.now() - started;
        outcomes[n] =
          'noAnswer' in answer
            ? { attack, status: null, body: '', noAnswer: answer.noAnswer, ms }
            : { attack, status: answer.status, body: answer.body, ms };
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

export interface Finding {
  route: string;
  problem:
    | 'answered 5xx'
    | 'no error message'
    | 'no answer'
    | 'stored on a refused request'
    | 'stored input it must refuse';
  line: string;
}

/**
 * What went wrong: a 5xx (answered, or logged for a request whose client had gone), a 4xx without a
 * non-empty `{error, message}`, a whole request left without an answer, an event appended by a refused
 * request or for input no route may take. `stored` maps request numbers to the event types each appended.
 */
export function judge(outcomes: Outcome[], log: RequestLog, stored: Map<number, string[]>): Finding[] {
  const findings: Finding[] = [];
  outcomes.forEach((o, n) => {
    const { attack } = o;
    const lines = log.of(n);
    const logged = lines.find((l) => l.level >= 50) ?? lines.find((l) => l.level >= 40);
    const status = o.status ?? lines.find((l) => l.msg === 'request completed')?.res?.statusCode ?? null;
    const error = logged
      ? ` | log: ${logged.msg ?? ''} ${logged.err?.type ?? ''}: ${logged.err?.message ?? ''}`.slice(0, 400)
      : '';
    const answer =
      o.status === null
        ? `no answer (${o.noAnswer}), logged ${status ?? 'no status'}`
        : `${o.status} ${o.body.slice(0, 160)}`;
    const line = `${attack.route} as ${attack.caller}, ${describeCase(attack.kase)} → ${answer}${error}`;
    const add = (problem: Finding['problem'], extra = '') =>
      findings.push({ route: attack.route, problem, line: line + extra });
    const notReady = status === 503 && attack.notReady503;
    if ((status !== null && status >= 500 && !notReady) || lines.some((l) => l.level >= 50))
      add('answered 5xx');
    if (o.status !== null && o.status >= 400 && o.status < 500 && !hasMessage(o.body))
      add('no error message');
    // A request whose body was cut short may be closed without an answer; a whole request may not.
    const cut = 'raw' in attack.send && attack.send.raw.cut !== undefined;
    if (o.status === null && !cut) add('no answer');
    const events = stored.get(n);
    if (!events || (o.status === null && !cut)) return;
    if (status === null || status >= 400)
      add('stored on a refused request', ` | appended ${events.join(', ')}`);
    else if (attack.mustRefuse) add('stored input it must refuse', ` | appended ${events.join(', ')}`);
  });
  return findings;
}

function hasMessage(body: string) {
  try {
    const parsed = ZErrorBody.safeParse(JSON.parse(body));
    return parsed.success && parsed.data.message.trim().length > 0 && parsed.data.error.length > 0;
  } catch {
    return false;
  }
}

/**
 * The events appended after `before`, by the request that appended them; events no request of the
 * attack appended are listed apart (nothing else runs while it does).
 */
export async function eventsSince(store: EventStore, before: Position) {
  const byRequest = new Map<number, string[]>();
  const unattributed: string[] = [];
  let after = before;
  let total = 0;
  for (;;) {
    const page = await store.readAll(after, 1_000);
    if (page.length === 0) break;
    for (const event of page) {
      total++;
      const n = requestNumber(event.metadata.correlationId);
      if (n === null) unattributed.push(`${event.type} on ${event.streamName}`);
      else byRequest.set(n, [...(byRequest.get(n) ?? []), event.type]);
    }
    after = page.at(-1)!.position;
  }
  return { byRequest, unattributed, total };
}

import fc from 'fast-check';
import {
  BAD_BODIES,
  BAD_HEADERS,
  BAD_IDS,
  BAD_NUMBERS,
  BAD_QUERIES,
  BAD_TEXTS,
  BROKEN_JSON,
  badId,
  badQueryValue,
  badValue,
  disguisedIds,
  encode,
  HUGE_JSON,
  HUGE_TEXTS,
  isUnstorable,
  queryShapes,
  UNSTORABLE,
  WRONG_CONTENT_TYPES,
} from './bad-input.ts';
import { type BrokenUpload, brokenUploads, type UploadShape } from './bad-multipart.ts';
import type { Caller, Cast } from './cast.ts';
import type { RawRequest } from './raw-http.ts';

/**
 * The bad-input test's rows (one per route: who calls it and one valid request) and the requests made from
 * them: each row's valid request spoiled in every way the generators know, for each of its callers.
 */
export interface Row {
  /** Who sends every case (default: an admin, who gets past the guards to the input). */
  callers?: Caller[];
  params?: (c: Cast) => Record<string, string | number>;
  query?: (c: Cast) => Record<string, string>;
  body?: (c: Cast) => unknown;
  /** The route reads a multipart/form-data upload of this shape. */
  upload?: (c: Cast) => UploadShape;
  /** A 503 is the route's answer while a dependency is slow or down (readiness), not a failure. */
  notReady503?: true;
  /** Random cases on top of the fixed ones. */
  random?: number;
  /**
   * Only this many of the row's cases, taken evenly across them, for routes that hash a password on every
   * call (a second of CPU each on a loaded machine).
   */
  sample?: number;
}

type Path = (string | number)[];
export type Case =
  | { kind: 'field'; path: Path; value: unknown }
  | { kind: 'drop'; path: Path }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'raw'; payload: string; invalid: boolean }
  | { kind: 'contentType'; contentType: string }
  | { kind: 'param'; name: string; value: string }
  | { kind: 'query'; name: string; value: string }
  | { kind: 'queryString'; raw: string }
  | { kind: 'header'; name: string; value: string }
  | { kind: 'truncated'; framing: 'length' | 'chunked' }
  | { kind: 'upload'; upload: BrokenUpload };

export interface InjectRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** One request of the attack, with what it tries and whether the input rules must refuse it. */
export interface Attack {
  route: string;
  caller: Caller;
  kase: Case;
  /** No route may accept it (a NUL or lone surrogate, JSON that does not parse, an id not in its one form). */
  mustRefuse: boolean;
  /** The route answers 503 while not ready (readiness): that 503 is no failure. */
  notReady503: boolean;
  send: { inject: InjectRequest } | { raw: RawRequest };
}

/** What a case is, short enough for a report line. */
export function describeCase(kase: Case): string {
  const short = (v: unknown) => {
    const text = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
    return text.length > 80 ? `${text.slice(0, 60)}…(${text.length} chars)` : text;
  };
  switch (kase.kind) {
    case 'field':
      return `field ${kase.path.join('.')} = ${short(kase.value)}`;
    case 'drop':
      return `field ${kase.path.join('.')} left out`;
    case 'extra':
      return `extra field ${kase.key} = ${short(kase.value)}`;
    case 'body':
      return `body ${short(kase.value)}`;
    case 'raw':
      return `JSON text ${short(kase.payload)}`;
    case 'contentType':
      return `content type ${short(kase.contentType)}`;
    case 'param':
      return `path ${kase.name} = ${short(kase.value)}`;
    case 'query':
      return `query ${kase.name}=${short(kase.value)}`;
    case 'queryString':
      return `query ${short(kase.raw)}`;
    case 'header':
      return `header ${kase.name}: ${short(kase.value)}`;
    case 'truncated':
      return `JSON body cut in half (${kase.framing === 'length' ? 'shorter than its Content-Length' : 'chunks without the last'}), socket closed`;
    case 'upload':
      return `upload: ${kase.upload.label}`;
    default:
      return kase satisfies never;
  }
}

/** Every path to a value inside a JSON body, containers included: each is a place to spoil. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => [[...prefix, i], ...pathsOf(v, [...prefix, i])]);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  return [];
}

const at = (body: unknown, path: Path) =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], body);

function spoil(body: unknown, c: Case): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  if (c.kind === 'extra') return { ...copy, [c.key]: c.value };
  if (c.kind !== 'field' && c.kind !== 'drop') return copy;
  let into = copy;
  for (const key of c.path.slice(0, -1)) into = into[key] as Record<string | number, unknown>;
  const last = c.path.at(-1)!;
  if (c.kind === 'drop') delete into[last];
  else into[last] = c.value;
  return copy;
}

const holdsUnstorable = (value: unknown): boolean => {
  if (typeof value === 'string') return isUnstorable(value);
  if (Array.isArray(value)) return value.some(holdsUnstorable);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => isUnstorable(k) || holdsUnstorable(v));
  return false;
};
const decoded = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};
const isIdParam = (name: string) => /^(id|\w+Id)$/.test(name);
const isCanonicalId = (s: string) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2 ** 31 - 1;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Keeps every `step`-th item, starting at `offset`: a different share of a long list for each route. */
const share = <T>(items: readonly T[], step: number, offset: number) =>
  items.filter((_, i) => (i + offset) % step === 0);

/** The fixed cases of a row: every kind of bad input once in each place the route reads input. */
function fixedCases(
  method: string,
  valid: { body: unknown; params: Record<string, string>; query: Record<string, string> },
  readsIfMatch: boolean,
  offset: number,
): Case[] {
  const cases: Case[] = [];
  const readsBody = valid.body !== undefined;
  const takesBody = readsBody || WRITE_METHODS.has(method);

  for (const [name, value] of Object.entries(valid.params)) {
    const values = isIdParam(name)
      ? [...share(BAD_IDS, 2, offset), ...disguisedIds(value)]
      : [
          ...share(BAD_IDS, 2, offset),
          ...UNSTORABLE.map(encode),
          '..',
          '%2e%2e',
          '%2F',
          `${value}%00`,
          'x'.repeat(5_000),
        ];
    for (const v of values) cases.push({ kind: 'param', name, value: v });
  }
  for (const [name, value] of Object.entries(valid.query)) {
    for (const raw of queryShapes(name, encodeURIComponent(value))) cases.push({ kind: 'queryString', raw });
    for (const v of ['%00', '%ED%A0%80', '%', '', encode('x'.repeat(20_000)), '01', '-1', '2147483648'])
      cases.push({ kind: 'query', name, value: v });
  }
  // On a write, a case the route ignores is a write accepted: fewer of those (each costs a change).
  const write = WRITE_METHODS.has(method);
  for (const raw of share(BAD_QUERIES, write ? 4 : 2, offset)) cases.push({ kind: 'queryString', raw });
  for (const [name, values] of Object.entries(BAD_HEADERS)) {
    // Every malformed If-Match for a route that reads it, a few for the others.
    const all = name === 'if-match' && readsIfMatch;
    for (const value of all ? values : share(values, 4, offset)) cases.push({ kind: 'header', name, value });
  }

  if (takesBody) {
    for (const { payload, invalid } of readsBody ? BROKEN_JSON : share(BROKEN_JSON, 3, offset))
      cases.push({ kind: 'raw', payload, invalid });
    const huge = HUGE_JSON[offset % HUGE_JSON.length]!;
    cases.push({ kind: 'raw', ...huge });
    for (const contentType of readsBody ? WRONG_CONTENT_TYPES : share(WRONG_CONTENT_TYPES, 3, offset))
      cases.push({ kind: 'contentType', contentType });
    for (const value of readsBody ? BAD_BODIES : share(BAD_BODIES, 3, offset))
      cases.push({ kind: 'body', value });
    cases.push({ kind: 'truncated', framing: 'length' }, { kind: 'truncated', framing: 'chunked' });
  }
  if (readsBody) {
    const textPaths = pathsOf(valid.body).filter((path) => typeof at(valid.body, path) === 'string');
    const long = textPaths[offset % Math.max(1, textPaths.length)];
    if (long) for (const value of HUGE_TEXTS) cases.push({ kind: 'field', path: long, value });
    for (const [i, path] of pathsOf(valid.body).entries()) {
      const value = at(valid.body, path);
      cases.push({ kind: 'drop', path });
      const numeric =
        typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value));
      if (numeric) for (const v of share(BAD_NUMBERS, 2, i)) cases.push({ kind: 'field', path, value: v });
      else if (typeof value === 'string')
        for (const v of BAD_TEXTS) cases.push({ kind: 'field', path, value: v });
      for (const v of [null, [], {}, true, 1.5]) cases.push({ kind: 'field', path, value: v });
    }
    for (const key of ['extra', '__proto__', 'constructor', 'id', 'role', 'a\u0000b'])
      cases.push({ kind: 'extra', key, value: key === 'role' ? 'admin' : 1 });
  }
  return cases;
}

/** Random cases of every kind that applies to the row, for variety beyond the fixed lists. */
function randomCases(valid: {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string>;
}) {
  const kinds: fc.Arbitrary<Case>[] = [
    fc
      .record({ name: fc.constantFrom('q', 'day', 'id', 'token', '__proto__'), value: badQueryValue })
      .map((q): Case => ({ kind: 'query', ...q })),
  ];
  const paths = pathsOf(valid.body);
  if (valid.body !== undefined) kinds.push(badValue.map((value): Case => ({ kind: 'body', value })));
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths);
    const field = fc.record({ path, value: badValue }).map((f): Case => ({ kind: 'field', ...f }));
    kinds.push(
      field,
      field,
      field,
      fc
        .record({ key: fc.constantFrom('extra', '__proto__', 'constructor', 'id', 'role'), value: badValue })
        .map((e): Case => ({ kind: 'extra', ...e })),
    );
  }
  const params = Object.keys(valid.params);
  if (params.length > 0) {
    // A random text may happen to be a real id (a route that deletes would delete it): those are not bad input.
    const param = fc
      .record({ name: fc.constantFrom(...params), value: badId.filter((v) => !isCanonicalId(decoded(v))) })
      .map((p): Case => ({ kind: 'param', ...p }));
    kinds.push(param, param);
  }
  const queryNames = Object.keys(valid.query);
  if (queryNames.length > 0) {
    const q = fc.record({ name: fc.constantFrom(...queryNames), value: badQueryValue });
    kinds.push(q.map((v): Case => ({ kind: 'query', ...v })));
  }
  return fc.oneof(...kinds);
}

function mustRefuse(kase: Case, method: string): boolean {
  switch (kase.kind) {
    case 'field':
    case 'body':
      return holdsUnstorable(kase.value);
    case 'extra':
      // A field the schema does not know is dropped before the input rules look, and never stored.
      return false;
    case 'raw':
      return kase.invalid && method !== 'GET';
    case 'param':
      return isIdParam(kase.name) ? !isCanonicalId(decoded(kase.value)) : isUnstorable(decoded(kase.value));
    case 'query':
      return isUnstorable(decoded(kase.value));
    case 'queryString':
      return kase.raw.split(/[&=]/).some((part) => isUnstorable(decoded(part)));
    case 'upload':
      return !kase.upload.mayPass;
    case 'drop':
    case 'contentType':
    case 'header':
    case 'truncated':
      return false;
    default:
      return kase satisfies never;
  }
}

/** Every request the row makes: the fixed and random cases, for each of its callers. */
export function attacksOf(
  route: string,
  row: Row,
  c: Cast,
  { index, seed, readsIfMatch }: { index: number; seed: number; readsIfMatch: boolean },
): Attack[] {
  const [method, pattern] = route.split(' ') as [string, string];
  const valid = {
    body: row.body?.(c),
    params: Object.fromEntries(Object.entries(row.params?.(c) ?? {}).map(([k, v]) => [k, String(v)])),
    query: row.query?.(c) ?? {},
  };
  const upload = row.upload?.(c);
  const all = [
    ...fixedCases(method, valid, readsIfMatch, index),
    ...fc.sample(randomCases(valid), { seed: seed + index, numRuns: row.random ?? 15 }),
    ...(upload ? brokenUploads(upload).map((u): Case => ({ kind: 'upload', upload: u })) : []),
  ];
  const every = row.sample ? all.length / row.sample : 1;
  const cases = row.sample ? Array.from({ length: row.sample }, (_, i) => all[Math.floor(i * every)]!) : all;
  return (row.callers ?? ['admin']).flatMap((caller) =>
    cases.map((kase): Attack => {
      const token = c.token(caller);
      return {
        route,
        caller,
        kase,
        mustRefuse: mustRefuse(kase, method),
        notReady503: row.notReady503 === true,
        send: requestOf(method, pattern, valid, kase, {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        }),
      };
    }),
  );
}

function requestOf(
  method: string,
  pattern: string,
  valid: { body: unknown; params: Record<string, string>; query: Record<string, string> },
  kase: Case,
  baseHeaders: Record<string, string>,
): Attack['send'] {
  const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
    kase.kind === 'param' && kase.name === name ? kase.value : encodeURIComponent(valid.params[name]!),
  );
  const query = Object.entries(valid.query).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  if (kase.kind === 'query') query.push(`${kase.name}=${kase.value}`);
  if (kase.kind === 'queryString') query.push(kase.raw);
  const url = query.length > 0 ? `${path}?${query.join('&')}` : path;
  const headers = { ...baseHeaders };
  if (kase.kind === 'header') headers[kase.name] = kase.value;

  if (kase.kind === 'upload') {
    const { request } = kase.upload;
    return { raw: { method, path: url, ...request, headers: { ...headers, ...request.headers } } };
  }
  const json = (value: unknown) => {
    headers['content-type'] = 'application/json';
    return JSON.stringify(value);
  };
  let payload: string | undefined;
  if (kase.kind === 'raw') {
    payload = kase.payload;
    headers['content-type'] = 'application/json';
  } else if (kase.kind === 'contentType') {
    payload = JSON.stringify(valid.body ?? {});
    headers['content-type'] = kase.contentType;
  } else if (kase.kind === 'body') payload = json(kase.value);
  else if (kase.kind === 'field' || kase.kind === 'drop' || kase.kind === 'extra')
    payload = json(spoil(valid.body ?? {}, kase));
  else if (valid.body !== undefined) payload = json(valid.body);

  if (kase.kind === 'truncated') {
    const body = Buffer.from(json(valid.body ?? { note: 'x'.repeat(64) }));
    return {
      raw: { method, path: url, headers, body, cut: { at: body.length >> 1, framing: kase.framing } },
    };
  }
  return { inject: { method, url, headers, ...(payload === undefined ? {} : { payload }) } };
}

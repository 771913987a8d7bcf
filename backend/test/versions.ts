import type { StoredEvent } from '@app/contracts/events/envelope';
import type { TestApp } from './app.ts';

/** A call with headers of its own (If-Match), as `t.call` answers: status, parsed body, headers. */
export async function callWith(
  t: TestApp,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  token: string | null = t.adminToken,
) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  let parsed: unknown = null;
  try {
    parsed = res.body ? JSON.parse(res.body) : null;
  } catch {
    parsed = res.body;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field, as with t.call
  return { status: res.statusCode, body: parsed as any, headers: res.headers };
}

/** The event types of a stream, oldest first: what a refused edit must leave as it was. */
export const streamTypes = async (t: TestApp, stream: string) =>
  (await t.deps.store.readStream(stream)).map((e: StoredEvent) => e.type);

/**
 * Lets `onAppend` append to `stream` once, right before the next append to it (after the command read the
 * stream and decided): the race of another change landing between a command's read and its write.
 */
export function appendBetweenReadAndWrite(t: TestApp, stream: string, onAppend: () => Promise<unknown>) {
  const store = t.deps.store;
  const { append, appendMany } = store;
  let done = false;
  const restore = () => {
    store.append = append;
    store.appendMany = appendMany;
  };
  const first = async () => {
    if (done) return;
    done = true;
    restore();
    await onAppend();
  };
  store.append = async (s, events, expected) => {
    if (s === stream) await first();
    return append.call(store, s, events, expected);
  };
  store.appendMany = async (writes, records) => {
    if (writes.some((w) => w.stream === stream)) await first();
    return appendMany.call(store, writes, records);
  };
  return {
    restore,
    get happened() {
      return done;
    },
  };
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createRecord, isAccepted } from './api';

type Call = { method: string; key: string | null };

describe('createRecord', () => {
  const calls: Call[] = [];
  const answers: (() => Response)[] = [];

  beforeEach(() => {
    calls.length = 0;
    answers.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', { getItem: () => 'token-1' });
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      calls.push({ method: String(init.method), key: new Headers(init.headers).get('Idempotency-Key') });
      const next = answers.shift();
      if (!next) throw new TypeError('Failed to fetch');
      return next();
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status });

  it('sends the same Idempotency-Key again when the answer was lost or the server was unavailable', async () => {
    answers.push(() => {
      throw new TypeError('Failed to fetch');
    });
    answers.push(json(503, { error: 'unavailable', message: 'Try again' }));
    answers.push(json(201, { id: 7, title: 'Roof' }));
    const made = createRecord('/api/projects', { title: 'Roof' });
    await vi.runAllTimersAsync();
    expect(await made).toEqual({ id: 7, title: 'Roof' });
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c.method === 'POST')).toBe(true);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect(calls[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('does not retry a refusal, and gives each new record its own key', async () => {
    answers.push(json(400, { error: 'validation_error', message: 'Title is required' }));
    await expect(createRecord('/api/projects', {})).rejects.toBeInstanceOf(ApiError);
    answers.push(json(201, { id: 1 }));
    await createRecord('/api/projects', { title: 'A' });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.key).not.toBe(calls[1]!.key);
  });

  it('answers a 202 as accepted, for the caller to refresh its lists', async () => {
    answers.push(json(202, { accepted: true, message: 'Saved.', id: 9 }));
    const answer = await createRecord('/api/projects', { title: 'Late' });
    expect(isAccepted(answer)).toBe(true);
    expect(isAccepted({ id: 9, title: 'Late' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { answerBook, routeOf } from './answers.ts';
import type { Found } from './found.ts';
import { integrity } from './integrity.ts';
import { type CommandRecord, nextStep } from './ledger.ts';
import { summarizeLog } from './log-summary.ts';
import { mails } from './mail-check.ts';
import { headersOf, type SentMail } from './outbox.ts';

const found = (over: Partial<Found> = {}): Found => ({
  consultations: new Map(),
  clients: new Map(),
  users: new Map(),
  projects: new Map(),
  ids: new Map(),
  statusChanges: new Map(),
  projectStatus: new Map(),
  orphanLogins: [],
  jobs: new Map(),
  openJobs: new Map(),
  parkedEvents: 0,
  outbox: { mails: [], partial: 0 },
  ...over,
});
const cmd = (over: Partial<CommandRecord> & Pick<CommandRecord, 'kind' | 'key'>): CommandRecord => ({
  probe: false,
  attempts: 1,
  failures: [],
  sentAt: 0,
  outcome: 'acknowledged',
  ...over,
});
const mail = (to: string, subject: string, file = `${Math.random()}.eml`): SentMail => ({
  file,
  to,
  subject,
  at: 0,
});

describe('integrity', () => {
  it('counts an acknowledged command with no record as lost, and a second record as duplicated', () => {
    const records = [
      cmd({ kind: 'consultation', key: 'c-a-1@x' }),
      cmd({ kind: 'consultation', key: 'c-a-2@x', failures: ['ECONNRESET'], attempts: 2 }),
      cmd({ kind: 'project', key: 'Job a-3' }),
    ];
    const f = found({
      consultations: new Map([['c-a-2@x', 2]]),
      projects: new Map([['Job a-3', 1]]),
    });
    const result = integrity(records, f);
    expect(result.lost).toEqual(['consultation c-a-1@x: 1 acknowledged, 0 found']);
    expect(result.wrongIds).toEqual([]);
    expect(result.duplicated).toEqual(['consultation c-a-2@x: 1 sent, 2 found (after a retry)']);
  });

  it('wants a portal client and its account, and no acknowledgement for a stored unanswered one', () => {
    const records = [
      cmd({ kind: 'portal-client', key: 'k-a-1@x' }),
      cmd({ kind: 'client', key: 'k-a-2@x', outcome: 'abandoned' }),
    ];
    const f = found({
      clients: new Map([
        ['k-a-1@x', 1],
        ['k-a-2@x', 1],
      ]),
    });
    const result = integrity(records, f);
    expect(result.lost).toEqual(['portal-client k-a-1@x: 1 acknowledged, 0 found']);
    expect(result.storedUnacknowledged).toEqual(['client k-a-2@x: abandoned, found']);
  });

  it('checks status changes in the trail and each project ending in its last acknowledged status', () => {
    const records = [
      cmd({ kind: 'status-change', key: '7:approved', projectId: 7, status: 'approved' }),
      cmd({ kind: 'status-change', key: '7:in_progress', projectId: 7, status: 'in_progress' }),
    ];
    const f = found({
      statusChanges: new Map([['7:approved', 1]]),
      projectStatus: new Map([[7, 'approved']]),
    });
    expect(integrity(records, f).lost).toEqual([
      'status-change 7:in_progress: 1 acknowledged, 0 found',
      'project 7: last acknowledged status in_progress, read model says approved',
    ]);
  });

  it('names an answer whose id is not the stored record', () => {
    const records = [
      cmd({ kind: 'project', key: 'Job a-5', id: 41 }),
      cmd({ kind: 'project', key: 'Job a-6', id: 42 }),
    ];
    const f = found({
      projects: new Map([
        ['Job a-5', 1],
        ['Job a-6', 1],
      ]),
      ids: new Map([
        ['Job a-5', [41]],
        ['Job a-6', [43]],
      ]),
    });
    expect(integrity(records, f).wrongIds).toEqual(['project Job a-6: answered id 42, stored as 43']);
  });
});

describe('mails', () => {
  it('expects one admin mail per stored request and one password mail per portal account', () => {
    const records = [
      cmd({ kind: 'consultation', key: 'c-a-1@x' }),
      cmd({ kind: 'consultation', key: 'c-a-2@x' }),
      cmd({ kind: 'portal-client', key: 'k-a-3@x' }),
      cmd({ kind: 'client', key: 'k-a-4@x' }),
    ];
    const f = found({
      consultations: new Map([
        ['c-a-1@x', 1],
        ['c-a-2@x', 1],
      ]),
      users: new Map([['k-a-3@x', 1]]),
      outbox: {
        partial: 0,
        mails: [
          mail('admin@x', 'New consultation request from Faults a-1'),
          mail('admin@x', 'New consultation request from Faults a-1'),
          mail('k-a-3@x', 'Your sign-in details'),
          mail('someone@else', 'Hello'),
        ],
      },
    });
    const m = mails(records, f);
    expect(m).toMatchObject({ expected: 3, sent: 2, unmatched: 1 });
    expect(m.lost).toEqual(['admin mail for consultation c-a-2@x: 1 expected, 0 sent']);
    expect(m.duplicated).toEqual(['admin mail for consultation c-a-1@x: 1 expected, 2 sent']);
  });
});

describe('nextStep', () => {
  const answer = (status: number, retryAfter: number | null = null) => ({ status, body: {}, retryAfter });
  it('ends on 2xx and on a 4xx, retries 5xx and lost connections with backoff, gives up after 45 s', () => {
    expect(nextStep(answer(202), 1, 0, 'project')).toEqual({ done: 'acknowledged' });
    expect(nextStep(answer(400), 1, 0, 'project')).toEqual({ done: 'refused' });
    expect(nextStep(answer(409), 2, 0, 'client')).toEqual({ done: 'conflict-after-retry' });
    expect(nextStep(answer(409), 1, 0, 'client')).toEqual({ done: 'refused' });
    const wait = nextStep(answer(503, 2), 1, 0, 'consultation');
    expect('retryInMs' in wait && wait.retryInMs).toBeGreaterThanOrEqual(1500);
    expect('retryInMs' in nextStep(new Error('ECONNRESET'), 3, 1000, 'client')).toBe(true);
    expect(nextStep(new Error('ECONNREFUSED'), 9, 46_000, 'client')).toEqual({ done: 'abandoned' });
  });
});

describe('headersOf', () => {
  it('unfolds folded header lines and stops at the body', () => {
    const h = headersOf('To: a@x\r\nSubject: New consultation\r\n request from X\r\n\r\nSubject: body');
    expect(h.get('to')).toBe('a@x');
    expect(h.get('subject')).toBe('New consultation request from X');
  });
});

describe('summarizeLog', () => {
  it('counts warnings and errors and names the most frequent', () => {
    const text = [
      '=== faults harness: starting workers ===',
      '{"level":40,"msg":"could not enqueue jobs"}',
      '{"level":40,"msg":"could not enqueue jobs"}',
      '{"level":50,"msg":"projection loop failed"}',
      '{"level":30,"msg":"jobs enqueued"}',
      'Node.js v20',
    ].join('\n');
    expect(summarizeLog('workers', text)).toBe(
      'log of workers: warn 2, error 1 (warn "could not enqueue jobs" ×2; error "projection loop failed" ×1)',
    );
  });
});

describe('answerBook', () => {
  const seen = (method: string, path: string, status: number, code: string | null, allow: string[] = []) => ({
    method,
    path,
    status,
    code,
    allow,
  });
  it('counts a 409, 401 or 404 its caller did not allow as unexpected, by route and code', () => {
    const book = answerBook();
    book.note(seen('PATCH', '/api/projects/12', 409, 'conflict'));
    book.note(seen('PATCH', '/api/projects/13', 409, 'conflict'));
    book.note(seen('PATCH', '/api/projects/12', 409, 'stale_version', ['409 stale_version']));
    book.note(seen('PATCH', '/api/projects/12', 409, 'conflict', ['409 stale_version']));
    book.note(seen('POST', '/api/auth/login', 401, 'unauthorized', ['401']));
    book.note(seen('POST', '/api/projects/7/photos', 404, 'not_found'));
    book.note(seen('GET', '/readyz', 503, null));
    book.note(seen('POST', '/api/auth/login', 400, 'invalid'));
    const { figures, details } = book.figures();
    expect(figures.map((f) => [f.label, f.value, f.pass])).toEqual([
      ['unexpected 409 answers', '3 (4 answered 409, 1 of them expected)', false],
      ['unexpected 401 answers', '0 (1 answered 401, 1 of them expected)', true],
      ['unexpected 404 answers', '1 (1 answered 404, 0 of them expected)', false],
    ]);
    expect(details).toEqual([
      'unexpected 409: PATCH /api/projects/:id → 409 conflict ×3',
      'unexpected 404: POST /api/projects/:id/photos → 404 not_found ×1',
    ]);
  });

  it('names a route by its path with ids as :id and without its query', () => {
    expect(routeOf('/api/audit?stream=user-4')).toBe('/api/audit');
    expect(routeOf('/api/payments/41/confirm')).toBe('/api/payments/:id/confirm');
  });
});

import type { Crash } from './app-processes.ts';
import type { Found } from './found.ts';
import { integrity, storedCount, tally } from './integrity.ts';
import { type Attempt, type CommandRecord, KINDS, type Kind } from './ledger.ts';
import { mails } from './mail-check.ts';
import type { ReadyzSample } from './readyz-monitor.ts';
import { type Recovery, recoverySeconds } from './recovery.ts';

export interface FaultResult {
  name: string;
  /** From the fault's start to its end (the process killed and started again, the store back). */
  from: number;
  to?: number;
  /** While the store was fully stopped (stores only). */
  down?: number;
  up?: number;
  note?: string;
  error?: string;
  recovery?: Recovery;
}

export interface Figure {
  label: string;
  value: string;
  /** The target in words, and whether it was met; no target for a figure given for information. */
  target?: string;
  pass?: boolean;
}

export interface RunFacts {
  records: CommandRecord[];
  attempts: Attempt[];
  readyz: ReadyzSample[];
  answers: Map<string, number>;
  found: Found;
  crashes: Crash[];
  faults: FaultResult[];
  replayCheck: { identical: boolean; summary: string };
  settled: { ready: boolean; jobsDrained: boolean };
  /** A line per process on what it logged at warn and above. */
  logs: string[];
  startedAt: number;
}

const RECOVERY_TARGET_S = 10;

const pass = (ok: boolean) => ({ pass: ok });
const list = (items: string[], n = 3) => (items.length ? ` e.g. ${items.slice(0, n).join('; ')}` : '');

/** Every figure of the run, each with its target where it has one. */
export function figures(facts: RunFacts): { figures: Figure[]; details: string[] } {
  const { records, found } = facts;
  const counted = records.filter((r) => r.outcome === 'acknowledged');
  const byKind = (kind: Kind) => counted.filter((r) => r.kind === kind).length;
  const i = integrity(records, found);
  const m = mails(records, found);
  const answers = [...facts.answers].sort((a, b) => b[1] - a[1]);
  const retried = records.filter((r) => r.failures.length > 0).length;
  const refused = records.filter((r) => r.outcome === 'refused');
  const abandoned = records.filter((r) => r.outcome === 'abandoned').length;
  const conflicts = records.filter((r) => r.outcome === 'conflict-after-retry').length;
  const unanswered = records.filter((r) => r.outcome === undefined).length;
  const accepted = counted.filter((r) => r.answerStatus === 202).length;
  const jobsOpen = ['pending', 'running', 'parked', 'review']
    .map((s) => [s, found.jobs.get(s) ?? 0] as const)
    .filter(([, n]) => n > 0);
  const out: Figure[] = [
    {
      label: 'commands acknowledged',
      value: `${counted.length} (${KINDS.map((k) => `${k} ${byKind(k)}`).join(', ')}; ${accepted} of them 202)`,
    },
    {
      label: 'sent, not acknowledged',
      value: `${abandoned} given up after 45 s, ${unanswered} still retrying at the end, ${conflicts} answered 409 on a retry, ${refused.length} refused (4xx)`,
    },
    {
      label: 'retried by the clients',
      value: `${retried} commands; answers seen: ${answers.map(([k, n]) => `${k}×${n}`).join(' ')}`,
    },
    {
      label: 'found afterwards',
      value: `${counted.length - i.lost.length} of ${counted.length} (lost ${i.lost.length})`,
      target: '0 lost',
      ...pass(i.lost.length === 0),
    },
    {
      label: 'answered ids that name another record',
      value: `${i.wrongIds.length}${list(i.wrongIds)}`,
      target: '0',
      ...pass(i.wrongIds.length === 0),
    },
    {
      label: 'duplicated',
      value: String(i.duplicated.length),
      target: '0',
      ...pass(i.duplicated.length === 0),
    },
    {
      label: 'refused (4xx) a command that should pass',
      value: `${refused.length}${list(refused.map((r) => `${r.kind} ${r.key} → ${r.answerStatus} ${r.refusal}`))}`,
      target: '0',
      ...pass(refused.length === 0),
    },
    {
      label: '500 answers',
      value: String(facts.answers.get('500') ?? 0),
      target: '0 (503 + Retry-After when a store is down)',
      ...pass((facts.answers.get('500') ?? 0) === 0),
    },
    {
      label: 'mails expected / sent / duplicated',
      value: `${m.expected} / ${m.sent} / ${m.duplicated.length} (lost ${m.lost.length}; ${found.outbox.mails.length} files, ${m.unmatched} other, ${found.outbox.partial} .partial)`,
      target: '0 lost, 0 duplicated',
      ...pass(m.lost.length === 0 && m.duplicated.length === 0),
    },
    {
      label: 'crashes',
      value: `${facts.crashes.length}${facts.crashes.length ? ` (${[...tally(facts.crashes, (c) => c.part)].map(([p, cs]) => `${p} ${cs.length}`).join(', ')})` : ''}`,
      target: '0',
      ...pass(facts.crashes.length === 0),
    },
  ];
  for (const f of facts.faults) {
    const s = f.recovery ? recoverySeconds(f.recovery) : null;
    const parts = f.recovery
      ? `ready ${fmt(f.recovery.ready)}, command ${fmt(f.recovery.command)}, mail ${fmt(f.recovery.mail)}`
      : (f.error ?? 'not run');
    out.push({
      label: `recovery: ${f.name}`,
      value: `${s === null ? 'not within 60 s' : `${s.toFixed(1)} s`} (${parts})`,
      target: `< ${RECOVERY_TARGET_S} s`,
      ...pass(s !== null && s < RECOVERY_TARGET_S),
    });
  }
  const r = readyzFigures(facts);
  out.push(
    {
      label: '/readyz answered within 1 s',
      value: `${r.answered - r.slow} of ${r.answered} (slowest ${r.slowestMs} ms; ${r.refused} refused while the api was down)`,
      target: 'all',
      ...pass(r.slow === 0),
    },
    {
      label: '/readyz 200 while a store was down',
      value: String(r.readyWhileDown),
      target: '0',
      ...pass(r.readyWhileDown === 0),
    },
    {
      label: 'jobs not done',
      value: `${jobsOpen.length ? jobsOpen.map(([s, n]) => `${s} ${n}`).join(', ') : '0'} (${found.jobs.get('scheduled') ?? 0} scheduled for later, e.g. reminders)`,
      target: '0',
      ...pass(jobsOpen.length === 0),
    },
    {
      label: 'parked events',
      value: String(found.parkedEvents),
      target: '0',
      ...pass(found.parkedEvents === 0),
    },
    {
      label: 'orphan logins',
      value: `${found.orphanLogins.length}${list(found.orphanLogins)}`,
      target: '0',
      ...pass(found.orphanLogins.length === 0),
    },
    {
      label: 'settled afterwards',
      value: `readyz ${facts.settled.ready ? '200' : 'not 200'}, jobs ${facts.settled.jobsDrained ? 'drained' : 'not drained'}`,
      target: 'both',
      ...pass(facts.settled.ready && facts.settled.jobsDrained),
    },
    {
      label: 'replay-check',
      value: facts.replayCheck.summary,
      target: 'identical',
      ...pass(facts.replayCheck.identical),
    },
  );
  const details = [
    ...facts.logs,
    ...r.slowOnes.slice(0, 5).map((x) => `slow /readyz: ${x}`),
    ...facts.faults.map((f) => `during ${f.name}: ${duringFault(facts, f)}`),
    ...[...found.openJobs].slice(0, 8).map(([k, n]) => `job not done: ${k} ×${n}`),
    ...i.lost.slice(0, 10).map((l) => `lost: ${l}`),
    ...i.duplicated.slice(0, 10).map((l) => `duplicated: ${l}`),
    ...i.storedUnacknowledged.slice(0, 5).map((l) => `stored without acknowledgement: ${l}`),
    ...records
      .filter((r) => r.outcome === 'conflict-after-retry')
      .slice(0, 5)
      .map(
        (r) =>
          `409 on a retry: ${r.kind} ${r.key} after ${r.failures.join(', ')}: ${r.refusal}; stored ${storedCount(r, found)} time(s)`,
      ),
    ...m.lost.slice(0, 10).map((l) => `mail lost: ${l}`),
    ...m.duplicated.slice(0, 10).map((l) => `mail duplicated: ${l}`),
    ...facts.crashes.map(
      (c) =>
        `crash: ${c.part} ended (${c.exit}) at +${((c.at - facts.startedAt) / 1000).toFixed(1)} s; last lines:\n      ${c.lastLines.join('\n      ')}`,
    ),
    ...facts.faults.map(
      (f) =>
        `fault ${f.name}: ${f.note ?? f.error ?? ''}${f.recovery?.mailJob ? `; probe mail job ${f.recovery.mailJob}` : ''}`,
    ),
  ];
  return { figures: out, details };
}

const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET']);

/** How `/readyz` answered over the run: in time or not, and never "ready" while a store was stopped. */
function readyzFigures(facts: RunFacts) {
  const answered = facts.readyz.filter((s) => !REFUSED.has(s.answer));
  const slow = answered.filter((s) => s.ms > 1000 || s.answer === 'timeout').length;
  // Asked after the store had stopped and answered before it was started again: must not say ready.
  const readyWhileDown = facts.readyz.filter(
    (s) =>
      s.answer === '200' &&
      facts.faults.some(
        (f) => /^(Postgres|Redis) /.test(f.name) && f.down && f.up && s.at > f.down && s.at + s.ms < f.up,
      ),
  ).length;
  const slowOnes = answered
    .filter((s) => s.ms > 1000 || s.answer === 'timeout')
    .map((s) => {
      const f = facts.faults.find((x) => s.at >= x.from && s.at <= (x.to ?? x.from) + 10_000);
      return `${s.answer} in ${s.ms} ms at +${((s.at - facts.startedAt) / 1000).toFixed(1)} s${f ? ` (${f.name})` : ''}`;
    });
  return {
    answered: answered.length,
    slow,
    slowOnes,
    slowestMs: Math.max(0, ...answered.map((s) => s.ms)),
    refused: facts.readyz.length - answered.length,
    readyWhileDown,
  };
}

/** What the clients and `/readyz` were answered from a fault's start until 10 s after its end (or the next). */
function duringFault(facts: RunFacts, f: FaultResult) {
  const next = facts.faults[facts.faults.indexOf(f) + 1];
  const until = Math.min((f.to ?? f.from) + 10_000, next?.from ?? Number.POSITIVE_INFINITY);
  const inside = <T extends { at: number }>(xs: T[]) => xs.filter((x) => x.at >= f.from && x.at <= until);
  const counts = (xs: { answer: string }[]) =>
    [...tally(xs, (x) => x.answer)].map(([a, n]) => `${a}×${n.length}`).join(' ') || 'none';
  const attempts = inside(facts.attempts);
  const slowest = attempts.reduce((m, a) => (a.ms > m.ms ? a : m), { ms: 0, kind: '', answer: '' });
  return `commands ${counts(attempts)} (slowest ${(slowest.ms / 1000).toFixed(1)} s, ${slowest.kind} ${slowest.answer}); readyz ${counts(inside(facts.readyz))}`;
}

const fmt = (s: number | null) => (s === null ? '—' : `${s.toFixed(1)}`);

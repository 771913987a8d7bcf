import type { Crash } from './app-processes.ts';
import type { Found } from './found.ts';
import { type Attempt, type CommandRecord, KINDS, type Kind } from './ledger.ts';
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
  startedAt: number;
}

const RECOVERY_TARGET_S = 10;
const CONSULTATION_SUBJECT = 'New consultation request from ';
const TEMP_PASSWORD_SUBJECT = 'Your sign-in details';

/** The name the run gave the consultation request with this e-mail (`c-<tag>@…` was sent as `Faults <tag>`). */
const consultationName = (email: string) => `Faults ${email.slice(2, email.indexOf('@'))}`;

/** How many records of the command's kind exist afterwards under its key (0: not found). */
function storedCount(r: CommandRecord, f: Found) {
  switch (r.kind) {
    case 'consultation':
      return f.consultations.get(r.key) ?? 0;
    case 'client':
      return f.clients.get(r.key) ?? 0;
    case 'portal-client':
      // The client and its sign-in account: both or it is not all there.
      return Math.min(f.clients.get(r.key) ?? 0, f.users.get(r.key) ?? 0);
    case 'project':
      return f.projects.get(r.key) ?? 0;
    case 'status-change':
      return f.statusChanges.get(r.key) ?? 0;
  }
}

const tally = <T>(items: T[], keyOf: (t: T) => string) => {
  const m = new Map<string, T[]>();
  for (const item of items) m.set(keyOf(item), [...(m.get(keyOf(item)) ?? []), item]);
  return m;
};

/** Lost and duplicated commands, with a few examples of each for the report. */
export function integrity(records: CommandRecord[], f: Found) {
  const lost: string[] = [];
  const duplicated: string[] = [];
  const storedUnacknowledged: string[] = [];
  // Status changes are counted per project and target status: the trail must hold at least as many as were
  // acknowledged, and no more than were sent.
  for (const [key, group] of tally(records, (r) => `${r.kind} ${r.key}`)) {
    const stored = storedCount(group[0]!, f);
    const acknowledged = group.filter((r) => r.outcome === 'acknowledged').length;
    const retried = group.some((r) => r.failures.length > 0) ? ' (after a retry)' : '';
    if (stored < acknowledged) lost.push(`${key}: ${acknowledged} acknowledged, ${stored} found`);
    if (stored > group.length) duplicated.push(`${key}: ${group.length} sent, ${stored} found${retried}`);
    if (acknowledged === 0 && stored > 0) storedUnacknowledged.push(`${key}: ${group[0]!.outcome}, found`);
  }
  // Each project ends in the status of the last change sent to it, when that change was acknowledged.
  const byProject = tally(
    records.filter((r) => r.kind === 'status-change'),
    (r) => String(r.projectId),
  );
  for (const [projectId, changes] of byProject) {
    const last = changes.at(-1)!;
    const now = f.projectStatus.get(Number(projectId));
    if (last.outcome === 'acknowledged' && now !== last.status)
      lost.push(`project ${projectId}: last acknowledged status ${last.status}, read model says ${now}`);
  }
  // The id a command was answered with names the record it made.
  const wrongIds = records
    .filter((r) => r.outcome === 'acknowledged' && r.id !== undefined && f.ids.has(r.key))
    .filter((r) => !f.ids.get(r.key)!.includes(r.id!))
    .map((r) => `${r.kind} ${r.key}: answered id ${r.id}, stored as ${f.ids.get(r.key)!.join(', ')}`);
  return { lost, duplicated, storedUnacknowledged, wrongIds };
}

/** Mails expected from what is stored (and acknowledged), against the outbox. */
export function mails(records: CommandRecord[], f: Found) {
  const bySubjectTo = tally(f.outbox.mails, (m) => `${m.subject}|${m.to}`);
  const bySubject = tally(f.outbox.mails, (m) => m.subject);
  const matched = new Set<string>();
  let expected = 0;
  let sent = 0;
  const lost: string[] = [];
  const duplicated: string[] = [];
  const count = (what: string, want: number, got: number) => {
    expected += want;
    sent += Math.min(want, got);
    if (got < want) lost.push(`${what}: ${want} expected, ${got} sent`);
    if (got > want) duplicated.push(`${what}: ${want} expected, ${got} sent`);
  };
  for (const [key, group] of tally(records, (r) => `${r.kind} ${r.key}`)) {
    const r = group[0]!;
    const acknowledged = group.some((g) => g.outcome === 'acknowledged') ? 1 : 0;
    if (r.kind === 'consultation') {
      const want = Math.max(f.consultations.get(r.key) ?? 0, acknowledged);
      const subject = `${CONSULTATION_SUBJECT}${consultationName(r.key)}`;
      count(`admin mail for ${key}`, want, bySubject.get(subject)?.length ?? 0);
      for (const mail of bySubject.get(subject) ?? []) matched.add(mail.file);
    } else if (r.kind === 'portal-client') {
      const want = Math.max(f.users.get(r.key) ?? 0, acknowledged);
      const got = bySubjectTo.get(`${TEMP_PASSWORD_SUBJECT}|${r.key}`) ?? [];
      count(`password mail for ${key}`, want, got.length);
      for (const mail of got) matched.add(mail.file);
    }
  }
  const unmatched = f.outbox.mails.filter((mail) => !matched.has(mail.file)).length;
  return { expected, sent, lost, duplicated, unmatched };
}

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
      value: `${refused.length}${list(refused.map((r) => `${r.kind} ${r.key} → ${r.answerStatus}`))}`,
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
      value: jobsOpen.length ? jobsOpen.map(([s, n]) => `${s} ${n}`).join(', ') : '0',
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
    ...r.slowOnes.slice(0, 5).map((x) => `slow /readyz: ${x}`),
    ...facts.faults.map((f) => `during ${f.name}: ${duringFault(facts, f)}`),
    ...i.lost.slice(0, 10).map((l) => `lost: ${l}`),
    ...i.duplicated.slice(0, 10).map((l) => `duplicated: ${l}`),
    ...i.storedUnacknowledged.slice(0, 5).map((l) => `stored without acknowledgement: ${l}`),
    ...records
      .filter((r) => r.outcome === 'conflict-after-retry')
      .slice(0, 5)
      .map(
        (r) =>
          `409 on a retry: ${r.kind} ${r.key} after ${r.failures.join(', ')}; stored ${storedCount(r, found)} time(s)`,
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
      s.answer === '200' && facts.faults.some((f) => f.down && f.up && s.at > f.down && s.at + s.ms < f.up),
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

// Pure checks of the jobs the later slices added (mails, payments, calendar events) and of several API
// processes seeing one another's changes; the I/O that gathers their inputs is in the slice modules.

/** Per key, how many of something there should be against how many there are: the keys lost and doubled. */
export function exactlyOnce(expected: Map<string, number>, got: Map<string, number>) {
  const lost: string[] = [];
  const duplicated: string[] = [];
  let want = 0;
  for (const [key, n] of expected) {
    want += n;
    const have = got.get(key) ?? 0;
    if (have < n) lost.push(`${key}: ${n} expected, ${have} found`);
    if (have > n) duplicated.push(`${key}: ${n} expected, ${have} found`);
  }
  for (const [key, have] of got)
    if (!expected.has(key) && have > 0) duplicated.push(`${key}: none expected, ${have} found`);
  const found = [...got.values()].reduce((s, n) => s + n, 0);
  return { want, found, lost, duplicated };
}
export type OnceResult = ReturnType<typeof exactlyOnce>;

/** How many times each key occurs. */
export const countKeys = (keys: Iterable<string>) => {
  const m = new Map<string, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
};

/**
 * Reminders mailed after their invoice's payment was acknowledged (with `graceMs` for a reminder whose job
 * read the stream just before the payment was stored and mailed just after).
 */
export function remindersAfterPayment(
  reminders: { invoice: string; at: number }[],
  paidAt: Map<string, number>,
  graceMs = 2_000,
) {
  return reminders
    .filter((r) => paidAt.has(r.invoice) && r.at > paidAt.get(r.invoice)! + graceMs)
    .map(
      (r) =>
        `${r.invoice}: reminder at ${new Date(r.at).toISOString()}, paid ${new Date(paidAt.get(r.invoice)!).toISOString()}`,
    );
}

/**
 * One round of "a change through one API process, then a call through the other": whether the other refused
 * (or allowed) at once, after a while (`afterMs`), or never within the bound. `disturbed`: a call of the round
 * failed for a fault (a 5xx or no connection), so it says nothing about the change being seen.
 */
export interface SeenRound {
  what: string;
  atOnce: boolean;
  afterMs: number | null;
  disturbed?: string;
}

export function seenAtOnce(rounds: SeenRound[]) {
  const judged = rounds.filter((r) => !r.disturbed);
  const late = judged.filter((r) => !r.atOnce);
  const waits = late.map((r) => r.afterMs ?? Number.POSITIVE_INFINITY);
  return {
    judged: judged.length,
    disturbed: rounds.length - judged.length,
    /** The longest a late one took (Infinity: never within the bound). */
    slowestMs: waits.length ? Math.max(...waits) : 0,
    late: late.map((r) => `${r.what}: ${r.afterMs === null ? 'never seen' : `seen after ${r.afterMs} ms`}`),
  };
}

/** Two edits of one record sent at once, one through each API process, and what each was answered. */
export interface EditRace {
  record: string;
  /** The value each edit set, and its answer (a status code, or a connection error's name). */
  edits: { value: string; answer: string }[];
  /** The values the record's history holds from these edits, in order, and its value afterwards. */
  stored: string[];
  final: string | null;
}

const ok = (answer: string) => /^2\d\d$/.test(answer);

/**
 * The app's rule (backend/src/platform/command.ts): each command appends at the revision it read, so of two at
 * once one is stored and the other answered 409, or both are stored one after the other. Never a lost update
 * (acknowledged, not in the history), a refused edit stored, or a final value other than the last stored.
 */
export function editRaces(races: EditRace[]) {
  const lostUpdates: string[] = [];
  const wrong: string[] = [];
  let conflicts = 0;
  let bothStored = 0;
  let disturbed = 0;
  for (const race of races) {
    if (race.edits.some((e) => !ok(e.answer) && e.answer !== '409')) {
      disturbed++;
      continue;
    }
    const acked = race.edits.filter((e) => ok(e.answer));
    conflicts += race.edits.filter((e) => e.answer === '409').length;
    if (acked.length === 2) bothStored++;
    if (acked.length === 0)
      wrong.push(`${race.record}: both edits refused (${race.edits.map((e) => e.answer).join(', ')})`);
    for (const e of acked)
      if (!race.stored.includes(e.value))
        lostUpdates.push(`${race.record}: "${e.value}" answered ${e.answer}, not stored`);
    for (const e of race.edits.filter((x) => x.answer === '409'))
      if (race.stored.includes(e.value))
        wrong.push(`${race.record}: "${e.value}" answered 409, stored all the same`);
    if (race.stored.length > 0 && race.final !== race.stored.at(-1))
      wrong.push(`${race.record}: ends as "${race.final}", last stored "${race.stored.at(-1)}"`);
  }
  return { judged: races.length - disturbed, disturbed, conflicts, bothStored, lostUpdates, wrong };
}

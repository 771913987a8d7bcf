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

/** Edits of one record sent at once (through both API processes), and what each was answered. */
export interface EditRace {
  record: string;
  /** The value each edit set, and its answer (a status code, or a connection error's name). */
  edits: { value: string; answer: string }[];
  /** The values the record's history holds from these edits, in order, and its value afterwards (null: not read). */
  stored: string[];
  final: string | null;
}

const ok = (answer: string) => /^2\d\d$/.test(answer);

/**
 * The app's rule (backend/src/platform/command.ts): an edit that carries no version from the person is decided
 * again on the record as stored when its append meets another, so edits at once are all stored, one after the
 * other. A 409 is a failure; so is a lost update (acknowledged, not in the history), a refused edit stored, an
 * edit stored twice, or a final value other than the last stored. An edit cut by a fault may or may not be
 * stored (its round is counted as disturbed).
 */
export function editRaces(races: EditRace[]) {
  const lostUpdates: string[] = [];
  const wrong: string[] = [];
  let conflicts = 0;
  let allStored = 0;
  let disturbed = 0;
  for (const race of races) {
    if (race.edits.some((e) => !ok(e.answer) && e.answer !== '409')) disturbed++;
    const acked = race.edits.filter((e) => ok(e.answer));
    const refused = race.edits.filter((e) => e.answer === '409');
    conflicts += refused.length;
    if (acked.length === race.edits.length) allStored++;
    for (const e of acked)
      if (!race.stored.includes(e.value))
        lostUpdates.push(`${race.record}: "${e.value}" answered ${e.answer}, not stored`);
    for (const e of refused)
      if (race.stored.includes(e.value))
        wrong.push(`${race.record}: "${e.value}" answered 409, stored all the same`);
    for (const value of new Set(race.stored))
      if (race.stored.filter((v) => v === value).length > 1)
        wrong.push(`${race.record}: "${value}" stored twice`);
    if (race.final !== null && race.stored.length > 0 && race.final !== race.stored.at(-1))
      wrong.push(`${race.record}: ends as "${race.final}", last stored "${race.stored.at(-1)}"`);
  }
  return { judged: races.length, disturbed, conflicts, allStored, lostUpdates, wrong };
}

/**
 * Edits sent on a copy made stale by a change acknowledged after it was read (`If-Match` of the earlier
 * version, naming the field that change set): each is refused with 409 `stale_version` and none is stored.
 * A round whose change in between was not acknowledged says nothing (disturbed), nor does an edit a fault cut.
 */
export interface StaleRound {
  record: string;
  /** The answer to the change made between the read and the stale edits. */
  between: string;
  edits: { value: string; answer: string; code: string | null }[];
  stored: string[];
}

export function staleRounds(rounds: StaleRound[]) {
  const wrong: string[] = [];
  let refused = 0;
  let cut = 0;
  const judged = rounds.filter((r) => ok(r.between));
  for (const round of judged)
    for (const e of round.edits) {
      if (e.answer === '409' && e.code === 'stale_version') refused++;
      else if (ok(e.answer) || /^4\d\d$/.test(e.answer))
        wrong.push(`${round.record}: stale "${e.value}" answered ${e.answer} ${e.code ?? ''}`.trim());
      else cut++;
      if (round.stored.includes(e.value))
        wrong.push(`${round.record}: stale "${e.value}" (${e.answer}) stored`);
    }
  return { judged: judged.length, disturbed: rounds.length - judged.length, refused, cut, wrong };
}

/** One part of an invoice's payment: its amount, its answer (and error code), and how often it is recorded. */
export interface PaymentPart {
  tag: string;
  cents: number;
  answer: string;
  code: string | null;
  recorded: number;
}

/**
 * Parts of one invoice confirmed at once, each decided again on the invoice as stored when another was
 * appended first: every acknowledged part is recorded once, a part the balance cannot take is 400
 * `overpayment` and recorded nowhere, and a 409 is a failure. Parts that fit are all taken, in any order: of
 * parts sent at once, exactly as many as fit in the balance in the order they were stored are acknowledged.
 * A part whose answer a fault cut is recorded at most once.
 */
export function paymentParts(invoices: { invoice: string; totalCents: number; parts: PaymentPart[] }[]) {
  const lost: string[] = [];
  const twice: string[] = [];
  const wrong: string[] = [];
  let acknowledged = 0;
  let overBalance = 0;
  let cut = 0;
  for (const { invoice, totalCents, parts } of invoices) {
    let paid = 0;
    for (const p of parts) {
      const where = `${invoice} part ${p.tag}`;
      if (p.recorded > 1) twice.push(`${where}: recorded ${p.recorded} times (${p.answer})`);
      if (ok(p.answer)) {
        acknowledged++;
        if (p.recorded === 0) lost.push(`${where}: answered ${p.answer}, not recorded`);
      } else if (p.answer === '400' && p.code === 'overpayment') {
        overBalance++;
        if (p.recorded > 0) wrong.push(`${where}: refused as over the balance, recorded all the same`);
      } else if (/^[1-4]\d\d$/.test(p.answer))
        wrong.push(`${where}: answered ${p.answer} ${p.code ?? ''}`.trim());
      else cut++;
      if (p.recorded > 0) paid += p.cents;
    }
    if (paid > totalCents) wrong.push(`${invoice}: ${paid} cents recorded on a total of ${totalCents}`);
    // A part refused as over the balance while the parts recorded left room for it.
    const refusedFits = parts.filter(
      (p) => p.answer === '400' && p.code === 'overpayment' && paid + p.cents <= totalCents,
    );
    for (const p of refusedFits)
      wrong.push(
        `${invoice} part ${p.tag}: refused as over the balance, but ${totalCents - paid} cents were left`,
      );
  }
  return { acknowledged, overBalance, cut, lost, twice, wrong };
}

/** What an upload (a photo or a document) was answered, try by try, and how often it is stored afterwards. */
export interface UploadTry {
  what: string;
  answers: string[];
  stored: number;
}

/**
 * Uploads under the faults: every answer 2xx (202 included), 503, or a connection a killed process cut;
 * never another 5xx, never a 4xx (the files are good, their projects exist); none acknowledged is lost, and
 * none is stored twice (a document's retry carries its Idempotency-Key; a photo is kept once per content).
 */
export function uploadTries(tries: UploadTry[]) {
  const badAnswers: string[] = [];
  const lost: string[] = [];
  const twice: string[] = [];
  let acknowledged = 0;
  for (const t of tries) {
    for (const a of t.answers)
      if (!(ok(a) || a === '503' || !/^\d+$/.test(a))) badAnswers.push(`${t.what}: ${a}`);
    const last = t.answers.at(-1) ?? '';
    if (ok(last)) {
      acknowledged++;
      if (t.stored === 0) lost.push(`${t.what}: answered ${last}, not stored`);
    }
    if (t.stored > 1) twice.push(`${t.what}: stored ${t.stored} times`);
  }
  return { sent: tries.length, acknowledged, badAnswers, lost, twice };
}

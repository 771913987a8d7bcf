// Pure checks of the passwords slice (passwords.ts): which password must work afterwards and which must not,
// which sessions must still be open, and whether every change is in the audit trail and every temporary
// password mailed once.

/** An account's password change as sent: a create's or reset's temporary password, or a chosen one. */
export interface PasswordOp {
  kind: 'create' | 'reset' | 'change';
  /** A status code, or the connection error that cut it. */
  answer: string;
  /** The password it sets; null for a temporary one whose answer was lost. */
  password: string | null;
}

/**
 * A session a sign-in opened (answered 200) during the run; `keeps`: the change (op index) it made; `how`:
 * which sign-in opened it, when, against the change it raced (for the report).
 */
export interface OpenedSession {
  token: string;
  password: string;
  keeps?: number;
  how?: string;
}

const ok = (answer: string) => /^2\d\d$/.test(answer);

/**
 * What must hold afterwards, from the ops sent (acknowledged ones, then at most one not: refused, or cut by a
 * fault, after which the account's run stopped) and the password events stored for them: the password that
 * must work, the one that must not (never both, never neither), the number of stored ops that count, and what
 * is already wrong. A cut op is in effect exactly when its event is stored; a refused one never.
 * `mailed`: the temporary passwords found in the account's mails (where a cut reset's password is found).
 */
export function expectedPasswords(ops: PasswordOp[], stored: number, mailed: string[]) {
  const problems: string[] = [];
  const acked = ops.filter((o) => ok(o.answer));
  const unsettled = ops.find((o) => !ok(o.answer)) ?? null;
  const lastAcked = acked.at(-1) ?? null;
  if (stored < acked.length) problems.push(`${acked.length} acknowledged, ${stored} stored`);
  const unsettledStored = unsettled !== null && stored > acked.length;
  if (stored > acked.length + (unsettled ? 1 : 0)) problems.push(`${ops.length} sent, ${stored} stored`);
  if (unsettledStored && /^4\d\d$/.test(unsettled.answer))
    problems.push(`${unsettled.kind} refused (${unsettled.answer}) but stored`);
  let current = lastAcked?.password ?? null;
  let refused: string | null = null;
  if (unsettled && unsettledStored) {
    const known = new Set(ops.map((o) => o.password));
    const found = unsettled.password ?? mailed.filter((p) => !known.has(p)).at(-1) ?? null;
    if (found === null)
      problems.push(`${unsettled.kind} stored after a cut answer, its password mailed nowhere`);
    refused = current;
    current = found;
  } else if (unsettled?.password) {
    refused = unsettled.password;
  } else {
    refused = acked.at(-2)?.password ?? null;
  }
  const lastStored = unsettledStored ? ops.indexOf(unsettled) : lastAcked ? ops.indexOf(lastAcked) : -1;
  return { current, refused, lastStored, unsettled: unsettled?.answer ?? null, problems };
}
export type ExpectedPasswords = ReturnType<typeof expectedPasswords>;

/**
 * Whether a session must still be open: one opened with the password in effect, or the session that made the
 * last stored change (a change keeps its own session). Any other was ended by a later change or reset.
 */
export const sessionStaysOpen = (
  s: OpenedSession,
  ops: PasswordOp[],
  expected: Pick<ExpectedPasswords, 'current' | 'lastStored'>,
) =>
  s.password === expected.current ||
  (s.keeps !== undefined && s.keeps === expected.lastStored && ops[s.keeps]?.kind === 'change');

/** Everything learnt about one account afterwards. */
export interface AccountFacts {
  email: string;
  ops: PasswordOp[];
  expected: ExpectedPasswords;
  /** Sign-ins sent right after an acknowledged change with the password it set, and their answers. */
  afterAck: { password: string; answer: string }[];
  /** Each session's answer to GET /api/auth/user afterwards, and whether it must be open. */
  sessions: { password: string; open: boolean; answer: string; how?: string }[];
  /** The final sign-ins: with the password that must work, and the one that must not (null: not tried). */
  current: string | null;
  refused: string | null;
  /** Password events in the audit trail (GET /api/audit?stream=user-<id>) and in the store. */
  audited: number;
  stored: number;
  temporaryStored: number;
  /** Temporary passwords found in the account's mails, one entry per mail. */
  mailed: string[];
}

/** The figures' counts over all accounts, each with what went wrong. */
export function passwordChecks(accounts: AccountFacts[]) {
  const wrongPasswords: string[] = [];
  const sessions: string[] = [];
  const audit: string[] = [];
  const mails: string[] = [];
  const refusedRight: string[] = [];
  let acked = 0;
  let cut = 0;
  let sessionsChecked = 0;
  let mailsExpected = 0;
  for (const a of accounts) {
    const e = a.expected;
    acked += a.ops.filter((o) => ok(o.answer)).length;
    if (e.unsettled !== null) cut++;
    wrongPasswords.push(...e.problems.map((p) => `${a.email}: ${p}`));
    if (e.current !== null && a.current !== '200')
      wrongPasswords.push(`${a.email}: the password in effect answered ${a.current}`);
    if (e.refused !== null && a.refused !== '401')
      wrongPasswords.push(`${a.email}: the password that must not work answered ${a.refused}`);
    for (const s of a.afterAck)
      if (s.answer === '401' || s.answer === '429')
        refusedRight.push(`${a.email}: sign-in right after the change answered ${s.answer}`);
    for (const s of a.sessions) {
      sessionsChecked++;
      const want = s.open ? '200' : '401';
      if (s.answer !== want)
        sessions.push(
          `${a.email}: a session opened with ${s.open ? 'the password in effect' : 'a replaced password'} answered ${s.answer}${s.how ? ` (${s.how})` : ''}`,
        );
    }
    const ackedOps = a.ops.filter((o) => ok(o.answer)).length;
    if (a.audited < ackedOps || a.audited !== a.stored)
      audit.push(`${a.email}: ${ackedOps} acknowledged, ${a.stored} stored, ${a.audited} in the audit trail`);
    // Each temporary password known from an answer mailed exactly once; as many mails as issues stored.
    mailsExpected += a.temporaryStored;
    for (const p of a.ops.filter((o) => o.kind !== 'change' && ok(o.answer) && o.password))
      if (a.mailed.filter((m) => m === p.password).length !== 1)
        mails.push(
          `${a.email}: the ${p.kind}'s temporary password mailed ${a.mailed.filter((m) => m === p.password).length} times`,
        );
    if (a.mailed.length !== a.temporaryStored)
      mails.push(`${a.email}: ${a.temporaryStored} temporary passwords issued, ${a.mailed.length} mailed`);
  }
  return {
    accounts: accounts.length,
    acked,
    cut,
    sessionsChecked,
    mailsExpected,
    wrongPasswords,
    refusedRight,
    sessions,
    audit,
    mails,
  };
}

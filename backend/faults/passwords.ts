import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Figure } from './figures.ts';
import type { Answer } from './http-client.ts';
import {
  type AccountFacts,
  expectedPasswords,
  type OpenedSession,
  type PasswordOp,
  passwordChecks,
  sessionStaysOpen,
} from './password-checks.ts';
import { sleep } from './shell.ts';
import type { Slice, SliceContext } from './slice.ts';
import { ask, statusOf } from './steady.ts';

const TEMP_SUBJECT = 'Your sign-in details';
const tallyOf = (xs: string[]) =>
  [...new Set(xs)].map((x) => `${x}×${xs.filter((y) => y === x).length}`).join(' ');
const PASSWORD_EVENTS = ['TemporaryPasswordIssued', 'UserPasswordChanged'];

interface AccountRun {
  email: string;
  userId: number;
  ops: PasswordOp[];
  sessions: OpenedSession[];
  afterAck: { password: string; answer: string }[];
}

/**
 * Password changes and admin resets under the faults, racing sign-ins with the passwords they replace and set
 * and the mail jobs of the temporary passwords. Accounts are made through the API one after another during
 * the load; each is reset by an admin at once (its creation's mail job still on its way), signed in with the
 * new temporary password, and changed to a chosen one (the reset's mail job on its way), every change sent
 * once with sign-ins at its side. A change refused or cut ends the account's run, and what it did is read
 * afterwards. Failed sign-ins are limited to 5 per account in 15 minutes (users/account-routes.ts): an
 * account's run fails at most 4, and the check afterwards one more.
 */
export function passwords(outboxDir: string, everyMs = 3_000): Slice {
  const accounts: AccountRun[] = [];
  /** Accounts whose creation was not acknowledged: the e-mail and the answer (a 503 must leave nothing). */
  const notMade: { email: string; answer: string }[] = [];
  let n = 0;

  /** A sign-in sent once; 401 allowed when the password may be one a change has just replaced or not yet set. */
  async function signIn(ctx: SliceContext, email: string, password: string, mayFail: boolean) {
    const answer = await ctx.http
      .call(
        'POST',
        '/api/auth/login',
        { email, password },
        10_000,
        { authorization: '' },
        mayFail ? ['401'] : [],
      )
      .catch((e: Error) => e);
    const token = answer instanceof Error ? undefined : (answer.body as { token?: string }).token;
    return { answer: statusOf(answer), token };
  }

  /**
   * The change sent once with sign-ins beside it, each after a random pause of up to 60 ms (a sign-in that reads
   * the credentials just before the change is stored and opens its session just after is the race looked
   * for, and where that falls depends on the machine's load); the sessions they opened, each
   * with when it was asked and answered against the change (for the report, should one outlive its password).
   */
  async function race(
    ctx: SliceContext,
    account: AccountRun,
    kind: PasswordOp['kind'],
    change: () => Promise<Answer | Error>,
    passwords: { password: string; which: string }[],
  ) {
    const from = Date.now();
    let changed = 0;
    const opened: (OpenedSession & { answeredAt: number; sentAt: number; which: string })[] = [];
    const signIns = passwords.map(async ({ password, which }) => {
      await sleep(Math.random() * 60);
      const sentAt = Date.now() - from;
      const r = await signIn(ctx, account.email, password, true);
      if (r.token) opened.push({ token: r.token, password, sentAt, answeredAt: Date.now() - from, which });
    });
    const [answer] = await Promise.all([
      change()
        .catch((e: Error) => e)
        .finally(() => {
          changed = Date.now() - from;
        }),
      ...signIns,
    ]);
    for (const { sentAt, answeredAt, which, ...session } of opened)
      account.sessions.push({
        ...session,
        how: `sign-in with the ${which} password sent at +${sentAt} ms, answered 200 at +${answeredAt} ms; the ${kind} answered ${statusOf(answer)} at +${changed} ms`,
      });
    return answer;
  }

  async function lifecycle(ctx: SliceContext, i: number) {
    const email = `pw-${ctx.runId}-${i}@example.org`;
    const made = await ask(
      ctx.http,
      'POST',
      '/api/auth/create-user',
      { email, firstName: 'Password', lastName: `${ctx.runId} ${i}`, role: 'user' },
      {},
      { once: true },
    );
    if (!made.ok) return void notMade.push({ email, answer: made.name });
    const body = (made.answer as Answer).body as { user: { id: number }; temporaryPassword: string };
    const account: AccountRun = { email, userId: body.user.id, ops: [], sessions: [], afterAck: [] };
    accounts.push(account);
    const first = body.temporaryPassword;
    account.ops.push({ kind: 'create', answer: made.name, password: first });

    // An admin's reset while the creation's mail job is on its way, beside a sign-in with the old password.
    await sleep(Math.random() * 400);
    const reset = await race(
      ctx,
      account,
      'reset',
      () => ctx.http.call('POST', '/api/auth/generate-temp-password', { userEmail: email }, 10_000, {}),
      [{ password: first, which: 'replaced' }],
    );
    const temporary =
      reset instanceof Error
        ? null
        : ((reset.body as { temporaryPassword?: string }).temporaryPassword ?? null);
    account.ops.push({ kind: 'reset', answer: statusOf(reset), password: temporary });
    if (!temporary) return;

    // The new temporary password signs in (retried while a fault lasts, as a person would).
    const signedIn = await ask(
      ctx.http,
      'POST',
      '/api/auth/login',
      { email, password: temporary },
      { authorization: '' },
    );
    account.afterAck.push({ password: temporary, answer: signedIn.name });
    const token = signedIn.ok ? ((signedIn.answer as Answer).body as { token: string }).token : null;
    if (!token) return;

    // The chosen password, while the reset's mail job is on its way, beside two sign-ins with the old password
    // and one with the new.
    const chosen = `pw-${randomBytes(6).toString('hex')}`;
    await sleep(Math.random() * 400);
    account.sessions.push({
      token,
      password: temporary,
      keeps: account.ops.length,
      how: 'the changing session',
    });
    const changed = await race(
      ctx,
      account,
      'change',
      () =>
        ctx.http.call(
          'POST',
          '/api/auth/change-password',
          { currentPassword: temporary, newPassword: chosen },
          10_000,
          { authorization: `Bearer ${token}` },
        ),
      [
        { password: temporary, which: 'replaced' },
        { password: temporary, which: 'replaced' },
        { password: chosen, which: 'new' },
      ],
    );
    account.ops.push({ kind: 'change', answer: statusOf(changed), password: chosen });
    if (statusOf(changed) !== '200') return;
    const after = await signIn(ctx, email, chosen, false);
    account.afterAck.push({ password: chosen, answer: after.answer });
    if (after.token)
      account.sessions.push({ token: after.token, password: chosen, how: 'sign-in after the change' });
  }

  /** The temporary passwords mailed to each of the accounts (the outbox's sign-in mails, read whole). */
  async function mailedPasswords(mails: { file: string; to: string; subject: string }[]) {
    const byEmail = new Map<string, string[]>();
    const ours = new Set(accounts.map((a) => a.email));
    for (const m of mails.filter((x) => x.subject === TEMP_SUBJECT && ours.has(x.to))) {
      const text = await readFile(join(outboxDir, m.file), 'utf8');
      const password = /Temporary password: (\S+)/.exec(text)?.[1] ?? '(not found in the mail)';
      byEmail.set(m.to, [...(byEmail.get(m.to) ?? []), password]);
    }
    return byEmail;
  }

  return {
    name: 'passwords',
    async during(ctx, _loadEnd, running) {
      while (running()) {
        await lifecycle(ctx, n++).catch((err: Error) =>
          ctx.log(`  passwords: account ${n} failed: ${err.stack}`),
        );
        await sleep(everyMs);
      }
    },
    async check(ctx, found) {
      const ids = accounts.map((a) => a.userId);
      const stored = await ctx.db.rows<{ user_id: number; type: string; n: string }>(
        `SELECT (data->>'userId')::int AS user_id, type, count(*) AS n FROM es_events
         WHERE type = ANY($1) AND stream_name = ANY($2) GROUP BY 1, 2`,
        [PASSWORD_EVENTS, ids.map((id) => `user-${id}`)],
      );
      const storedOf = (id: number, types = PASSWORD_EVENTS) =>
        stored.filter((r) => r.user_id === id && types.includes(r.type)).reduce((s, r) => s + Number(r.n), 0);
      const mailed = await mailedPasswords(found.outbox.mails);
      const facts: AccountFacts[] = [];
      for (const a of accounts) {
        const mine = mailed.get(a.email) ?? [];
        const expected = expectedPasswords(a.ops, storedOf(a.userId), mine);
        // The password in effect first: the one that must not work may be the account's fifth failure.
        const current = expected.current
          ? (await signIn(ctx, a.email, expected.current, false)).answer
          : null;
        const refused = expected.refused ? (await signIn(ctx, a.email, expected.refused, true)).answer : null;
        const sessions = [];
        for (const s of a.sessions) {
          const open = sessionStaysOpen(s, a.ops, expected);
          const answer = await ctx.http
            .call(
              'GET',
              '/api/auth/user',
              undefined,
              10_000,
              { authorization: `Bearer ${s.token}` },
              open ? [] : ['401'],
            )
            .catch((e: Error) => e);
          sessions.push({ password: s.password, open, answer: statusOf(answer), how: s.how });
        }
        const trail = await ask(ctx.http, 'GET', `/api/audit?stream=user-${a.userId}`);
        const audited = trail.ok
          ? ((trail.answer as Answer).body as { type: string }[]).filter((e) =>
              PASSWORD_EVENTS.includes(e.type),
            ).length
          : -1;
        facts.push({
          email: a.email,
          ops: a.ops,
          expected,
          afterAck: a.afterAck,
          sessions,
          current,
          refused,
          audited,
          stored: storedOf(a.userId),
          temporaryStored: storedOf(a.userId, ['TemporaryPasswordIssued']),
          mailed: mine,
        });
      }
      // A creation answered 503 (or never reached the api) left nothing: no credentials, no account events.
      const untouched = notMade.filter((x) => x.answer === '503' || x.answer === 'ECONNREFUSED');
      const leftBehind = await ctx.db.rows<{ email: string }>(
        `SELECT email FROM credentials WHERE email = ANY($1)
         UNION SELECT data->>'email' FROM es_events WHERE type = 'UserCreated' AND data->>'email' = ANY($1)`,
        [untouched.map((x) => x.email)],
      );
      const secrets = await ctx.db.rows<{ n: string }>('SELECT count(*) AS n FROM outgoing_secrets');
      const left = Number(secrets[0]?.n ?? -1);
      const c = passwordChecks(facts);
      const ops = accounts.flatMap((a) => a.ops);
      const answers = tallyOf(ops.map((o) => `${o.kind} ${o.answer}`));
      const figures: Figure[] = [
        {
          label: 'password changes (accounts made, ops)',
          value: `${c.accounts} accounts, ${ops.length} ops: ${answers}; ${c.cut} cut by a fault`,
        },
        {
          label: 'accounts not made left nothing',
          value: `${leftBehind.length} of ${untouched.length} left something (creations answered ${tallyOf(notMade.map((x) => x.answer)) || 'nothing else'})`,
          target: '0 (503: nothing was changed)',
          pass: leftBehind.length === 0,
        },
        {
          label: 'password in effect afterwards',
          value: `${c.wrongPasswords.length} wrong (of ${c.accounts}: the last change's works, the one before does not; a cut one either stored or not)`,
          target: '0 wrong, never both, never neither',
          pass: c.wrongPasswords.length === 0 && c.accounts > 0,
        },
        {
          label: 'right password refused after a change',
          value: String(c.refusedRight.length),
          target: '0',
          pass: c.refusedRight.length === 0,
        },
        {
          label: 'sessions after password changes',
          value: `${c.sessions.length} wrong of ${c.sessionsChecked} (open: the changer's and the new password's; ended: the rest)`,
          target: '0 wrong',
          pass: c.sessions.length === 0,
        },
        {
          label: 'password changes in the audit trail',
          value: `${c.acked} acknowledged, ${c.audit.length} accounts missing some`,
          target: 'every one',
          pass: c.audit.length === 0,
        },
        {
          label: 'temporary passwords mailed',
          value: `${c.mailsExpected} issued, ${c.mails.length} accounts wrong`,
          target: 'each once',
          pass: c.mails.length === 0,
        },
        {
          label: 'secrets left in outgoing_secrets',
          value: String(left),
          target: '0',
          pass: left === 0,
        },
      ];
      return {
        figures,
        details: [
          ...c.wrongPasswords.slice(0, 8).map((x) => `password: ${x}`),
          ...c.refusedRight.slice(0, 5).map((x) => `password: ${x}`),
          ...c.sessions.slice(0, 8).map((x) => `session: ${x}`),
          ...c.audit.slice(0, 5).map((x) => `audit: ${x}`),
          ...c.mails.slice(0, 5).map((x) => `temporary password mail: ${x}`),
          ...leftBehind.slice(0, 3).map((x) => `account refused but stored: ${x.email}`),
        ],
      };
    },
  };
}

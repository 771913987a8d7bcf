import { describe, expect, it } from 'vitest';
import {
  type AccountFacts,
  expectedPasswords,
  type PasswordOp,
  passwordChecks,
  sessionStaysOpen,
} from './password-checks.ts';

const op = (kind: PasswordOp['kind'], answer: string, password: string | null): PasswordOp => ({
  kind,
  answer,
  password,
});
const made = op('create', '201', 'T0');
const reset = op('reset', '200', 'T1');

describe('expectedPasswords', () => {
  it('wants the last acknowledged password to work and the one before it not to', () => {
    const e = expectedPasswords([made, reset, op('change', '200', 'P2')], 3, ['T0', 'T1']);
    expect(e).toEqual({ current: 'P2', refused: 'T1', lastStored: 2, unsettled: null, problems: [] });
  });

  it('a cut change stored: the new password works and the old does not; not stored: the other way round', () => {
    const cut = [made, reset, op('change', 'ECONNRESET', 'P2')];
    expect(expectedPasswords(cut, 3, [])).toMatchObject({ current: 'P2', refused: 'T1', lastStored: 2 });
    expect(expectedPasswords(cut, 2, [])).toMatchObject({ current: 'T1', refused: 'P2', lastStored: 1 });
  });

  it("a cut reset stored is known by its mail; not stored, the creation's password still works", () => {
    const cut = [made, op('reset', '503', null)];
    expect(expectedPasswords(cut, 2, ['T0', 'M1'])).toMatchObject({
      current: 'M1',
      refused: 'T0',
      problems: [],
    });
    expect(expectedPasswords(cut, 1, ['T0'])).toMatchObject({ current: 'T0', refused: null, problems: [] });
    expect(expectedPasswords(cut, 2, ['T0']).problems).toEqual([
      'reset stored after a cut answer, its password mailed nowhere',
    ]);
  });

  it('names an acknowledged change not stored, more stored than sent, and a refused change stored', () => {
    expect(expectedPasswords([made, reset], 1, []).problems).toEqual(['2 acknowledged, 1 stored']);
    expect(expectedPasswords([made, reset], 3, []).problems).toEqual(['2 sent, 3 stored']);
    expect(expectedPasswords([made, reset, op('change', '400', 'P2')], 3, []).problems).toEqual([
      'change refused (400) but stored',
    ]);
  });
});

describe('sessionStaysOpen', () => {
  it("keeps the changer's session and the new password's, ends those of replaced passwords", () => {
    const ops = [made, reset, op('change', '200', 'P2')];
    const e = expectedPasswords(ops, 3, []);
    expect(sessionStaysOpen({ token: 'a', password: 'T1', keeps: 2 }, ops, e)).toBe(true);
    expect(sessionStaysOpen({ token: 'b', password: 'T1' }, ops, e)).toBe(false);
    expect(sessionStaysOpen({ token: 'c', password: 'T0' }, ops, e)).toBe(false);
    expect(sessionStaysOpen({ token: 'd', password: 'P2' }, ops, e)).toBe(true);
    // The change was not stored: the old password's sessions all stay.
    const notStored = expectedPasswords([made, reset, op('change', '503', 'P2')], 2, []);
    expect(sessionStaysOpen({ token: 'b', password: 'T1' }, ops, notStored)).toBe(true);
  });
});

describe('passwordChecks', () => {
  const ops = [made, reset, op('change', '200', 'P2')];
  const account = (over: Partial<AccountFacts> = {}): AccountFacts => ({
    email: 'a@x',
    ops,
    expected: expectedPasswords(ops, 3, ['T0', 'T1']),
    afterAck: [{ password: 'T1', answer: '200' }],
    sessions: [{ password: 'T1', open: true, answer: '200' }],
    current: '200',
    refused: '401',
    audited: 3,
    stored: 3,
    temporaryStored: 2,
    mailed: ['T0', 'T1'],
    ...over,
  });

  it('passes an account whose passwords, sessions, trail and mails are as they should be', () => {
    const c = passwordChecks([account()]);
    expect(c).toMatchObject({ accounts: 1, acked: 3, cut: 0, sessionsChecked: 1, mailsExpected: 2 });
    expect([...c.wrongPasswords, ...c.refusedRight, ...c.sessions, ...c.audit, ...c.mails]).toEqual([]);
  });

  it('finds both passwords working, a right one refused, a session outliving its password, a gap in the trail, a mail twice', () => {
    const c = passwordChecks([
      account({
        refused: '200',
        afterAck: [{ password: 'T1', answer: '401' }],
        sessions: [{ password: 'T0', open: false, answer: '200' }],
        audited: 2,
        mailed: ['T0', 'T1', 'T1'],
      }),
    ]);
    expect(c.wrongPasswords).toEqual(['a@x: the password that must not work answered 200']);
    expect(c.refusedRight).toEqual(['a@x: sign-in right after the change answered 401']);
    expect(c.sessions).toEqual(['a@x: a session opened with a replaced password answered 200']);
    expect(c.audit).toEqual(['a@x: 3 acknowledged, 3 stored, 2 in the audit trail']);
    expect(c.mails).toEqual([
      "a@x: the reset's temporary password mailed 2 times",
      'a@x: 2 temporary passwords issued, 3 mailed',
    ]);
    expect(passwordChecks([account({ current: '401' })]).wrongPasswords).toEqual([
      'a@x: the password in effect answered 401',
    ]);
  });
});

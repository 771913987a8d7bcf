import type { TUserEvent } from '@app/contracts/events/users';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../platform/errors.ts';
import {
  changePassword,
  changeRole,
  createUser,
  deleteUser,
  evolveUser,
  initialUserState,
  issueTemporaryPassword,
  recordLogin,
  recordLogout,
  recordTemporaryPasswordMailed,
} from './decide.ts';

const given = (events: TUserEvent[]) => events.reduce(evolveUser, initialUserState);
const created: TUserEvent = {
  type: 'UserCreated',
  data: {
    userId: 5,
    email: 'a@b.co',
    firstName: 'Ann',
    lastName: 'Lee',
    role: 'user',
    mustChangePassword: true,
  },
};
const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e as DomainError;
  }
  throw new Error('expected a domain error');
};

describe('user decisions', () => {
  it('creates a user with a temporary password', () => {
    const events = createUser(given([]), {
      userId: 5,
      email: 'a@b.co',
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'user',
      temporaryPassword: true,
    });
    expect(events.map((e) => e.type)).toEqual(['UserCreated', 'TemporaryPasswordIssued']);
  });

  it('creates a user with a chosen password and nothing to mail', () => {
    const events = createUser(given([]), {
      userId: 5,
      email: 'a@b.co',
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'admin',
      temporaryPassword: false,
    });
    expect(events).toEqual([
      {
        type: 'UserCreated',
        data: {
          userId: 5,
          email: 'a@b.co',
          firstName: 'Ann',
          lastName: 'Lee',
          role: 'admin',
          mustChangePassword: false,
        },
      },
    ]);
  });

  it('refuses to create the same user twice', () => {
    const err = errorOf(() =>
      createUser(given([created]), {
        userId: 5,
        email: 'a@b.co',
        firstName: 'A',
        lastName: '',
        role: 'user',
        temporaryPassword: true,
      }),
    );
    expect(err.status).toBe(409);
  });

  it('changes a role and records from and to', () => {
    expect(changeRole(given([created]), { role: 'admin', actorId: 1 })).toEqual([
      { type: 'UserRoleChanged', data: { userId: 5, from: 'user', to: 'admin' } },
    ]);
  });

  it('does nothing when the role is already set', () => {
    expect(changeRole(given([created]), { role: 'user', actorId: 1 })).toEqual([]);
  });

  it('does not let an admin remove their own admin role', () => {
    const promoted: TUserEvent = {
      type: 'UserRoleChanged',
      data: { userId: 5, from: 'user', to: 'admin' },
    };
    const err = errorOf(() => changeRole(given([created, promoted]), { role: 'user', actorId: 5 }));
    expect([err.status, err.message]).toEqual([400, 'You cannot remove your own admin role.']);
  });

  it('never deletes oneself', () => {
    const err = errorOf(() => deleteUser(given([created]), { actorId: 5 }));
    expect([err.status, err.message]).toEqual([400, 'You cannot delete your own account.']);
  });

  it('deletes another user, after which the user is gone', () => {
    const events = deleteUser(given([created]), { actorId: 1 });
    expect(events).toEqual([{ type: 'UserDeleted', data: { userId: 5, email: 'a@b.co' } }]);
    expect(errorOf(() => changePassword(given([created, ...events]))).status).toBe(404);
  });

  it('records password changes and resets of an active user', () => {
    const state = given([created]);
    expect(changePassword(state)).toEqual([{ type: 'UserPasswordChanged', data: { userId: 5 } }]);
    expect(issueTemporaryPassword(state)).toEqual([
      { type: 'TemporaryPasswordIssued', data: { userId: 5, reason: 'reset' } },
    ]);
    expect(errorOf(() => changePassword(given([]))).status).toBe(404);
  });

  it('records sign-ins and sign-outs of the account its credentials name', () => {
    expect(recordLogin(5, { withTemporaryPassword: true })).toEqual([
      { type: 'UserLoggedIn', data: { userId: 5, withTemporaryPassword: true } },
    ]);
    expect(recordLogout(5)).toEqual([{ type: 'UserLoggedOut', data: { userId: 5 } }]);
  });

  it('reads bookkeeping stored in the account stream before it had a stream of its own', () => {
    const state = given([created]);
    const old: TUserEvent[] = [
      { type: 'UserLoggedIn', data: { userId: 5, withTemporaryPassword: true } },
      { type: 'TemporaryPasswordMailed', data: { userId: 5, to: 'a@b.co', messageId: '<m0>' } },
      { type: 'UserLoggedOut', data: { userId: 5 } },
    ];
    expect(given([created, ...old])).toEqual(state);
  });

  it('records a mailed temporary password, and nothing once the user is gone', () => {
    const mailed = { to: 'a@b.co', messageId: '<m1>' };
    expect(recordTemporaryPasswordMailed(given([created]), mailed)).toEqual([
      { type: 'TemporaryPasswordMailed', data: { userId: 5, ...mailed } },
    ]);
    const deleted: TUserEvent = { type: 'UserDeleted', data: { userId: 5, email: 'a@b.co' } };
    expect(recordTemporaryPasswordMailed(given([created, deleted]), mailed)).toEqual([]);
  });
});

import type { TUserEvent } from '@app/contracts/events/users';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../platform/errors.ts';
import { decideUser, evolveUser, initialUserState, type UserCommand } from './decide.ts';

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
const when = (events: TUserEvent[], command: UserCommand) => decideUser(given(events), command);
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
    const events = when([], {
      type: 'CreateUser',
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
    const events = when([], {
      type: 'CreateUser',
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
      when([created], {
        type: 'CreateUser',
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
    expect(when([created], { type: 'ChangeRole', userId: 5, role: 'admin', actorId: 1 })).toEqual([
      { type: 'UserRoleChanged', data: { userId: 5, from: 'user', to: 'admin' } },
    ]);
  });

  it('does nothing when the role is already set', () => {
    expect(when([created], { type: 'ChangeRole', userId: 5, role: 'user', actorId: 1 })).toEqual([]);
  });

  it('does not let an admin remove their own admin role', () => {
    const promoted: TUserEvent = {
      type: 'UserRoleChanged',
      data: { userId: 5, from: 'user', to: 'admin' },
    };
    const err = errorOf(() =>
      when([created, promoted], { type: 'ChangeRole', userId: 5, role: 'user', actorId: 5 }),
    );
    expect([err.status, err.message]).toEqual([400, 'You cannot remove your own admin role.']);
  });

  it('never deletes oneself', () => {
    const err = errorOf(() => when([created], { type: 'DeleteUser', userId: 5, actorId: 5 }));
    expect([err.status, err.message]).toEqual([400, 'You cannot delete your own account.']);
  });

  it('deletes another user, after which the user is gone', () => {
    const events = when([created], { type: 'DeleteUser', userId: 5, actorId: 1 });
    expect(events).toEqual([{ type: 'UserDeleted', data: { userId: 5, email: 'a@b.co' } }]);
    expect(errorOf(() => when([created, ...events], { type: 'ChangePassword', userId: 5 })).status).toBe(404);
  });
});

import type { TRole } from '@app/contracts/api/users';
import type { TUserEvent } from '@app/contracts/events/users';
import { conflict, invalid, notFound } from '../platform/errors.ts';

/**
 * A user account: its state, `evolve`, and one pure function per command. Passwords and sessions are
 * secrets kept outside the events; the handlers in `commands.ts` write them with the append (`records`).
 */
export const userStream = (id: number) => `user-${id}`;
/**
 * The account's bookkeeping that nobody edits (sign-ins, sign-outs, mailed temporary passwords): a stream of
 * its own, appended at any revision, so it never refuses an admin's change to `user-<id>` nor a sign-in on
 * another device. Such events stored in `user-<id>` before this stream existed are read there as before.
 */
export const userActivityStream = (id: number) => `user-activity-${id}`;

export type UserState =
  | { status: 'none' }
  | { status: 'active'; id: number; email: string; role: TRole; firstName: string; lastName: string }
  | { status: 'deleted'; id: number };

export const initialUserState: UserState = { status: 'none' };

export function evolveUser(state: UserState, event: TUserEvent): UserState {
  switch (event.type) {
    case 'UserCreated': {
      const { userId: id, email, role, firstName, lastName } = event.data;
      return { status: 'active', id, email, role, firstName, lastName };
    }
    case 'UserRenamed':
      return state.status === 'active'
        ? { ...state, firstName: event.data.firstName, lastName: event.data.lastName }
        : state;
    case 'UserRoleChanged':
      return state.status === 'active' ? { ...state, role: event.data.to } : state;
    case 'UserDeleted':
      return { status: 'deleted', id: event.data.userId };
    case 'UserPasswordChanged':
    case 'TemporaryPasswordIssued':
    case 'TemporaryPasswordMailed':
    case 'UserLoggedIn':
    case 'UserLoggedOut':
      return state;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export const userDecider = { initial: initialUserState, evolve: evolveUser };

function active(state: UserState) {
  if (state.status !== 'active') throw notFound('User not found');
  return state;
}

/** A new account; with a generated password, that password is to be mailed and replaced at first sign-in. */
export function createUser(
  state: UserState,
  command: {
    userId: number;
    email: string;
    firstName: string;
    lastName: string;
    role: TRole;
    temporaryPassword: boolean;
  },
): TUserEvent[] {
  if (state.status !== 'none') throw conflict('This user already exists.');
  const { userId, email, firstName, lastName, role, temporaryPassword } = command;
  const created: TUserEvent = {
    type: 'UserCreated',
    data: { userId, email, firstName, lastName, role, mustChangePassword: temporaryPassword },
  };
  if (!temporaryPassword) return [created];
  return [created, { type: 'TemporaryPasswordIssued', data: { userId, reason: 'account_created' } }];
}

/** A new name for the account (its client record was renamed); the same name records nothing. */
export function renameUser(state: UserState, name: { firstName: string; lastName: string }): TUserEvent[] {
  const user = active(state);
  if (user.firstName === name.firstName && user.lastName === name.lastName) return [];
  const previous = { firstName: user.firstName, lastName: user.lastName };
  return [{ type: 'UserRenamed', data: { userId: user.id, ...name, previous } }];
}

/** An admin never removes their own admin role; setting the role a user already has records nothing. */
export function changeRole(state: UserState, command: { role: TRole; actorId: number | null }): TUserEvent[] {
  const user = active(state);
  if (user.role === command.role) return [];
  if (command.actorId === user.id && user.role === 'admin') {
    throw invalid('You cannot remove your own admin role.', 'own_role');
  }
  return [{ type: 'UserRoleChanged', data: { userId: user.id, from: user.role, to: command.role } }];
}

export function deleteUser(state: UserState, command: { actorId: number | null }): TUserEvent[] {
  const user = active(state);
  if (command.actorId === user.id) throw invalid('You cannot delete your own account.', 'delete_self');
  return [{ type: 'UserDeleted', data: { userId: user.id, email: user.email } }];
}

export const issueTemporaryPassword = (state: UserState): TUserEvent[] => [
  { type: 'TemporaryPasswordIssued', data: { userId: active(state).id, reason: 'reset' } },
];

export const changePassword = (state: UserState): TUserEvent[] => [
  { type: 'UserPasswordChanged', data: { userId: active(state).id } },
];

/** A sign-in, decided on the account's credentials (which exist only while the account does). */
export const recordLogin = (userId: number, command: { withTemporaryPassword: boolean }): TUserEvent[] => [
  { type: 'UserLoggedIn', data: { userId, withTemporaryPassword: command.withTemporaryPassword } },
];

export const recordLogout = (userId: number): TUserEvent[] => [{ type: 'UserLoggedOut', data: { userId } }];

/** The mail job's outcome; a user deleted meanwhile has nothing left to record it on. */
export function recordTemporaryPasswordMailed(
  state: UserState,
  command: { to: string; messageId: string },
): TUserEvent[] {
  if (state.status !== 'active') return [];
  return [
    {
      type: 'TemporaryPasswordMailed',
      data: { userId: state.id, to: command.to, messageId: command.messageId },
    },
  ];
}

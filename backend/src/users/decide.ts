import type { TRole } from '@app/contracts/api/users';
import type { TUserEvent } from '@app/contracts/events/users';
import { conflict, invalid, notFound } from '../platform/errors.ts';

export const userStream = (id: number) => `user-${id}`;

export type UserState =
  | { status: 'none' }
  | { status: 'active'; id: number; email: string; role: TRole }
  | { status: 'deleted'; id: number };

export const initialUserState: UserState = { status: 'none' };

export function evolveUser(state: UserState, event: TUserEvent): UserState {
  switch (event.type) {
    case 'UserCreated':
      return { status: 'active', id: event.data.userId, email: event.data.email, role: event.data.role };
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

export type UserCommand =
  | {
      type: 'CreateUser';
      userId: number;
      email: string;
      firstName: string;
      lastName: string;
      role: TRole;
      /** A generated password the user must replace at first sign-in (and that is mailed to them). */
      temporaryPassword: boolean;
    }
  | { type: 'ChangeRole'; userId: number; role: TRole; actorId: number | null }
  | { type: 'DeleteUser'; userId: number; actorId: number | null }
  | { type: 'IssueTemporaryPassword'; userId: number }
  | { type: 'ChangePassword'; userId: number }
  | { type: 'RecordLogin'; userId: number; withTemporaryPassword: boolean }
  | { type: 'RecordLogout'; userId: number }
  | { type: 'RecordTemporaryPasswordMailed'; userId: number; to: string; messageId: string };

function active(state: UserState) {
  if (state.status !== 'active') throw notFound('User not found');
  return state;
}

/** Pure: the events a command produces from the user's current state, or a domain error. */
export function decideUser(state: UserState, command: UserCommand): TUserEvent[] {
  switch (command.type) {
    case 'CreateUser': {
      if (state.status !== 'none') throw conflict('This user already exists.');
      const { userId, email, firstName, lastName, role, temporaryPassword } = command;
      const created: TUserEvent = {
        type: 'UserCreated',
        data: { userId, email, firstName, lastName, role, mustChangePassword: temporaryPassword },
      };
      if (!temporaryPassword) return [created];
      return [created, { type: 'TemporaryPasswordIssued', data: { userId, reason: 'account_created' } }];
    }
    case 'ChangeRole': {
      const user = active(state);
      if (user.role === command.role) return [];
      if (command.actorId === user.id && user.role === 'admin') {
        throw invalid('You cannot remove your own admin role.', 'own_role');
      }
      return [{ type: 'UserRoleChanged', data: { userId: user.id, from: user.role, to: command.role } }];
    }
    case 'DeleteUser': {
      const user = active(state);
      if (command.actorId === user.id) throw invalid('You cannot delete your own account.', 'delete_self');
      return [{ type: 'UserDeleted', data: { userId: user.id, email: user.email } }];
    }
    case 'IssueTemporaryPassword':
      return [{ type: 'TemporaryPasswordIssued', data: { userId: active(state).id, reason: 'reset' } }];
    case 'ChangePassword':
      return [{ type: 'UserPasswordChanged', data: { userId: active(state).id } }];
    case 'RecordLogin':
      return [
        {
          type: 'UserLoggedIn',
          data: { userId: active(state).id, withTemporaryPassword: command.withTemporaryPassword },
        },
      ];
    case 'RecordLogout':
      return [{ type: 'UserLoggedOut', data: { userId: active(state).id } }];
    case 'RecordTemporaryPasswordMailed':
      if (state.status !== 'active') return [];
      return [
        {
          type: 'TemporaryPasswordMailed',
          data: { userId: state.id, to: command.to, messageId: command.messageId },
        },
      ];
    default: {
      const unhandled: never = command;
      return unhandled;
    }
  }
}

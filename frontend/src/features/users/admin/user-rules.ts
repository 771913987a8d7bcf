import type { TRole, TUser, TUserKind } from '@app/contracts/api/users';
import { showing } from '../../../lib/showing';

export type UserAction = 'make-admin' | 'remove-admin' | 'delete';

export const ROLE_LABELS: Record<TRole, string> = { admin: 'Admin', user: 'User', client: 'Client' };

/** How the Users view names each kind of account (its tabs list them apart). */
export const KIND_WORDS: Record<TUserKind, { title: string; plural: string }> = {
  staff: { title: 'Staff', plural: 'staff accounts' },
  client: { title: 'Clients', plural: 'client accounts' },
};

/** Under a page of one kind: how many are on screen of how many the list (with its search) holds. */
export const showingUsersText = (kind: TUserKind, shown: number, total: number, atLeast = false) =>
  showing(KIND_WORDS[kind].plural, KIND_WORDS[kind].plural)(shown, total, atLeast);

export const fullName = (user: Pick<TUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/** Make Admin for everyone who is not one; Remove Admin (back to 'user', spec part 2, 4) for admins. */
export const roleAction = (user: TUser): 'make-admin' | 'remove-admin' =>
  user.role === 'admin' ? 'remove-admin' : 'make-admin';
export const roleAfter = (action: 'make-admin' | 'remove-admin'): TRole =>
  action === 'make-admin' ? 'admin' : 'user';

/** Nobody deletes their own account or removes their own admin role (the server refuses both too). */
export function isAllowed(action: UserAction, user: TUser, currentUserId: number | undefined): boolean {
  if (user.id !== currentUserId) return true;
  return action === 'make-admin';
}

export type Confirmation = { title: string; message: string; confirmLabel: string; danger: boolean };

export function confirmationFor(action: UserAction, user: TUser): Confirmation {
  const who = `${fullName(user) || user.email} (${user.email})`;
  switch (action) {
    case 'make-admin':
      return {
        title: 'Make Admin',
        message: `Are you sure you want to make ${who} an admin? They will be able to manage everything in the back-office.`,
        confirmLabel: 'Make Admin',
        danger: false,
      };
    case 'remove-admin':
      return {
        title: 'Remove Admin',
        message: `Are you sure you want to remove admin rights from ${who}? They will no longer be able to open the back-office.`,
        confirmLabel: 'Remove Admin',
        danger: true,
      };
    case 'delete':
      return {
        title: 'Delete User',
        message: `Are you sure you want to delete ${who}? This action cannot be undone.`,
        confirmLabel: 'Delete',
        danger: true,
      };
    default: {
      const unhandled: never = action;
      return unhandled;
    }
  }
}

export type Problem = { title: string; description?: string };

/** Create admin: e-mail and first name are needed ('Missing Information', spec part 2, 5). */
export function newAdminProblem(form: { email: string; firstName: string }): Problem | null {
  return form.email.trim() && form.firstName.trim()
    ? null
    : { title: 'Missing Information', description: 'Please enter both email and name for the new admin' };
}

export const makeAdminProblem = (email: string): Problem | null =>
  email.trim()
    ? null
    : { title: 'Missing Email', description: 'Please enter the email address of the user.' };

export const tempPasswordProblem = (email: string): Problem | null =>
  email.trim() ? null : { title: 'Missing Email', description: 'Please enter a user email address' };

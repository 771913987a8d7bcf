import type { TUser } from '@app/contracts/api/users';
import { describe, expect, it } from 'vitest';
import {
  confirmationFor,
  fullName,
  isAllowed,
  makeAdminProblem,
  newAdminProblem,
  roleAction,
  roleAfter,
  showingUsersText,
  tempPasswordProblem,
} from './user-rules';

const user = (overrides: Partial<TUser> = {}): TUser => ({
  id: 5,
  firstName: 'Kim',
  lastName: 'Tanana',
  email: 'kim@example.com',
  role: 'client',
  createdAt: '2030-01-01T00:00:00.000Z',
  ...overrides,
});

describe('role actions', () => {
  it('offers Make Admin to users and clients and Remove Admin to admins, which makes them users', () => {
    expect(roleAction(user())).toBe('make-admin');
    expect(roleAction(user({ role: 'user' }))).toBe('make-admin');
    expect(roleAction(user({ role: 'admin' }))).toBe('remove-admin');
    expect(roleAfter('make-admin')).toBe('admin');
    expect(roleAfter('remove-admin')).toBe('user');
  });

  it('does not let the signed-in admin delete themselves or drop their own admin role', () => {
    const me = user({ id: 1, role: 'admin' });
    expect(isAllowed('delete', me, 1)).toBe(false);
    expect(isAllowed('remove-admin', me, 1)).toBe(false);
    expect(isAllowed('delete', me, 2)).toBe(true);
    expect(isAllowed('remove-admin', me, 2)).toBe(true);
  });
});

describe('confirmations', () => {
  it('ends the delete confirmation as the spec says', () => {
    const { message, confirmLabel, danger } = confirmationFor('delete', user());
    expect(message).toBe(
      'Are you sure you want to delete Kim Tanana (kim@example.com)? This action cannot be undone.',
    );
    expect(confirmLabel).toBe('Delete');
    expect(danger).toBe(true);
  });

  it('names the user in the role confirmations, by e-mail when there is no name', () => {
    expect(confirmationFor('make-admin', user()).message).toContain(
      'make Kim Tanana (kim@example.com) an admin',
    );
    expect(confirmationFor('remove-admin', user({ firstName: '', lastName: '' })).message).toContain(
      'from kim@example.com (kim@example.com)',
    );
  });

  it('joins names without stray spaces', () => {
    expect(fullName({ firstName: 'Kim', lastName: '' })).toBe('Kim');
  });
});

describe('form checks', () => {
  it('wants an e-mail and a name for a new admin', () => {
    expect(newAdminProblem({ email: ' ', firstName: 'Kim' })).toEqual({
      title: 'Missing Information',
      description: 'Please enter both email and name for the new admin',
    });
    expect(newAdminProblem({ email: 'a@b.co', firstName: '' })?.title).toBe('Missing Information');
    expect(newAdminProblem({ email: 'a@b.co', firstName: 'Kim' })).toBeNull();
  });

  it('wants an e-mail to make an admin or generate a temporary password', () => {
    expect(makeAdminProblem('')?.title).toBe('Missing Email');
    expect(tempPasswordProblem('  ')).toEqual({
      title: 'Missing Email',
      description: 'Please enter a user email address',
    });
    expect(tempPasswordProblem('a@b.co')).toBeNull();
  });
});

describe('the lists of staff and clients', () => {
  it('says how many of each kind are shown', () => {
    expect(showingUsersText('staff', 3, 3)).toBe('Showing 3 of 3 staff accounts');
    expect(showingUsersText('client', 24, 240)).toBe('Showing 24 of 240 client accounts');
  });
});

import type { TAccepted } from '@app/contracts/api/accepted';
import type { TRole, TUser, ZCreateUserResponse } from '@app/contracts/api/users';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { showAccepted } from '../../../lib/accepted';
import { apiRequest, isAccepted } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { fullName, ROLE_LABELS } from './user-rules';

type CreatedUser = z.infer<typeof ZCreateUserResponse>;

const USERS_KEYS = ['/api/users', '/api/users/admins'];

const refreshUsers = (queryClient: QueryClient) =>
  Promise.all(USERS_KEYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));

const nameOf = (user: TUser) => fullName(user) || user.email;

/** PUT /api/users/{id}/role (Make Admin, Remove Admin from the list). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, role }: { user: TUser; role: TRole }) =>
      apiRequest<TUser | TAccepted>('PUT', `/api/users/${user.id}/role`, { role }),
    onSuccess: (updated) => {
      if (isAccepted(updated)) return showAccepted(queryClient, updated, USERS_KEYS);
      toast({
        title: 'User role updated',
        description: `${nameOf(updated)} is now ${ROLE_LABELS[updated.role]}.`,
      });
      return refreshUsers(queryClient);
    },
    onError: (error) => callFailure(error, 'Failed to update user role'),
  });
}

/** PUT /api/users/email/{email}/role {role: 'admin'}: promote an existing account by e-mail. */
export function useMakeAdminByEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<TUser | TAccepted>('PUT', `/api/users/email/${encodeURIComponent(email)}/role`, {
        role: 'admin',
      }),
    onSuccess: (updated) => {
      if (isAccepted(updated)) return showAccepted(queryClient, updated, USERS_KEYS);
      toast({ title: 'User role updated', description: `${updated.email} is now an admin.` });
      return refreshUsers(queryClient);
    },
    onError: (error) => callFailure(error, 'Failed to update user role'),
  });
}

/** DELETE /api/users/{id}. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: TUser) => apiRequest('DELETE', `/api/users/${user.id}`),
    onSuccess: (_answer, user) => {
      toast({ title: 'User deleted', description: `${nameOf(user)} was deleted.` });
      return refreshUsers(queryClient);
    },
    onError: (error) => callFailure(error, 'Failed to delete user'),
  });
}

/** POST /api/users/create-admin: answers the new account and its temporary password (also mailed). */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; firstName: string; lastName: string }) =>
      apiRequest<CreatedUser>('POST', '/api/users/create-admin', body),
    onSuccess: (created) => {
      toast({ title: 'Admin user created', description: `${created.user.email} can now sign in.` });
      return refreshUsers(queryClient);
    },
    onError: (error) => callFailure(error, 'Failed to create admin user'),
  });
}

/** POST /api/auth/generate-temp-password {userEmail}: the new password is also mailed to the user. */
export function useGenerateTempPassword() {
  return useMutation({
    mutationFn: (userEmail: string) =>
      apiRequest<{ temporaryPassword: string }>('POST', '/api/auth/generate-temp-password', { userEmail }),
    onSuccess: () => toast({ title: 'Temporary password generated' }),
    onError: (error) => callFailure(error, 'Failed to generate temporary password'),
  });
}

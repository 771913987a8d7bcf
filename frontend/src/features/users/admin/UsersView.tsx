import type { TUser } from '@app/contracts/api/users';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSessionUser } from '../../../auth/use-session';
import { failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { ConfirmDialog } from './ConfirmDialog';
import { CreateAdminForm } from './CreateAdminForm';
import { MakeAdminForm } from './MakeAdminForm';
import { usersQuery } from './queries';
import { TempPasswordForm } from './TempPasswordForm';
import { UserList } from './UserList';
import { useChangeRole, useDeleteUser } from './user-actions';
import { confirmationFor, roleAfter, type UserAction } from './user-rules';

export function UsersView() {
  const users = useQuery(usersQuery);
  const me = useSessionUser();
  const [asking, setAsking] = useState<{ action: UserAction; user: TUser } | null>(null);
  const changeRole = useChangeRole();
  const deleteUser = useDeleteUser();
  const busy = changeRole.isPending || deleteUser.isPending;
  const list = users.data ?? [];

  const confirm = () => {
    if (!asking) return;
    const done = { onSettled: () => setAsking(null) };
    if (asking.action === 'delete') deleteUser.mutate(asking.user, done);
    else changeRole.mutate({ user: asking.user, role: roleAfter(asking.action) }, done);
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Users</h2>
        <p className="text-sm text-slate-700">
          Accounts that can sign in, and the administrators among them.
        </p>
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          {users.isPending ? (
            <div className="grid place-items-center py-12">
              <Spinner label="Loading users" />
            </div>
          ) : users.isError ? (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              <p>{failureText(users.error, 'Could not load users.')}</p>
              <Button variant="outline" className="mt-3" onClick={() => void users.refetch()}>
                Try Again
              </Button>
            </div>
          ) : list.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
              No users yet
            </p>
          ) : (
            <UserList
              users={list}
              currentUserId={me?.id}
              onAction={(action, user) => setAsking({ action, user })}
            />
          )}
        </div>
        <div className="space-y-4">
          <CreateAdminForm />
          <MakeAdminForm />
          <TempPasswordForm />
        </div>
      </div>

      <ConfirmDialog
        confirmation={asking ? confirmationFor(asking.action, asking.user) : null}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={confirm}
      />
    </div>
  );
}

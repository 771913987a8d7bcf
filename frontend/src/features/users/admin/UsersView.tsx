import type { TUser, TUserKind } from '@app/contracts/api/users';
import { useState } from 'react';
import { useSessionUser } from '../../../auth/use-session';
import { failureText } from '../../../lib/api';
import { useSettled } from '../../../lib/paged-list';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { PagedFooter } from '../../../ui/ShowMore';
import { Spinner } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { ConfirmDialog } from './ConfirmDialog';
import { CreateAdminForm } from './CreateAdminForm';
import { MakeAdminForm } from './MakeAdminForm';
import { useUserPages } from './queries';
import { TempPasswordForm } from './TempPasswordForm';
import { UserList } from './UserList';
import { useChangeRole, useDeleteUser } from './user-actions';
import { confirmationFor, KIND_WORDS, roleAfter, showingUsersText, type UserAction } from './user-rules';

type Ask = (action: UserAction, user: TUser) => void;

/**
 * The Users view: staff and clients apart (two tabs, staff first), each searched and paged on the server;
 * beside them the admin tools.
 */
export function UsersView() {
  const me = useSessionUser();
  const [search, setSearch] = useState('');
  const q = useSettled(search.trim());
  const [asking, setAsking] = useState<{ action: UserAction; user: TUser } | null>(null);
  const changeRole = useChangeRole();
  const deleteUser = useDeleteUser();
  const busy = changeRole.isPending || deleteUser.isPending;
  const ask: Ask = (action, user) => setAsking({ action, user });

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
          Accounts that can sign in: staff (and the administrators among them) and clients.
        </p>
      </div>

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-4">
          <div className="w-full sm:w-96">
            <TextField
              label="Search users"
              type="search"
              placeholder="Name or email"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Tabs
            label="Accounts"
            tabs={[
              {
                id: 'staff',
                label: 'Staff',
                panel: <UserPages kind="staff" q={q} currentUserId={me?.id} onAction={ask} />,
              },
              {
                id: 'clients',
                label: 'Clients',
                panel: <UserPages kind="client" q={q} currentUserId={me?.id} onAction={ask} />,
              },
            ]}
          />
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

/** One kind of account, a page at a time, with Show More and the total from the server. */
function UserPages({
  kind,
  q,
  currentUserId,
  onAction,
}: {
  kind: TUserKind;
  q: string;
  currentUserId: number | undefined;
  onAction: Ask;
}) {
  const users = useUserPages(kind, q);
  const words = KIND_WORDS[kind];
  if (users.isPending)
    return (
      <div className="grid place-items-center py-12">
        <Spinner label={`Loading ${words.plural}`} />
      </div>
    );
  if (users.isError)
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <p>{failureText(users.error, `Could not load ${words.plural}.`)}</p>
        <Button variant="outline" className="mt-3" onClick={() => void users.refetch()}>
          Try Again
        </Button>
      </div>
    );
  if (users.items.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
        {q ? `No ${words.plural} match "${q}"` : `No ${words.plural} yet`}
      </p>
    );
  return (
    <div className="space-y-4">
      <UserList label={words.title} users={users.items} currentUserId={currentUserId} onAction={onAction} />
      <PagedFooter
        list={users}
        shown={users.items.length}
        showing={(shown, total, atLeast) => showingUsersText(kind, shown, total, atLeast)}
        label={`Show More ${words.title}`}
      />
    </div>
  );
}

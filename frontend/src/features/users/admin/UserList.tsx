import type { TUser } from '@app/contracts/api/users';
import { formatInstant } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { fullName, isAllowed, ROLE_LABELS, roleAction, type UserAction } from './user-rules';

const ROLE_COLOURS: Record<TUser['role'], string> = {
  admin: 'bg-blue-100 text-blue-900',
  user: 'bg-slate-200 text-slate-800',
  client: 'bg-green-100 text-green-900',
};

export function UserList({
  label = 'Users',
  users,
  currentUserId,
  onAction,
}: {
  /** The list's accessible name (the Users view has one list of staff and one of clients). */
  label?: string;
  users: readonly TUser[];
  currentUserId: number | undefined;
  onAction: (action: UserAction, user: TUser) => void;
}) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label={label}>
      {users.map((user) => {
        const toggle = roleAction(user);
        const isMe = user.id === currentUserId;
        return (
          <li
            key={user.id}
            data-testid="user-row"
            className="flex flex-wrap items-center justify-between gap-3 p-4"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {fullName(user) || user.email}
                {isMe && <span className="ml-2 text-sm font-normal text-slate-700">(you)</span>}
              </p>
              <p className="truncate text-sm text-slate-700">{user.email}</p>
              <p className="text-xs text-slate-700">Since {formatInstant(user.createdAt)}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span
                data-testid="user-role"
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ROLE_COLOURS[user.role]}`}
              >
                {ROLE_LABELS[user.role]}
              </span>
              <Button
                variant="outline"
                disabled={!isAllowed(toggle, user, currentUserId)}
                onClick={() => onAction(toggle, user)}
              >
                {toggle === 'make-admin' ? 'Make Admin' : 'Remove Admin'}
              </Button>
              <Button
                variant="danger"
                disabled={!isAllowed('delete', user, currentUserId)}
                onClick={() => onAction('delete', user)}
              >
                Delete
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

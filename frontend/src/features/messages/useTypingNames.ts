import type { TMessage } from '@app/contracts/api/messages';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { adminsQuery } from './api';
import { senderName } from './thread';

/**
 * The names of the people typing, from what is at hand: the thread's senders, then the team list (only
 * staff read it): else 'Client' for staff, 'Support' for a client.
 */
export function useTypingNames(
  userIds: readonly number[] | undefined,
  messages: readonly TMessage[] | undefined,
  staff = false,
): string[] {
  const admins = useQuery({ ...adminsQuery, enabled: staff && (userIds?.length ?? 0) > 0 });
  return useMemo(
    () =>
      (userIds ?? []).map((id) => {
        const written = messages?.findLast((message) => message.senderId === id);
        if (written) return senderName(written);
        const admin = admins.data?.find((user) => user.id === id);
        if (admin) return `${admin.firstName} ${admin.lastName}`;
        return staff ? 'Client' : 'Support';
      }),
    [userIds, messages, admins.data, staff],
  );
}

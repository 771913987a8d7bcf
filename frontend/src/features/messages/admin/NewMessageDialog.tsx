import type { TSendInternalMessageBody } from '@app/contracts/api/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SessionUser } from '../../../auth/session';
import { isAccepted } from '../../../lib/api';
import { Dialog } from '../../../ui/Dialog';
import { adminsQuery, messagingClientsQuery, useSendInternalMessage } from '../api';
import { MessageComposer } from '../MessageComposer';
import { parseRecipient, recipientBody } from './recipient';

/**
 * New Message (spec part 2, section 2.4c): a recipient from Clients or Team Members (not oneself) and the
 * first message. Send is disabled without a recipient, with empty text, or while sending.
 */
export function NewMessageDialog({
  open,
  onClose,
  user,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  user: SessionUser;
  onSent: (conversationId: string) => void;
}) {
  const selectId = useId();
  const [to, setTo] = useState('');
  const clients = useQuery({ ...messagingClientsQuery, enabled: open });
  const admins = useQuery({ ...adminsQuery, enabled: open });
  const send = useSendInternalMessage(user.id);
  const team = (admins.data ?? []).filter((admin) => admin.id !== user.id);
  const recipient = parseRecipient(to);

  return (
    <Dialog open={open} onClose={onClose} title="New Message">
      <div className="space-y-3">
        <label htmlFor={selectId} className="block text-sm font-medium text-slate-900">
          To
        </label>
        <select
          id={selectId}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          <option value="">Choose a recipient</option>
          <optgroup label="Clients">
            {clients.data?.map((client) => (
              <option key={client.id} value={`client:${client.id}`}>
                {client.name} ({client.email})
              </option>
            ))}
          </optgroup>
          <optgroup label="Team Members">
            {team.map((admin) => (
              <option key={admin.id} value={`user:${admin.id}`}>
                {admin.firstName} {admin.lastName} ({admin.email})
              </option>
            ))}
          </optgroup>
        </select>
        <div className="rounded-md border border-slate-200">
          <MessageComposer
            conversationId={null}
            disabled={recipient === null}
            sending={send.isPending}
            onSend={async (content) => {
              if (!recipient) return false;
              try {
                const body: TSendInternalMessageBody = { content, ...recipientBody(recipient) };
                const answer = await send.mutateAsync(body);
                setTo('');
                onClose();
                if (!isAccepted(answer)) onSent(answer.conversationId);
                return true;
              } catch {
                return false;
              }
            }}
          />
        </div>
      </div>
    </Dialog>
  );
}

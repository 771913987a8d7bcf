import type { TSendInternalMessageBody } from '@app/contracts/api/messages';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SessionUser } from '../../../auth/session';
import { isAccepted } from '../../../lib/api';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/Field';
import { ClientPicker } from '../../clients/ClientPicker';
import { adminsQuery, useSendInternalMessage } from '../api';
import { MessageComposer } from '../MessageComposer';
import { parseRecipient, type Recipient, recipientBody } from './recipient';

/** The recipients' two groups (spec part 2, section 2.4c). */
const GROUPS: [Recipient['kind'], string][] = [
  ['client', 'Clients'],
  ['user', 'Team Members'],
];

/**
 * New Message (spec part 2, section 2.4c): a recipient from Clients (found by typing: there may be thousands)
 * or Team Members (not oneself; few, so listed) and the first message. Send is disabled without a recipient,
 * with empty text, or while sending.
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
  const groupName = useId();
  const [group, setGroup] = useState<Recipient['kind']>('client');
  const [to, setTo] = useState('');
  const admins = useQuery({ ...adminsQuery, enabled: open });
  const send = useSendInternalMessage(user.id);
  const team = (admins.data ?? []).filter((admin) => admin.id !== user.id);
  const recipient = parseRecipient(to);
  const chooseGroup = (kind: Recipient['kind']) => {
    setGroup(kind);
    setTo('');
  };

  return (
    <Dialog open={open} onClose={onClose} title="New Message">
      <div className="space-y-3">
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">To</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {GROUPS.map(([kind, label]) => (
              <label key={kind} className="flex items-center gap-2 text-sm text-slate-900">
                <input
                  type="radio"
                  name={groupName}
                  className="size-4 accent-blue-700"
                  checked={group === kind}
                  onChange={() => chooseGroup(kind)}
                />
                {label}
              </label>
            ))}
          </div>
          {group === 'client' ? (
            <ClientPicker
              clientId={recipient?.kind === 'client' ? recipient.id : null}
              onChange={(client) => setTo(client ? `client:${client.id}` : '')}
            />
          ) : admins.isSuccess && team.length === 0 ? (
            <p className="text-sm text-slate-700">No other team members to write to.</p>
          ) : (
            <SelectField
              label="Team member"
              placeholder={admins.isPending ? 'Loading team members...' : 'Choose a team member'}
              options={team.map((admin) => ({
                value: `user:${admin.id}`,
                label: `${admin.firstName} ${admin.lastName} (${admin.email})`,
              }))}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          )}
        </fieldset>
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
                chooseGroup('client');
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

import type { TClient } from '@app/contracts/api/clients';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useEditCopy } from '../../../lib/edit-copy';
import { staleMessage } from '../../../lib/stale-copy';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { StaleCopyNotice } from '../../../ui/StaleCopyNotice';
import { ClientFields, SaveProblem } from './ClientFields';
import { type ClientDraft, checkClient, draftOf, type FieldErrors } from './entry-form';
import { CLIENT_FIELD_WORDS, clientQuery } from './queries';
import { useUpdateClient } from './update-client';

export function EditClientDialog({ client, onClose }: { client: TClient | null; onClose: () => void }) {
  return (
    <Dialog open={client !== null} onClose={onClose} title="Edit Client">
      {client && <EditClientForm key={client.id} client={client} onDone={onClose} />}
    </Dialog>
  );
}

/**
 * Kept as typed when the save fails, so nothing has to be typed again. The save carries the version the form
 * was filled from: when someone else changed the client meanwhile, it is refused and Reload shows their change.
 */
function EditClientForm({ client, onDone }: { client: TClient; onDone: () => void }) {
  const queryClient = useQueryClient();
  const copy = useEditCopy(client, draftOf);
  const { draft, setDraft } = copy;
  const [errors, setErrors] = useState<FieldErrors<keyof ClientDraft>>({});
  const update = useUpdateClient();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkClient(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok)
      update.mutate(
        { id: client.id, body: checked.body, version: copy.base.version },
        { onSuccess: onDone, onError: copy.failed },
      );
  };
  const reload = async () => {
    copy.reloadFrom(await queryClient.fetchQuery(clientQuery(client.id)));
    update.reset();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ClientFields
        draft={draft}
        errors={errors}
        onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
      />
      {copy.stale ? (
        <StaleCopyNotice
          message={staleMessage('client', copy.stale.changed, CLIENT_FIELD_WORDS)}
          onReload={reload}
        />
      ) : (
        <SaveProblem error={update.error} title="Failed to update client" />
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

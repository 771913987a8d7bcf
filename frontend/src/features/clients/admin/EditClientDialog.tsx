import type { TClient } from '@app/contracts/api/clients';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ClientFields, SaveProblem } from './ClientFields';
import { type ClientDraft, checkClient, draftOf, type FieldErrors } from './entry-form';
import { useUpdateClient } from './update-client';

export function EditClientDialog({ client, onClose }: { client: TClient | null; onClose: () => void }) {
  return (
    <Dialog open={client !== null} onClose={onClose} title="Edit Client">
      {client && <EditClientForm key={client.id} client={client} onDone={onClose} />}
    </Dialog>
  );
}

/** Kept as typed when the save fails, so nothing has to be typed again. */
function EditClientForm({ client, onDone }: { client: TClient; onDone: () => void }) {
  const [draft, setDraft] = useState<ClientDraft>(() => draftOf(client));
  const [errors, setErrors] = useState<FieldErrors<keyof ClientDraft>>({});
  const update = useUpdateClient();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkClient(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) update.mutate({ id: client.id, body: checked.body }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ClientFields
        draft={draft}
        errors={errors}
        onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
      />
      <SaveProblem error={update.error} title="Failed to update client" />
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

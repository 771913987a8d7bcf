import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../ui/Button';
import { CopyableSecret } from '../../../ui/CopyableSecret';
import { Dialog } from '../../../ui/Dialog';
import { SelectField } from '../../../ui/Field';
import { toast } from '../../../ui/toast-store';
import { ClientFields, FieldError, SaveProblem } from './ClientFields';
import { type CreatedEntry, useCreateEntry } from './create-entry';
import { checkEntry, EMPTY_ENTRY, type EntryDraft, type FieldErrors } from './entry-form';

const TYPE_OPTIONS = [
  { value: 'client', label: 'Client' },
  { value: 'user', label: 'User' },
];

/** Add New Entry: the form, then (for a new account) its temporary password, shown this once. */
export function AddEntryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedEntry | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add New Entry"
      description={created ? undefined : 'A client appears under Clients, a user under Users.'}
      dismissible={created === null}
    >
      {created?.temporaryPassword ? (
        <TemporaryPasswordNotice
          created={created}
          temporaryPassword={created.temporaryPassword}
          onDone={close}
        />
      ) : (
        <EntryForm
          onCancel={close}
          onCreated={(entry) => {
            toast({
              title: entry.client ? 'Client added' : 'User added',
              description: `${entry.client?.name ?? entry.user?.email} was added.`,
            });
            if (entry.temporaryPassword) setCreated(entry);
            else close();
          }}
        />
      )}
    </Dialog>
  );
}

function EntryForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (entry: CreatedEntry) => void;
}) {
  const [draft, setDraft] = useState<EntryDraft>(EMPTY_ENTRY);
  const [errors, setErrors] = useState<FieldErrors<keyof EntryDraft>>({});
  const create = useCreateEntry();
  const typeErrorId = useId();
  const change = (next: Partial<EntryDraft>) => setDraft((current) => ({ ...current, ...next }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkEntry(draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) create.mutate(checked.body, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <ClientFields draft={draft} errors={errors} onChange={change} />
      <div>
        <SelectField
          label="Entry type *"
          name="userType"
          options={TYPE_OPTIONS}
          placeholder="Select client or user"
          value={draft.userType}
          aria-invalid={errors.userType ? true : undefined}
          aria-describedby={errors.userType ? typeErrorId : undefined}
          onChange={(event) => change({ userType: event.target.value as EntryDraft['userType'] })}
        />
        {errors.userType && <FieldError id={typeErrorId}>{errors.userType}</FieldError>}
      </div>
      {draft.userType === 'client' && (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="portalAccess"
            checked={draft.portalAccess}
            onChange={(event) => change({ portalAccess: event.target.checked })}
            className="mt-0.5 size-4 accent-blue-700"
          />
          <span>
            Give portal access
            <span className="block text-xs text-slate-600">
              Creates a sign-in account and e-mails a temporary password.
            </span>
          </span>
        </label>
      )}
      <SaveProblem error={create.error} title="Failed to create entry" />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding...' : 'Add Entry'}
        </Button>
      </div>
    </form>
  );
}

function TemporaryPasswordNotice({
  created,
  temporaryPassword,
  onDone,
}: {
  created: CreatedEntry;
  temporaryPassword: string;
  onDone: () => void;
}) {
  const email = created.user?.email ?? created.client?.email;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-800">
        A sign-in account was created for <strong>{email}</strong>. This temporary password is shown only
        once; it was also e-mailed to {email}. It must be replaced at the first sign-in.
      </p>
      <CopyableSecret label="Temporary password" value={temporaryPassword} />
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { CopyableSecret } from '../../../ui/CopyableSecret';
import { TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { ToolCard } from './ToolCard';
import { useCreateAdmin } from './user-actions';
import { newAdminProblem } from './user-rules';

const EMPTY = { email: '', firstName: '', lastName: '' };

export function CreateAdminForm() {
  const [form, setForm] = useState(EMPTY);
  const [marked, setMarked] = useState<{ email: boolean; firstName: boolean; text?: string } | null>(null);
  const [issued, setIssued] = useState<{ email: string; password: string } | null>(null);
  const create = useCreateAdmin();
  const set = (key: keyof typeof EMPTY) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setMarked((m) => (m ? { ...m, [key]: false } : m));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = newAdminProblem(form);
    setMarked(
      problem
        ? { email: !form.email.trim(), firstName: !form.firstName.trim(), text: problem.description }
        : null,
    );
    if (problem) return errorToast(problem.title, problem.description);
    const body = {
      email: form.email.trim(),
      firstName: form.firstName.trim(),
      lastName: form.lastName.trim(),
    };
    create.mutate(body, {
      onSuccess: (created) => {
        setForm(EMPTY);
        setIssued({ email: created.user.email, password: created.temporaryPassword });
      },
    });
  };

  return (
    <ToolCard title="Create Admin" description="A new administrator account with a temporary password.">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <TextField
          label="Admin email"
          type="email"
          autoComplete="off"
          value={form.email}
          error={marked?.email ? marked.text : null}
          onChange={(e) => set('email')(e.target.value)}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            label="First name"
            value={form.firstName}
            error={marked?.firstName ? marked.text : null}
            onChange={(e) => set('firstName')(e.target.value)}
          />
          <TextField
            label="Last name"
            value={form.lastName}
            onChange={(e) => set('lastName')(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create Admin'}
        </Button>
      </form>
      {issued && (
        <div className="mt-4 space-y-2 rounded-md bg-slate-50 p-3">
          <CopyableSecret label={`Temporary password for ${issued.email}`} value={issued.password} />
          <p className="text-xs text-slate-700">Shown once; it was also e-mailed to {issued.email}.</p>
        </div>
      )}
    </ToolCard>
  );
}

import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { CopyableSecret } from '../../../ui/CopyableSecret';
import { TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { ToolCard } from './ToolCard';
import { useGenerateTempPassword } from './user-actions';
import { tempPasswordProblem } from './user-rules';

export function TempPasswordForm() {
  const [email, setEmail] = useState('');
  const [marked, setMarked] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ email: string; password: string } | null>(null);
  const generate = useGenerateTempPassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = tempPasswordProblem(email);
    setMarked(problem?.description ?? null);
    if (problem) return errorToast(problem.title, problem.description);
    const userEmail = email.trim();
    generate.mutate(userEmail, {
      onSuccess: ({ temporaryPassword }) => {
        setEmail('');
        setIssued({ email: userEmail, password: temporaryPassword });
      },
    });
  };

  return (
    <ToolCard
      title="Generate Temporary Password"
      description="For a user or client who cannot sign in; they choose a new one at sign-in."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <TextField
          label="User email"
          type="email"
          autoComplete="off"
          value={email}
          error={marked}
          onChange={(e) => {
            setEmail(e.target.value);
            setMarked(null);
          }}
        />
        <Button type="submit" disabled={generate.isPending}>
          {generate.isPending ? 'Generating...' : 'Generate Temporary Password'}
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

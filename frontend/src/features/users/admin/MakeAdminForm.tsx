import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { ToolCard } from './ToolCard';
import { useMakeAdminByEmail } from './user-actions';
import { makeAdminProblem } from './user-rules';

export function MakeAdminForm() {
  const [email, setEmail] = useState('');
  const [marked, setMarked] = useState<string | null>(null);
  const promote = useMakeAdminByEmail();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problem = makeAdminProblem(email);
    setMarked(problem?.description ?? null);
    if (problem) return errorToast(problem.title, problem.description);
    promote.mutate(email.trim(), { onSuccess: () => setEmail('') });
  };

  return (
    <ToolCard title="Make Existing User Admin" description="Give an existing account admin rights by e-mail.">
      <form onSubmit={onSubmit} noValidate className="space-y-3">
        <TextField
          label="Existing user email"
          type="email"
          autoComplete="off"
          value={email}
          error={marked}
          onChange={(e) => {
            setEmail(e.target.value);
            setMarked(null);
          }}
        />
        <Button type="submit" disabled={promote.isPending}>
          {promote.isPending ? 'Saving...' : 'Make Admin'}
        </Button>
      </form>
    </ToolCard>
  );
}

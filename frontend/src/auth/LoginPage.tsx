import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { failureText } from '../lib/api';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { inputClass, TextField } from '../ui/Field';
import { errorToast, toast } from '../ui/toast-store';
import { abandonSession, changePassword, keepSession, type LoginAnswer, logIn } from './actions';
import { newPasswordProblem } from './password-rules';
import { homeAfterSignIn } from './session';

const REDIRECT_DELAY_MS = 100;

export function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [pendingChange, setPendingChange] = useState<PendingChange | null>(null);
  useAbandonOnLeave(pendingChange?.answer.token);
  const passwordId = useId();
  const failureId = useId();
  const [failure, setFailure] = useState<string | null>(null);

  const welcome = (user: LoginAnswer['user']) => {
    toast({ title: 'Login successful', description: `Welcome back, ${user.firstName}!` });
    setTimeout(() => navigate({ to: homeAfterSignIn(user) }), REDIRECT_DELAY_MS);
  };

  const login = useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      logIn(queryClient, credentials.email, credentials.password),
    onSuccess: (answer, credentials) => {
      if (answer.needsPasswordChange) {
        toast({
          title: 'Password Change Required',
          description: 'Please create a new password to continue.',
        });
        setPendingChange({ answer, currentPassword: credentials.password });
        return;
      }
      welcome(answer.user);
    },
    onError: (error) => {
      const text = failureText(error, 'Please check your credentials and try again.');
      setFailure(text);
      errorToast('Login failed', text);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password)
      return errorToast('Missing Information', 'Please enter both email and password.');
    login.mutate({ email, password });
  };

  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Sign In</h1>
        <p className="mt-1 text-sm text-slate-700">Contact your administrator for login credentials</p>
        <form onSubmit={onSubmit} className="mt-6 space-y-4">
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <div>
            <label htmlFor={passwordId} className="block text-sm font-medium text-slate-800">
              Password
            </label>
            <div className="relative">
              <input
                id={passwordId}
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                className={`${inputClass} pr-16`}
                value={password}
                aria-invalid={failure ? true : undefined}
                aria-describedby={failure ? failureId : undefined}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setFailure(null);
                }}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                className="absolute inset-y-0 right-0 mt-1 px-3 text-sm font-medium text-blue-800 focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                {showPassword ? 'Hide' : 'Show'}
              </button>
            </div>
            {failure && (
              <p id={failureId} className="mt-1 text-sm text-red-700">
                {failure}
              </p>
            )}
          </div>
          <Button type="submit" className="w-full" disabled={!email || !password || login.isPending}>
            {login.isPending ? 'Signing In...' : 'Sign In'}
          </Button>
        </form>
        <Link to="/" className="mt-6 inline-block text-sm text-blue-800 underline">
          Back to the home page
        </Link>
      </div>
      <NewPasswordDialog
        pending={pendingChange}
        onDone={() => {
          // The session that changed the password goes on, free to work: no second sign-in.
          if (!pendingChange) return;
          setPendingChange(null);
          keepSession(queryClient, pendingChange.answer);
          welcome(pendingChange.answer.user);
        }}
      />
    </main>
  );
}

type PendingChange = { answer: LoginAnswer; currentPassword: string };

/** A temporary-password session ends when its box is left without a new password (page closed or left). */
function useAbandonOnLeave(token: string | undefined) {
  useEffect(() => {
    if (!token) return;
    const onPageHide = () => abandonSession(token);
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [token]);
}

function NewPasswordDialog({ pending, onDone }: { pending: PendingChange | null; onDone: () => void }) {
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof newPasswordProblem>>(null);
  const update = useMutation({
    mutationFn: () =>
      changePassword(pending?.answer.token ?? '', pending?.currentPassword ?? '', newPassword),
    onSuccess: () => {
      toast({
        title: 'Password Updated',
        description: 'Your password has been updated successfully. Logging you in...',
      });
      setNewPassword('');
      setConfirmation('');
      onDone();
    },
    onError: (error) =>
      errorToast('Password Change Failed', failureText(error, 'Failed to update password.')),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblem(newPassword, confirmation);
    setProblem(found);
    if (found) return errorToast(found.title, found.description);
    update.mutate();
  };

  return (
    <Dialog
      open={pending !== null}
      onClose={() => undefined}
      dismissible={false}
      title="Create New Password"
      description="You signed in with a temporary password. Choose a new password to continue."
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          error={problem?.field === 'newPassword' ? problem.description : null}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          error={problem?.field === 'confirmation' ? problem.description : null}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <Button type="submit" className="w-full" disabled={update.isPending}>
          {update.isPending ? 'Updating Password...' : 'Update Password'}
        </Button>
      </form>
    </Dialog>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { logOut } from '../auth/actions';
import { Button } from '../ui/Button';

export function AccessDenied() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <main className="grid min-h-screen place-items-center bg-slate-50 p-6 text-center">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">
          Access Denied - This portal is for clients only.
        </h1>
        <Button className="mt-6" onClick={() => logOut(queryClient, () => navigate({ to: '/login' }))}>
          Logout
        </Button>
      </div>
    </main>
  );
}

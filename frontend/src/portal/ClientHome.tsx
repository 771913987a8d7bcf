import { isAdmin } from '../auth/session';
import { useSessionUser } from '../auth/use-session';
import { PublicLayout } from '../public/PublicLayout';
import { AccessDenied } from './AccessDenied';

/** The client's landing page after sign-in. */
export function ClientHome() {
  const user = useSessionUser();
  if (!user) return null;
  if (isAdmin(user)) return <AccessDenied />;
  return (
    <PublicLayout>
      <div className="mx-auto max-w-4xl px-4 py-16">
        <h1 className="text-3xl font-bold">Welcome, {user.firstName}</h1>
        <p className="mt-2 text-slate-700">Client Portal for {user.email}</p>
      </div>
    </PublicLayout>
  );
}

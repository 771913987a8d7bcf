import { isAdmin } from '../auth/session';
import { useSessionUser } from '../auth/use-session';
import { AccessDenied } from './AccessDenied';
import { ClientPortal } from './ClientPortal';

/** /client: the client dashboard; an admin is told the portal is for clients only. */
export function ClientHome() {
  const user = useSessionUser();
  if (!user) return null;
  if (isAdmin(user)) return <AccessDenied />;
  return <ClientPortal user={user} />;
}

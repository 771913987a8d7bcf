/**
 * `/admin/client-portal?clientId=N`: a positive whole number; null when the address has a clientId that is
 * not one (`abc`); undefined when it has none. Every key is answered, even when unset: the router keeps
 * raw search values a validator leaves out.
 */
export function parsePortalSearch(search: Record<string, unknown>): { clientId?: number | null } {
  const raw = search.clientId;
  if (raw === undefined || raw === '') return { clientId: undefined };
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return { clientId: Number.isSafeInteger(id) && id > 0 ? id : null };
}

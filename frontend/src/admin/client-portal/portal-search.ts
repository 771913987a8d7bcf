/** `/admin/client-portal?clientId=N`: a positive whole number, or no client id at all. */
export function parsePortalSearch(search: Record<string, unknown>): { clientId?: number } {
  const raw = search.clientId;
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? { clientId: id } : {};
}

export function ClientsView() {
  return null;
}

export function DashboardView() {
  return null;
}

import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AdminDashboard } from '../../../admin/AdminDashboard';
import { parseAdminSearch } from '../../../admin/views';
import { type CalendarReturn, calendarReturnOf } from '../../../features/calendar/calendar-return';
import { useCalendarReturnToast } from '../../../features/calendar/settings-return';

export const Route = createFileRoute('/_admin/admin/')({
  // `calendar`: the Google consent's return (connected or error), told once and then removed.
  validateSearch: (
    search: Record<string, unknown>,
  ): ReturnType<typeof parseAdminSearch> & {
    calendar?: CalendarReturn;
  } => ({ ...parseAdminSearch(search), calendar: calendarReturnOf(search.calendar) }),
  component: AdminPage,
});

function AdminPage() {
  const { calendar } = Route.useSearch();
  const navigate = Route.useNavigate();
  const clear = useCallback(
    () => void navigate({ search: (previous) => ({ ...previous, calendar: undefined }), replace: true }),
    [navigate],
  );
  useCalendarReturnToast(calendar, clear);
  return <AdminDashboard />;
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ComponentType, useEffect, useState } from 'react';
import { logOut } from '../auth/actions';
import { useSessionUser } from '../auth/use-session';
import { DashboardView } from '../features/dashboard/admin/DashboardView';
import { useMessagingSocket } from '../features/messages/useMessagingSocket';
import { settingsQuery } from '../features/settings/settings-query';
import { buttonClass } from '../ui/Button';
import { Drawer } from '../ui/Drawer';
import { LazyPanel, lazyNamed } from '../ui/lazy';
import { useAdminLiveUpdates } from './live';
import { type AdminViewId, chooseView, LANDED_VIEWS, VIEW_STORAGE_KEY } from './views';

// The Dashboard is the view the back office opens on; every other view's code (the calendar, the project
// and client pickers, the form builder...) arrives when it is first chosen.
const ScheduleView = lazyNamed(() => import('../features/calendar/admin/ScheduleView'), 'ScheduleView');
const ClientsView = lazyNamed(() => import('../features/clients/admin/ClientsView'), 'ClientsView');
const ConsultationsView = lazyNamed(
  () => import('../features/consultations/admin/ConsultationsView'),
  'ConsultationsView',
);
const ContentView = lazyNamed(() => import('../features/content/admin/ContentView'), 'ContentView');
const DocumentsView = lazyNamed(() => import('../features/documents/admin/DocumentsView'), 'DocumentsView');
const AllEstimatesView = lazyNamed(
  () => import('../features/estimates/admin/AllEstimatesView'),
  'AllEstimatesView',
);
const PaymentsView = lazyNamed(() => import('../features/invoices/admin/PaymentsView'), 'PaymentsView');
const ChatView = lazyNamed(() => import('../features/messages/admin/ChatView'), 'ChatView');
const TrackingView = lazyNamed(() => import('../features/projects/admin/TrackingView'), 'TrackingView');
const SettingsView = lazyNamed(() => import('../features/settings/admin/SettingsView'), 'SettingsView');
const UsersView = lazyNamed(() => import('../features/users/admin/UsersView'), 'UsersView');

const VIEW_COMPONENTS: Partial<Record<AdminViewId, ComponentType>> = {
  dashboard: DashboardView,
  documents: DocumentsView,
  chat: ChatView,
  schedule: ScheduleView,
  tracking: TrackingView,
  'all-estimates': AllEstimatesView,
  payments: PaymentsView,
  clients: ClientsView,
  users: UsersView,
  consultations: ConsultationsView,
  settings: SettingsView,
  content: ContentView,
};

export function AdminDashboard() {
  const search = useSearch({ from: '/_admin/admin/' });
  const navigate = useNavigate({ from: '/admin/' });
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const companyName = useQuery(settingsQuery).data?.company.name;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const view = chooseView(search.view, localStorage.getItem(VIEW_STORAGE_KEY));
  useAdminLiveUpdates();
  useMessagingSocket(user);

  useEffect(() => {
    localStorage.setItem(VIEW_STORAGE_KEY, view);
  }, [view]);

  const open = (id: AdminViewId) => {
    setDrawerOpen(false);
    void navigate({ search: { view: id } });
  };
  // The sidebar's Sign Out ends the session, then navigates to /api/logout as the spec says.
  const signOut = () => logOut(queryClient, () => window.location.assign('/api/logout'));
  const Current = VIEW_COMPONENTS[view];

  const sidebar = (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className="border-b border-slate-700 p-4">
        <p className="font-semibold text-white">{companyName ?? '\u00a0'}</p>
        <p className="text-sm text-slate-300">Admin Dashboard</p>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto p-2">
        <ul className="space-y-1">
          {LANDED_VIEWS.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => open(item.id)}
                aria-current={item.id === view ? 'page' : undefined}
                className={`w-full rounded-md px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-blue-300 ${
                  item.id === view
                    ? 'bg-blue-700 font-medium text-white'
                    : 'text-slate-200 hover:bg-slate-800'
                }`}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {user && (
        <div className="border-t border-slate-700 p-4 text-sm">
          <p className="font-medium text-white">
            {user.firstName} {user.lastName}
          </p>
          <p className="truncate text-slate-300">{user.email}</p>
          <button
            type="button"
            onClick={signOut}
            className="mt-3 rounded-md border border-slate-500 px-3 py-1.5 text-sm text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-blue-300"
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );

  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 lg:block">{sidebar}</aside>
      {drawerOpen && (
        <Drawer id="admin-drawer" label="Admin menu" onClose={() => setDrawerOpen(false)}>
          {sidebar}
        </Drawer>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-3">
          <button
            type="button"
            className={buttonClass('outline', 'lg:hidden')}
            aria-expanded={drawerOpen}
            aria-controls="admin-drawer"
            onClick={() => setDrawerOpen(true)}
          >
            Menu
          </button>
          <h1 className="mr-auto text-lg font-semibold">
            {LANDED_VIEWS.find((item) => item.id === view)?.label}
          </h1>
          <Link to="/" className={buttonClass('outline')}>
            Back to Main Page
          </Link>
          <Link to="/admin" search={{}} className={buttonClass('outline')}>
            Enter Admin Page
          </Link>
          <button type="button" onClick={signOut} className={buttonClass('ghost')}>
            Sign Out
          </button>
        </header>
        <main className="flex-1 p-4 md:p-6">
          {Current && (
            <LazyPanel key={view} label="Loading the view">
              <Current />
            </LazyPanel>
          )}
        </main>
      </div>
    </div>
  );
}

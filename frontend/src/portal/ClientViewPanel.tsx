import type { TDocument } from '@app/contracts/api/documents';
import type { TAppointment } from '@app/contracts/api/portal';
import type { TProject } from '@app/contracts/api/projects';
import type { SessionUser } from '../auth/session';
import { LazyPanel, lazyNamed } from '../ui/lazy';
import { ClientOverview } from './ClientOverview';
import type { ClientViewId } from './dashboard';

// The overview is the view every visit opens on; the others (quotes with their signature pad, chat,
// payments with the card form) load their code when first chosen.
const ClientSchedule = lazyNamed(
  () => import('../features/calendar/portal/ClientSchedule'),
  'ClientSchedule',
);
const ClientDocuments = lazyNamed(
  () => import('../features/documents/portal/ClientDocuments'),
  'ClientDocuments',
);
const ClientQuotes = lazyNamed(() => import('../features/estimates/portal/ClientQuotes'), 'ClientQuotes');
const ClientPayments = lazyNamed(
  () => import('../features/invoices/portal/ClientPayments'),
  'ClientPayments',
);
const PaymentMethod = lazyNamed(() => import('../features/invoices/portal/PaymentMethod'), 'PaymentMethod');
const ChatWithSupport = lazyNamed(() => import('../features/messages/ChatWithSupport'), 'ChatWithSupport');
const ClientProjects = lazyNamed(
  () => import('../features/projects/portal/ClientProjects'),
  'ClientProjects',
);

export function ClientViewPanel(props: Parameters<typeof View>[0]) {
  return (
    <LazyPanel key={props.view} label="Loading">
      <View {...props} />
    </LazyPanel>
  );
}

function View({
  view,
  projects,
  user,
  clientId,
  appointments,
  documents,
  awaiting,
  onOpenProject,
  onOpenDocument,
  onShowDocuments,
  onShowProjects,
}: {
  view: ClientViewId;
  projects: TProject[];
  user: SessionUser;
  /** The client record of the signed-in account (null: none). */
  clientId: number | null;
  appointments: TAppointment[];
  documents: TDocument[];
  /** The client's forms waiting for their signature, newest first. */
  awaiting: TDocument[];
  onOpenProject: (id: number) => void;
  onOpenDocument: (id: number) => void;
  onShowDocuments: () => void;
  onShowProjects: () => void;
}) {
  switch (view) {
    case 'dashboard':
      return (
        <ClientOverview
          projects={projects}
          appointments={appointments}
          awaiting={awaiting}
          onOpenProject={onOpenProject}
          onShowDocuments={onShowDocuments}
        />
      );
    case 'documents':
      return (
        <ClientDocuments
          documents={documents}
          projectTitles={new Map(projects.map((project) => [project.id, project.title]))}
          onOpen={onOpenDocument}
        />
      );
    case 'quotes':
      return <ClientQuotes onShowProjects={onShowProjects} />;
    case 'chat':
      return <ChatWithSupport user={user} clientId={clientId} />;
    case 'tracking':
      return <ClientProjects projects={projects} onOpenProject={onOpenProject} />;
    case 'schedule':
      return <ClientSchedule />;
    case 'payments':
      return (
        <div className="space-y-6">
          <PaymentMethod />
          <ClientPayments />
        </div>
      );
    default: {
      const unhandled: never = view;
      return unhandled;
    }
  }
}

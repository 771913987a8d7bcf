import type { TAppointment, TClientMessage } from '@app/contracts/api/portal';
import type { TProject } from '@app/contracts/api/projects';
import { ClientProjects } from '../features/projects/portal/ClientProjects';
import { ClientMessages } from './ClientMessages';
import { ClientOverview } from './ClientOverview';
import type { ClientViewId } from './dashboard';
import { EmptyState } from './EmptyState';

export function ClientViewPanel({
  view,
  projects,
  messages,
  appointments,
  pendingDocuments,
  onOpenProject,
}: {
  view: ClientViewId;
  projects: TProject[];
  messages: TClientMessage[];
  appointments: TAppointment[];
  pendingDocuments: number;
  onOpenProject: (id: number) => void;
}) {
  switch (view) {
    case 'dashboard':
      return (
        <ClientOverview
          projects={projects}
          appointments={appointments}
          pendingDocuments={pendingDocuments}
          onOpenProject={onOpenProject}
        />
      );
    case 'documents':
      // Documents to read and sign arrive with the documents slice; nothing has been shared yet.
      return <EmptyState title="No documents yet" text="Documents to review and sign will appear here." />;
    case 'chat':
      return <ClientMessages messages={messages} />;
    case 'tracking':
      return <ClientProjects projects={projects} onOpenProject={onOpenProject} />;
    case 'schedule':
      return <EmptyState title="Appointment scheduling coming soon" />;
    case 'payments':
      return <EmptyState title="Payment management coming soon" />;
    default: {
      const unhandled: never = view;
      return unhandled;
    }
  }
}

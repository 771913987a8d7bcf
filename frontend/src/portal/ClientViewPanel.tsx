import type { TDocument } from '@app/contracts/api/documents';
import type { TAppointment } from '@app/contracts/api/portal';
import type { TProject } from '@app/contracts/api/projects';
import type { SessionUser } from '../auth/session';
import { ClientSchedule } from '../features/calendar/portal/ClientSchedule';
import { ClientDocuments } from '../features/documents/portal/ClientDocuments';
import { ClientQuotes } from '../features/estimates/portal/ClientQuotes';
import { ClientPayments } from '../features/invoices/portal/ClientPayments';
import { PaymentMethod } from '../features/invoices/portal/PaymentMethod';
import { ChatWithSupport } from '../features/messages/ChatWithSupport';
import { ClientProjects } from '../features/projects/portal/ClientProjects';
import { ClientOverview } from './ClientOverview';
import type { ClientViewId } from './dashboard';

export function ClientViewPanel({
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

import { useQuery } from '@tanstack/react-query';
import { ApiError, failureText } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { DocumentsTab } from './DocumentsTab';
import { OverviewTab } from './OverviewTab';
import { PaymentsTab } from './PaymentsTab';
import { PortalFrame, PortalNotice } from './PortalFrame';
import { ProjectsTab } from './ProjectsTab';
import { quickStats } from './portal-view';
import {
  clientAppointmentsQuery,
  clientMessagesQuery,
  clientPaymentsQuery,
  clientProjectsQuery,
  clientQuery,
} from './queries';
import { ScheduleTab } from './ScheduleTab';

/** /admin/client-portal?clientId=N: one client's portal as the admin sees it (spec part 1). */
export function ClientPortalPage({ clientId }: { clientId?: number | null }) {
  if (clientId === undefined)
    return (
      <PortalFrame>
        <PortalNotice title="Client ID Missing" text="No client ID specified in the URL." />
      </PortalFrame>
    );
  if (clientId === null)
    return (
      <PortalFrame>
        <PortalNotice
          title="Client not found"
          text="The client ID in the address is not a client number. Open the portal from the Clients view."
          role="alert"
        />
      </PortalFrame>
    );
  return <LoadedPortal clientId={clientId} />;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

function LoadedPortal({ clientId }: { clientId: number }) {
  const client = useQuery(clientQuery(clientId));
  const projects = useQuery(clientProjectsQuery(clientId));
  const messages = useQuery(clientMessagesQuery(clientId));
  const appointments = useQuery(clientAppointmentsQuery(clientId));
  const payments = useQuery(clientPaymentsQuery(clientId));
  const lists = [projects, messages, appointments, payments];

  if (client.isError && isNotFound(client.error))
    return (
      <PortalFrame>
        <PortalNotice
          title="Client not found"
          text={`There is no client with ID ${clientId}.`}
          role="alert"
        />
      </PortalFrame>
    );
  const failed = [client, ...lists].find((query) => query.isError);
  if (!client.isPending && failed)
    return (
      <PortalFrame clientName={client.data?.name}>
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p>{failureText(failed.error, 'Could not load the client portal.')}</p>
          <Button
            variant="outline"
            className="mt-3"
            onClick={() => {
              for (const query of [client, ...lists]) if (query.isError) void query.refetch();
            }}
          >
            Try Again
          </Button>
        </div>
      </PortalFrame>
    );
  if (!client.data || !projects.data || !messages.data || !appointments.data || !payments.data)
    return (
      <PortalFrame>
        <div className="flex flex-col items-center gap-3 py-16">
          <Spinner label="Loading client portal..." />
          <p aria-hidden="true" className="text-slate-700">
            Loading client portal...
          </p>
        </div>
      </PortalFrame>
    );

  const stats = quickStats({
    projects: projects.data,
    messages: messages.data,
    appointments: appointments.data,
    payments: payments.data,
  });
  return (
    <PortalFrame clientName={client.data.name}>
      <Tabs
        label="Client portal sections"
        tabs={[
          {
            id: 'overview',
            label: 'Overview',
            panel: <OverviewTab client={client.data} projects={projects.data} stats={stats} />,
          },
          { id: 'projects', label: 'Projects', panel: <ProjectsTab projects={projects.data} /> },
          {
            id: 'documents',
            label: 'Documents',
            panel: <DocumentsTab clientId={clientId} projects={projects.data} />,
          },
          { id: 'schedule', label: 'Schedule', panel: <ScheduleTab appointments={appointments.data} /> },
          { id: 'payments', label: 'Payments', panel: <PaymentsTab payments={payments.data} /> },
        ]}
      />
    </PortalFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isAdmin } from '../../../auth/session';
import { useSessionUser } from '../../../auth/use-session';
import { failureText } from '../../../lib/api';
import { formatDay, formatInstant } from '../../../lib/format';
import { clientMeQuery, portalRetry } from '../../../portal/queries';
import { PublicLayout } from '../../../public/PublicLayout';
import { Button } from '../../../ui/Button';
import { FullScreenSpinner } from '../../../ui/Spinner';
import { projectDocumentsQuery } from '../../documents/api';
import { DocumentList, newestFirst, useOpenDocument } from '../../documents/DocumentList';
import { RequiredDocumentList } from '../../documents/RequiredDocumentList';
import { typeLabel } from '../labels';
import { PhotoGrid } from '../PhotoGrid';
import { ProgressBar } from '../ProgressBar';
import { Detail } from '../ProjectFields';
import { ProjectNotFound } from '../ProjectNotFound';
import { isNotFound, projectIdOf, projectQuery } from '../project-query';
import { SignInAgain } from '../SignInAgain';
import { StatusBadge } from '../StatusBadge';

/**
 * /client/job/{id} (spec part 1, section 2, "Client job detail"): project info, the client's details,
 * the documents and the photos, read-only but for filling and signing the client's forms. Another
 * client's project answers 404 from the server and reads as not found here.
 */
export function ClientJobPage({ idParam }: { idParam: string }) {
  const id = projectIdOf(idParam);
  return id === null ? <ProjectNotFound fallback="/client" /> : <LoadedProject id={id} />;
}

function LoadedProject({ id }: { id: number }) {
  const user = useSessionUser();
  const query = useQuery({ ...projectQuery(id), retry: portalRetry });
  const me = useQuery({ ...clientMeQuery, enabled: !isAdmin(user) });

  if (query.isPending) return <FullScreenSpinner />;
  if (query.isError && isNotFound(query.error)) return <ProjectNotFound fallback="/client" />;
  if (query.isError)
    return (
      <PublicLayout>
        <div
          role="alert"
          className="mx-auto my-16 max-w-md rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
        >
          <p>{failureText(query.error, 'Could not load the project.')}</p>
          <Button variant="outline" className="mt-3" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      </PublicLayout>
    );
  if (!query.data || !user) return <SignInAgain />;

  const project = query.data;
  const admin = isAdmin(user);
  return (
    <PublicLayout>
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
        {admin ? (
          <Link to="/admin/job/$id" params={{ id: String(project.id) }} className={backLink}>
            ← Back to the job page
          </Link>
        ) : (
          <Link to="/client" className={backLink}>
            ← Back to Client Portal
          </Link>
        )}
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold text-slate-900">{project.title}</h1>
            <StatusBadge status={project.status} />
          </div>
          <p className="mt-1 text-slate-700">{typeLabel(project.type)}</p>
        </div>

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <Panel title="Project Information" className="lg:col-span-2">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Detail term="Job Start Date">{formatDay(project.jobStartDate)}</Detail>
              <Detail term="Job End Date">{formatDay(project.jobEndDate)}</Detail>
              <Detail term="Progress">
                <ProgressBar value={project.progress} />
              </Detail>
              <Detail term="Last updated">{formatInstant(project.updatedAt)}</Detail>
              {project.description && (
                <Detail term="Description" className="sm:col-span-2">
                  <span className="whitespace-pre-line">{project.description}</span>
                </Detail>
              )}
              {project.notes && (
                <Detail term="Notes" className="sm:col-span-2">
                  <span className="whitespace-pre-line">{project.notes}</span>
                </Detail>
              )}
            </dl>
          </Panel>
          <Panel title={admin ? 'Client' : 'Your Information'}>
            <dl className="space-y-3">
              <Detail term="Name">
                {admin ? project.clientName : `${user.firstName} ${user.lastName}`.trim()}
              </Detail>
              {!admin && <Detail term="Email">{me.data?.email ?? user.email}</Detail>}
              {me.data?.phone && <Detail term="Phone">{me.data.phone}</Detail>}
              {me.data?.address && <Detail term="Address">{me.data.address}</Detail>}
            </dl>
          </Panel>
        </div>

        <Panel title="Documents">
          <JobDocuments projectId={project.id} admin={admin} />
        </Panel>

        <Panel title="Photos">
          <PhotoGrid project={project} />
        </Panel>
      </div>
    </PublicLayout>
  );
}

/**
 * The project's documents: the required ones (a client fills and signs those not yet made) and every
 * document with its status and View. Nothing here uploads or removes: that is the project dialog's.
 */
function JobDocuments({ projectId, admin }: { projectId: number; admin: boolean }) {
  const query = useQuery({ ...projectDocumentsQuery(projectId), retry: portalRetry });
  const opener = useOpenDocument();
  const docs = query.data ?? [];
  return (
    <div className="space-y-6">
      <RequiredDocumentList
        docs={docs}
        projectId={projectId}
        loading={query.isPending}
        canFill={!admin}
        onOpen={opener.openForm}
      />
      <section aria-labelledby="project-all-documents" className="space-y-3">
        <h3 id="project-all-documents" className="text-base font-semibold text-slate-900">
          Project Documents
        </h3>
        <DocumentList
          query={query}
          docs={newestFirst(docs)}
          empty="No documents yet"
          onOpen={opener.open}
          audience={admin ? 'staff' : 'client'}
        />
      </section>
      {opener.dialogs}
    </div>
  );
}

const backLink =
  'text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700';

function Panel({
  title,
  className = '',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `project-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border border-slate-200 bg-white p-5 shadow-sm ${className}`}
    >
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

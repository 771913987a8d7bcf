import { useQuery } from '@tanstack/react-query';
import { failureText } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { typeLabel } from './labels';
import { ProjectEditor } from './ProjectEditor';
import { isNotFound, projectQuery } from './project-query';
import { SignInAgain } from './SignInAgain';

/**
 * The project dialog (spec part 1, section 2; part 2, section 2.4): four tabs, editable for staff and
 * read-only for clients. Open while `projectId` is set.
 */
export function ProjectDialog({
  projectId,
  onClose,
  readOnly,
}: {
  projectId: number | null;
  onClose: () => void;
  readOnly: boolean;
}) {
  const query = useQuery({ ...projectQuery(projectId ?? 0), enabled: projectId !== null });
  const project = projectId !== null ? query.data : undefined;

  return (
    <Dialog
      open={projectId !== null}
      onClose={onClose}
      wide
      title={project ? project.title : 'Project'}
      description={project ? `${project.clientName} · ${typeLabel(project.type)}` : undefined}
    >
      {projectId === null ? null : query.isPending ? (
        <div className="grid place-items-center py-12">
          <Spinner label="Loading project" />
        </div>
      ) : project ? (
        <ProjectEditor key={project.id} project={project} readOnly={readOnly} onClose={onClose} />
      ) : query.isSuccess ? (
        // The read answered nothing: the session is gone.
        <SignInAgain />
      ) : (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          {query.isError && !isNotFound(query.error)
            ? failureText(query.error, 'Could not load the project.')
            : 'Project Not Found - The requested project could not be found.'}
        </p>
      )}
    </Dialog>
  );
}

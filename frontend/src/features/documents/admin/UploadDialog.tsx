import { DOCUMENT_ACCEPT } from '@app/contracts/api/documents';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { errorToast } from '../../../ui/toast-store';
import { ProjectPicker } from '../../projects/ProjectPicker';
import { useUploadDocuments } from '../api';
import { type FileProblem, sortDocumentFiles } from './upload-checks';

/** Files chosen or dropped, checked before sending: those to upload and the refusals (the first as a toast). */
export function checkedFiles(chosen: readonly File[]) {
  const checked = sortDocumentFiles(chosen);
  if (checked.problems[0]) errorToast(checked.problems[0].title, checked.problems[0].description);
  return checked;
}

type Props = {
  open: boolean;
  onClose: () => void;
  /** Files dragged onto the panel, already checked. */
  dropped?: { accepted: File[]; problems: FileProblem[] };
};

/**
 * Upload documents: a project found by typing (none: Unassigned), one or more files checked before sending (the spec's types,
 * at most 25 MB), then one progress bar per file while they go.
 */
export function UploadDialog(props: Props) {
  const { upload, uploads } = useUploadDocuments();
  return (
    <Dialog
      open={props.open}
      onClose={() => !upload.isPending && props.onClose()}
      title="Upload Documents"
      dismissible={!upload.isPending}
    >
      <UploadForm {...props} upload={upload} uploads={uploads} />
    </Dialog>
  );
}

function UploadForm({ onClose, dropped, upload, uploads }: Props & ReturnType<typeof useUploadDocuments>) {
  const [projectId, setProjectId] = useState<number | null>(null);
  const [files, setFiles] = useState<File[]>(dropped?.accepted ?? []);
  const [problems, setProblems] = useState<FileProblem[]>(dropped?.problems ?? []);

  const choose = (chosen: readonly File[]) => {
    const { accepted, problems } = checkedFiles(chosen);
    setFiles(accepted);
    setProblems(problems);
  };

  const close = () => {
    if (!upload.isPending) onClose();
  };

  const send = () =>
    upload.mutate(
      { files, projectId },
      {
        // The files that went are done; only the failed ones stay to try again.
        onSuccess: ({ failed }) => (failed.length === 0 ? close() : setFiles(failed)),
      },
    );

  return (
    <div className="space-y-4">
      <fieldset disabled={upload.isPending} className="space-y-1">
        <ProjectPicker projectId={projectId} onChange={(p) => setProjectId(p?.id ?? null)} />
        <p className="text-xs text-slate-600">
          {projectId === null
            ? 'No project chosen: the files go in as Unassigned.'
            : 'Clear the field for Unassigned.'}
        </p>
      </fieldset>
      <div>
        <label htmlFor="document-upload-files" className="block text-sm font-medium text-slate-800">
          Files
        </label>
        <input
          id="document-upload-files"
          type="file"
          multiple
          accept={DOCUMENT_ACCEPT}
          disabled={upload.isPending}
          onChange={(event) => choose([...(event.target.files ?? [])])}
          className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2"
        />
        <p className="mt-1 text-xs text-slate-600">
          PDF, Word, Excel, text, images, video or archives; at most 25 MB each.
        </p>
      </div>
      {problems.length > 0 && (
        <ul className="space-y-1 text-sm text-red-800" aria-label="Files not uploaded">
          {problems.map((problem) => (
            <li key={problem.description}>{problem.description}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="space-y-2" aria-label="Files to upload">
          {files.map((file, index) => {
            const progress = uploads[index];
            const percent = Math.round((progress?.progress ?? 0) * 100);
            return (
              <li key={`${file.name}-${file.size}-${file.lastModified}`} className="text-sm">
                <div className="flex justify-between gap-2">
                  <span className="truncate">{file.name}</span>
                  {progress && <span>{progress.failed ? 'Failed' : `${percent}%`}</span>}
                </div>
                {progress && (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${file.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent}
                    className="mt-1 h-2 overflow-hidden rounded bg-slate-200"
                  >
                    <div
                      className={`h-full ${progress.failed ? 'bg-red-600' : 'bg-blue-700'}`}
                      style={{ width: `${percent}%` }}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={close} disabled={upload.isPending}>
          Cancel
        </Button>
        <Button onClick={send} disabled={upload.isPending || files.length === 0}>
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </Button>
      </div>
    </div>
  );
}

import { IMAGE_ACCEPT } from '@app/contracts/api/files';
import { type ChangeEvent, useId, useRef } from 'react';
import { Button } from '../../ui/Button';
import { errorToast } from '../../ui/toast-store';
import { sortPhotos } from './photo-file';
import { useUploadPhotos } from './upload-photos';

/** Staff only: choose photos, checked in the browser, then uploaded one by one with a bar each. */
export function PhotoUploader({ projectId }: { projectId: number }) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploads } = useUploadPhotos(projectId);
  const hintId = useId();

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // Clearing the input lets the same files be chosen again after a refusal or a failed upload.
    event.currentTarget.value = '';
    const { accepted, problem } = sortPhotos(files);
    if (problem) errorToast(problem.title, problem.description);
    if (accepted.length > 0) upload.mutate(accepted);
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        {/* The styled button opens the picker; the input itself stays out of the tab order. */}
        <input
          ref={input}
          type="file"
          name="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-label="Upload photos"
          className="hidden"
          onChange={onChoose}
        />
        <Button
          variant="outline"
          aria-describedby={hintId}
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? 'Uploading...' : 'Upload Photos'}
        </Button>
        <p id={hintId} className="text-xs text-slate-700">
          JPG, PNG, HEIC or other common image formats, up to 10MB each.
        </p>
      </div>
      {uploads.length > 0 && (
        <ul aria-label="Uploads" className="space-y-2">
          {uploads.map((item) => (
            <li key={item.key}>
              <UploadProgress name={item.name} progress={item.progress} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadProgress({ name, progress }: { name: string; progress: number }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex justify-between gap-2 text-sm text-slate-800">
        <span className="truncate">{name}</span>
        <span>{Math.round(progress * 100)}%</span>
      </label>
      <progress id={id} max={1} value={progress} className="mt-1 h-2 w-full accent-blue-700" />
    </div>
  );
}

import { IMAGE_ACCEPT } from '@app/contracts/api/files';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, useId } from 'react';
import { TextField } from '../../../ui/Field';
import { errorToast } from '../../../ui/toast-store';
import { settingsQuery } from '../settings-query';
import { logoProblem } from './logo-file';
import { useUploadLogo } from './upload-logo';

/** The company logo: checked in the browser, then uploaded at once with a progress bar. */
export function LogoUpload() {
  const logo = useQuery(settingsQuery).data?.company.logo ?? null;
  const { upload, progress } = useUploadLogo();
  const progressId = useId();

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = logoProblem(file);
    // Clearing the input lets the same file be chosen again after a refusal or a failed upload.
    input.value = '';
    if (problem) return errorToast(problem.title, problem.description);
    upload.mutate(file);
  };

  return (
    <section aria-labelledby={`${progressId}-heading`} className="space-y-3">
      <h3 id={`${progressId}-heading`} className="text-base font-semibold text-slate-900">
        Company Logo
      </h3>
      <div className="grid size-32 place-items-center overflow-hidden rounded-md border border-slate-300 bg-white">
        {logo ? (
          <img src={logo} alt="Company logo" className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="p-2 text-center text-xs text-slate-700">No logo uploaded</span>
        )}
      </div>
      <div className="max-w-sm">
        <TextField
          label="Upload logo"
          type="file"
          name="file"
          accept={IMAGE_ACCEPT}
          disabled={upload.isPending}
          onChange={onChoose}
          hint="JPEG, PNG, GIF, WEBP, HEIC, HEIF, BMP or TIFF, up to 5MB."
        />
      </div>
      {upload.isPending && (
        <div className="max-w-sm">
          <label htmlFor={progressId} className="block text-sm text-slate-800">
            Uploading logo... {Math.round(progress * 100)}%
          </label>
          <progress id={progressId} max={1} value={progress} className="mt-1 w-full accent-blue-700" />
        </div>
      )}
    </section>
  );
}

import type { TProject } from '@app/contracts/api/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiUpload } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { errorToast, toast } from '../../ui/toast-store';
import { PROJECTS_KEY, projectQuery } from './project-query';

export type PhotoUpload = { key: string; name: string; progress: number };

/** How a batch ended: the files that failed, and the answer that stopped it (a lost session). */
type Outcome = { uploaded: number; failed: string[]; stoppedBy: unknown };

/**
 * POST /api/projects/{id}/photos (multipart, field `file`), one request per file so that each file has
 * its own progress, one after the other so each request builds on the project the last one answered.
 */
export function useUploadPhotos(id: number) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);

  const setProgress = (key: string, progress: number) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, progress } : upload)));

  const upload = useMutation({
    mutationFn: async (files: File[]): Promise<Outcome> => {
      const batch = files.map((file, index) => ({
        key: `${Date.now()}-${index}`,
        name: file.name,
        progress: 0,
      }));
      setUploads(batch);
      const outcome: Outcome = { uploaded: 0, failed: [], stoppedBy: null };
      for (const [index, file] of files.entries()) {
        const { key } = batch[index]!;
        const form = new FormData();
        form.append('file', file);
        try {
          const project = await apiUpload<TProject>(`${PROJECTS_KEY}/${id}/photos`, form, (fraction) =>
            setProgress(key, fraction),
          );
          setProgress(key, 1);
          queryClient.setQueryData(projectQuery(id).queryKey, project);
          outcome.uploaded += 1;
        } catch (error) {
          if (error instanceof ApiError && error.status === 401) return { ...outcome, stoppedBy: error };
          outcome.failed.push(file.name);
          console.error(`Failed to upload ${file.name}`, error);
        }
      }
      return outcome;
    },
    onSettled: () => {
      setUploads([]);
      void queryClient.invalidateQueries({ queryKey: [PROJECTS_KEY] });
    },
    onSuccess: ({ uploaded, failed, stoppedBy }) => {
      if (stoppedBy) return callFailure(stoppedBy, 'Upload failed');
      if (failed.length > 0)
        return errorToast('Upload failed', `Failed to process ${failed.join(', ')}. Please try again.`);
      toast({
        title: 'Photos uploaded',
        description: uploaded === 1 ? '1 photo was added.' : `${uploaded} photos were added.`,
      });
    },
    onError: (error) => callFailure(error, 'Upload failed'),
  });

  return { upload, uploads };
}

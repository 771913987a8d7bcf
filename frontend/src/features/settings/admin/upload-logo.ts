import type { TSettingsRead } from '@app/contracts/api/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiUpload } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { settingsQuery } from '../settings-query';

/** POST /api/settings/logo (multipart, field `file`) with upload progress from 0 to 1. */
export function useUploadLogo() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      setProgress(0);
      return apiUpload<{ logo: string }>('/api/settings/logo', form, setProgress);
    },
    onSuccess: ({ logo }) => {
      queryClient.setQueryData(settingsQuery.queryKey, (settings: TSettingsRead | undefined) =>
        settings ? { ...settings, company: { ...settings.company, logo } } : settings,
      );
      void queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
      // The public pages show the logo too.
      void queryClient.invalidateQueries({ queryKey: ['/api/content'] });
      toast({ title: 'Logo uploaded', description: 'The new company logo is saved.' });
    },
    onError: (error) => callFailure(error, 'Failed to upload logo'),
  });
  return { upload, progress };
}

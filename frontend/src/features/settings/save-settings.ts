import type { TSettings, TSettingsUpdate } from '@app/contracts/api/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { callFailure } from '../../../lib/failure';
import { toast } from '../../../ui/toast-store';
import { settingsQuery } from '../settings-query';

const SECTION_NAMES: Record<TSettingsUpdate['section'], string> = {
  company: 'Company',
  pricing: 'Pricing',
  admin: 'Admin',
};

/** PUT /api/settings saves one section and answers the full settings, which replace the cached ones. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TSettingsUpdate) => apiRequest<TSettings>('PUT', '/api/settings', update),
    onSuccess: (settings, { section }) => {
      queryClient.setQueryData(settingsQuery.queryKey, settings);
      toast({ title: 'Settings saved', description: `${SECTION_NAMES[section]} settings were updated.` });
    },
    // The server's 400 message names the field at fault, and callFailure shows it.
    onError: (error) => callFailure(error, 'Failed to update settings'),
  });
}

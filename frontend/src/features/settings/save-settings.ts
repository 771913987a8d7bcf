import type { TSettings, TSettingsUpdate } from '@app/contracts/api/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';
import { settingsQuery } from './settings-query';

/** Each section's success toast; the pricing's is the Pricing page's (spec part 2, section 8). */
const SAVED: Record<TSettingsUpdate['section'], { title: string; description: string }> = {
  company: { title: 'Settings saved', description: 'Company settings were updated.' },
  pricing: { title: 'Settings Saved', description: 'Pricing settings have been updated successfully.' },
  admin: { title: 'Settings saved', description: 'Admin settings were updated.' },
};

/** PUT /api/settings saves one section and answers the full settings, which replace the cached ones. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TSettingsUpdate) => apiRequest<TSettings>('PUT', '/api/settings', update),
    onSuccess: (settings, { section }) => {
      queryClient.setQueryData(settingsQuery.queryKey, settings);
      toast(SAVED[section]);
    },
    // The server's 400 message names the field at fault, and callFailure shows it.
    onError: (error) => callFailure(error, 'Failed to update settings'),
  });
}

import type { TSettingsRead, TSettingsUpdate } from '@app/contracts/api/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ifMatch } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { staleCopyOf } from '../../lib/stale-copy';
import { toast } from '../../ui/toast-store';
import { settingsQuery } from './settings-query';

/** Each section's success toast; the pricing's is the Pricing page's (spec part 2, section 8). */
const SAVED: Record<TSettingsUpdate['section'], { title: string; description: string }> = {
  company: { title: 'Settings saved', description: 'Company settings were updated.' },
  pricing: { title: 'Settings Saved', description: 'Pricing settings have been updated successfully.' },
  admin: { title: 'Settings saved', description: 'Admin settings were updated.' },
};

/**
 * PUT /api/settings saves one section, with the version its form was filled from (If-Match), and answers the
 * full settings, which replace the cached ones. A stale copy (409) is the form's to show, not a toast.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ update, version }: { update: TSettingsUpdate; version: number }) =>
      apiRequest<TSettingsRead>('PUT', '/api/settings', update, ifMatch(version)),
    onSuccess: (settings, { update }) => {
      queryClient.setQueryData(settingsQuery.queryKey, settings);
      toast(SAVED[update.section]);
    },
    // The server's 400 message names the field at fault, and callFailure shows it.
    onError: (error) => {
      if (!staleCopyOf(error)) callFailure(error, 'Failed to update settings');
    },
  });
}

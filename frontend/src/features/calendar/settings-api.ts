import type { TCalendarSettings, TCalendarStatus } from '@app/contracts/api/calendar';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { callFailure } from '../../lib/failure';
import { toast } from '../../ui/toast-store';

/**
 * The calls of the Calendar Integration Settings dialog and the feed box (spec part 2, section 7; issue 13.4,
 * 13.5). Reads go through the default loader (a lost session reads as null).
 */
export const CALENDAR_SETTINGS_KEY = '/api/calendar/settings';
export const CALENDAR_STATUS_KEY = '/api/calendar/status';
export const CALENDAR_FEED_KEY = '/api/calendar/feed';

/** GET /api/calendar/settings: the admin's saved sync settings. */
export const calendarSettingsQuery = queryOptions<TCalendarSettings | null>({
  queryKey: [CALENDAR_SETTINGS_KEY],
});

/** GET /api/calendar/status: asked only while the dialog is open (the dialog mounts the query then). */
export const calendarStatusQuery = queryOptions<TCalendarStatus | null>({ queryKey: [CALENDAR_STATUS_KEY] });

/** GET /api/calendar/feed: the signed-in person's private subscription address ({url}). */
export const calendarFeedQuery = queryOptions<{ url: string } | null>({ queryKey: [CALENDAR_FEED_KEY] });

/** PUT /api/calendar/settings; the draft stays in the dialog when it fails, so nothing typed is lost. */
export function useSaveCalendarSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCalendarSettings) =>
      apiRequest<TCalendarSettings | null>('PUT', CALENDAR_SETTINGS_KEY, body),
    onSuccess: (answer, body) => {
      queryClient.setQueryData([CALENDAR_SETTINGS_KEY], answer ?? body);
      void queryClient.invalidateQueries({ queryKey: [CALENDAR_SETTINGS_KEY] });
      toast({ title: 'Settings saved' });
    },
    onError: (error) => callFailure(error, 'Failed to save settings'),
  });
}

/** POST /api/calendar/disconnect: the server forgets (and revokes) the Google tokens. */
export function useDisconnectGoogle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/calendar/disconnect'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [CALENDAR_STATUS_KEY] });
      void queryClient.invalidateQueries({ queryKey: [CALENDAR_SETTINGS_KEY] });
      toast({ title: 'Calendar disconnected' });
    },
    onError: (error) => callFailure(error, 'Failed to disconnect calendar'),
  });
}

/** DELETE /api/calendar/feed: the old address stops working; the next read makes a new one. */
export function useReplaceFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', CALENDAR_FEED_KEY),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [CALENDAR_FEED_KEY] });
      toast({ title: 'New calendar address ready', description: 'The old address no longer works.' });
    },
    onError: (error) => callFailure(error, 'Failed to replace the calendar address'),
  });
}

import type { TSyncType } from '@app/contracts/ws';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CALENDAR_EVENTS_KEY } from '../features/calendar/calendar-query';
import { holdSocket, onSocketFrame } from '../lib/socket';

/**
 * Which list each live update refreshes (spec part 2, section 7); anything else refreshes everything. The
 * calendar's events come from appointments and project dates and carry the client's name.
 */
const REFRESHES: Partial<Record<TSyncType, string[]>> = {
  project: ['/api/projects', CALENDAR_EVENTS_KEY],
  client: ['/api/clients', '/api/clients/for-messaging', CALENDAR_EVENTS_KEY],
  payment: ['/api/payments', '/api/invoices', '/api/billing-plans'],
  document: ['/api/documents', '/api/forms'],
  estimate: ['/api/estimates'],
  appointment: ['/api/appointments', CALENDAR_EVENTS_KEY],
  user: ['/api/users', '/api/users/admins'],
  consultation: ['/api/consultations'],
  settings: ['/api/settings', '/api/content'],
  message: ['/api/messages', '/api/messages/conversations', '/api/messages/client'],
};

export function refreshFor(queryClient: QueryClient, syncType: string) {
  const keys = REFRESHES[syncType as TSyncType];
  if (!keys) return queryClient.invalidateQueries();
  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/**
 * The admin's live updates: ADMIN_DATA_UPDATE frames on the page's shared socket (lib/socket.ts, which
 * messaging uses too, so the page holds one connection) refresh the lists they name.
 */
export function useAdminLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const release = holdSocket();
    const unsubscribe = onSocketFrame((frame) => {
      if (frame.type === 'ADMIN_DATA_UPDATE' && typeof frame.syncType === 'string')
        void refreshFor(queryClient, frame.syncType);
    });
    return () => {
      unsubscribe();
      release();
    };
  }, [queryClient]);
}

import type { TSyncType } from '@app/contracts/ws';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { storedToken } from '../lib/api';

/** Which list each live update refreshes (spec part 2, section 7); anything else refreshes everything. */
const REFRESHES: Partial<Record<TSyncType, string[]>> = {
  project: ['/api/projects'],
  client: ['/api/clients'],
  payment: ['/api/payments'],
  document: ['/api/documents'],
  estimate: ['/api/estimates'],
  appointment: ['/api/appointments'],
  user: ['/api/users', '/api/users/admins'],
  consultation: ['/api/consultations'],
  settings: ['/api/settings', '/api/content'],
};

export function refreshFor(queryClient: QueryClient, syncType: string) {
  const keys = REFRESHES[syncType as TSyncType];
  if (!keys) return queryClient.invalidateQueries();
  return Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** The admin's live connection: reconnects with a growing pause while the page is open. */
export function useAdminLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      const token = storedToken();
      if (!token || stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/ws?token=${encodeURIComponent(token)}`);
      socket.onopen = () => {
        attempts = 0;
      };
      socket.onmessage = (message) => {
        try {
          const data = JSON.parse(String(message.data)) as { type?: string; syncType?: string };
          if (data.type === 'ADMIN_DATA_UPDATE' && data.syncType) void refreshFor(queryClient, data.syncType);
        } catch {
          // not ours: ignore
        }
      };
      socket.onclose = (event) => {
        if (stopped || event.code === 4401) return;
        attempts += 1;
        retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempts));
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [queryClient]);
}

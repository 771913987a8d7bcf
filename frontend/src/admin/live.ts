import type { TWsTicketResponse } from '@app/contracts/api/auth';
import type { TSyncType } from '@app/contracts/ws';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, apiRequest, storedToken } from '../lib/api';

/** Which list each live update refreshes (spec part 2, section 7); anything else refreshes everything. */
const REFRESHES: Partial<Record<TSyncType, string[]>> = {
  project: ['/api/projects'],
  client: ['/api/clients'],
  payment: ['/api/payments'],
  document: ['/api/documents', '/api/forms'],
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

/**
 * The admin's live connection: reconnects with a growing pause while the page is open. Each connection
 * first asks for a one-time ticket, so the session token never goes into the socket's address.
 */
export function useAdminLiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    const retryLater = () => {
      attempts += 1;
      retry = setTimeout(() => void connect(), Math.min(30_000, 1000 * 2 ** attempts));
    };

    const connect = async () => {
      if (!storedToken() || stopped) return;
      let ticket: string;
      try {
        ({ ticket } = await apiRequest<TWsTicketResponse>('POST', '/api/auth/ws-ticket'));
      } catch (err) {
        // Signed out or not allowed: nothing to reconnect to until the next sign-in.
        if (!(err instanceof ApiError && (err.status === 401 || err.status === 403))) retryLater();
        return;
      }
      if (stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/ws?ticket=${encodeURIComponent(ticket)}`);
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
        retryLater();
      };
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [queryClient]);
}

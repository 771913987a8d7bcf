import type { TWsTicketResponse } from '@app/contracts/api/auth';
import type { TClientFrame } from '@app/contracts/ws';
import { create } from 'zustand';
import { ApiError, apiRequest, storedToken } from './api';

/**
 * The page's one websocket to `/ws` (spec part 2, section 7), shared by everyone who listens: the admin's
 * live updates and messaging ride the same connection. It is open while at least one screen holds it
 * (`holdSocket`), reconnects with a growing pause after a drop, and each connection first asks for a
 * one-time ticket, so the session token never goes into the socket's address.
 */
export type SocketStatus = 'connecting' | 'connected' | 'disconnected';

export const useSocketStatus = create<{ status: SocketStatus }>(() => ({ status: 'disconnected' }));

/** A frame from the server, parsed; each listener picks the types it cares for. */
export type ServerFrame = { type?: unknown } & Record<string, unknown>;
type Listener = (frame: ServerFrame) => void;

const UNAUTHORIZED = 4401;
const MAX_PAUSE_MS = 30_000;

/** The pause before reconnect attempt `attempt` (1, 2, ...): 2 s, 4 s, 8 s ... at most 30 s. */
export const reconnectPause = (attempt: number) => Math.min(MAX_PAUSE_MS, 1000 * 2 ** attempt);

const listeners = new Set<Listener>();
let holders = 0;
let socket: WebSocket | null = null;
let retry: ReturnType<typeof setTimeout> | undefined;
let attempts = 0;
/** Bumped when the last holder lets go: an attempt under way from an older generation gives up. */
let generation = 0;

const setStatus = (status: SocketStatus) => {
  if (useSocketStatus.getState().status !== status) useSocketStatus.setState({ status });
};

function retryLater(gen: number) {
  if (gen !== generation) return;
  attempts += 1;
  setStatus('disconnected');
  clearTimeout(retry);
  retry = setTimeout(() => void connect(gen), reconnectPause(attempts));
}

async function connect(gen: number) {
  if (gen !== generation || !storedToken()) return setStatus('disconnected');
  setStatus('connecting');
  let ticket: string;
  try {
    ({ ticket } = await apiRequest<TWsTicketResponse>('POST', '/api/auth/ws-ticket'));
  } catch (err) {
    // Signed out or not allowed: nothing to reconnect to until the next sign-in.
    if (err instanceof ApiError && (err.status === 401 || err.status === 403))
      return setStatus('disconnected');
    return retryLater(gen);
  }
  if (gen !== generation) return;
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const opened = new WebSocket(`${scheme}://${window.location.host}/ws?ticket=${encodeURIComponent(ticket)}`);
  socket = opened;
  opened.onopen = () => {
    attempts = 0;
    setStatus('connected');
  };
  opened.onmessage = (message) => {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(message.data)) as ServerFrame;
    } catch {
      return; // not ours: ignore
    }
    if (typeof frame !== 'object' || frame === null) return;
    for (const listener of listeners) listener(frame);
  };
  opened.onclose = (event) => {
    if (socket === opened) socket = null;
    if (gen !== generation) return;
    if (event.code === UNAUTHORIZED) return setStatus('disconnected');
    retryLater(gen);
  };
}

/** Keeps the socket open while held; answers the release. The first holder opens it, the last closes it. */
export function holdSocket(): () => void {
  holders += 1;
  if (holders === 1) void connect(generation);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders > 0) return;
    generation += 1;
    attempts = 0;
    clearTimeout(retry);
    const closing = socket;
    socket = null;
    closing?.close();
    setStatus('disconnected');
  };
}

/** Hears every frame the server sends while subscribed; answers the unsubscribe. */
export function onSocketFrame(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Sends a frame when the socket is open; false when it is not (the caller falls back or drops it). */
export function sendFrame(frame: TClientFrame): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(frame));
  return true;
}

import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { TestApp } from './app.ts';

export type Frame = Record<string, unknown>;

/** A websocket client that records every frame it receives and its close code. */
export function connect(url: string) {
  const socket = new WebSocket(url);
  const messages: Frame[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const l of listeners) l();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on('error', () => undefined);
  /** Resolves with the first frame (from index `from` on) that matches, or rejects after `ms`. */
  const next = (match: (m: Frame) => boolean, from = 0, ms = 5000) =>
    new Promise<Frame>((resolve, reject) => {
      const check = () => {
        const found = messages.slice(from).find(match);
        if (!found) return false;
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(messages)}`));
      }, ms);
      listeners.add(check);
      check();
    });
  const send = (frame: unknown) => socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  return { socket, messages, closed, next, send };
}
export type TestSocket = ReturnType<typeof connect>;

/** The address of the app's `/ws` (the app must be listening). */
export const wsAddress = (t: TestApp) => `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/ws`;

/** Opens a socket the way the web app does (a ticket first, then `/ws?ticket=`) and waits for CONNECTED. */
export async function openSocket(t: TestApp, token: string, base = wsAddress(t)) {
  const res = await t.call('POST', '/api/auth/ws-ticket', undefined, token);
  if (res.status !== 200) throw new Error(`ws-ticket: ${res.status}`);
  const c = connect(`${base}?ticket=${res.body.ticket}`);
  await c.next((m) => m.type === 'CONNECTED');
  return c;
}

/** Waits a moment and answers the frames that arrived at `c` since `from` (to assert that none did). */
export async function framesAfter(c: TestSocket, from: number, ms = 300) {
  await new Promise((r) => setTimeout(r, ms));
  return c.messages.slice(from);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's WebSocket: the test opens, feeds and closes it by hand. */
class FakeSocket {
  static OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let tickets = 0;
let ticketStatus = 200;
beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  FakeSocket.made = [];
  tickets = 0;
  ticketStatus = 200;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'example.test' } });
  vi.stubGlobal('localStorage', { getItem: () => 'token', setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      tickets += 1;
      return new Response(
        ticketStatus === 200 ? JSON.stringify({ ticket: `t${tickets}`, expiresInSeconds: 30 }) : '',
        {
          status: ticketStatus,
        },
      );
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the ticket request and its answer run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe("the page's one socket", () => {
  it('two holders share one connection opened with a ticket; frames reach every listener; it closes with the last', async () => {
    const socket = await import('./socket');
    const heard: unknown[] = [];
    const releaseA = socket.holdSocket();
    const releaseB = socket.holdSocket();
    socket.onSocketFrame((frame) => heard.push(['a', frame.type]));
    socket.onSocketFrame((frame) => heard.push(['b', frame.type]));
    await settle();
    expect(FakeSocket.made).toHaveLength(1);
    expect(FakeSocket.made[0]!.url).toBe('ws://example.test/ws?ticket=t1');
    expect(socket.useSocketStatus.getState().status).toBe('connecting');
    FakeSocket.made[0]!.open();
    expect(socket.useSocketStatus.getState().status).toBe('connected');
    FakeSocket.made[0]!.receive({ type: 'NEW_MESSAGE', data: {} });
    expect(heard).toEqual([
      ['a', 'NEW_MESSAGE'],
      ['b', 'NEW_MESSAGE'],
    ]);
    expect(socket.sendFrame({ type: 'TYPING_START', conversationId: 'client-4' })).toBe(true);
    expect(FakeSocket.made[0]!.sent).toEqual(['{"type":"TYPING_START","conversationId":"client-4"}']);
    releaseA();
    expect(FakeSocket.made[0]!.readyState).toBe(FakeSocket.OPEN);
    releaseB();
    expect(FakeSocket.made[0]!.readyState).toBe(3);
    expect(socket.useSocketStatus.getState().status).toBe('disconnected');
    expect(socket.sendFrame({ type: 'TYPING_STOP', conversationId: 'client-4' })).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('a dropped socket shows Disconnected and comes back after a growing pause, with a new ticket each time', async () => {
    const socket = await import('./socket');
    socket.holdSocket();
    await settle();
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.close(1006);
    expect(socket.useSocketStatus.getState().status).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSocket.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.close(1006); // never opened: the next pause doubles
    await vi.advanceTimersByTimeAsync(3999);
    expect(FakeSocket.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.made).toHaveLength(3);
    expect(FakeSocket.made[2]!.url).toContain('ticket=t3');
    expect([1, 2, 3, 4, 5, 6].map(socket.reconnectPause)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('a session that ended (4401, or a 401 for the ticket) is not retried', async () => {
    const socket = await import('./socket');
    socket.holdSocket();
    await settle();
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.close(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(1);

    vi.resetModules();
    ticketStatus = 401;
    const again = await import('./socket');
    again.holdSocket();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toBe(2);
    expect(again.useSocketStatus.getState().status).toBe('disconnected');
  });
});

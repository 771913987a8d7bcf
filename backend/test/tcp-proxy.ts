import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a server (Postgres, Redis) that a fault test can cut: `cut()` drops every open
 * connection and refuses new ones, as a stopped server would; `restore()` lets connections through again
 * (and forgets a `cutWhenSent` that never happened).
 * `cutWhenSent(text)` cuts the same way the moment a client sends that text (a query naming a table): a stop
 * that falls on a chosen step of a request. The shared server itself is never touched.
 */
export async function tcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let open = true;
  let cutOn: string | null = null;
  const server: Server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    // Before the pipe's own listener, so the chosen text never reaches the server.
    client.on('data', (chunk: Buffer) => {
      if (cutOn !== null && chunk.includes(cutOn)) {
        cutOn = null;
        proxy.cut();
      }
    });
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  const proxy = {
    port: address.port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
      cutOn = null;
    },
    cutWhenSent(text: string) {
      cutOn = text;
    },
    async close() {
      open = false;
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}

import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** Whether nothing listens on 127.0.0.1:port (by binding it for a moment). */
export function portIsFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the system has no use for right now (it hands out an ephemeral one). */
export function sparePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A free port in 5440..5499 for a Postgres cluster: free on TCP and with no socket file of another cluster. */
export async function sparePostgresPort(taken: ReadonlySet<number>) {
  const candidates = Array.from({ length: 60 }, (_, i) => 5440 + i).sort(() => Math.random() - 0.5);
  for (const port of candidates) {
    if (taken.has(port) || existsSync(`/var/run/postgresql/.s.PGSQL.${port}`)) continue;
    if (await portIsFree(port)) return port;
  }
  throw new Error('no free port in 5440..5499 for the Postgres cluster');
}

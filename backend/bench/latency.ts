import { startTestApp } from '../test/app.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Command-to-visible latency over real HTTP: 16 clients each change a user's role and then read the users
 * list until it shows the new role. Measured from sending the command to the read that shows it.
 */
export async function commandToVisibleLatency(clients = 16, commandsPerClient = 40) {
  const t = await startTestApp();
  try {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const http = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${address}${path}`, {
        method,
        headers: { authorization: `Bearer ${t.adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const ids: number[] = [];
    for (let c = 0; c < clients; c++) {
      const created = (await http('POST', '/api/auth/create-user', { email: `bench${c}@example.com`, firstName: `Bench ${c}`, role: 'user' })) as {
        user: { id: number };
      };
      ids.push(created.user.id);
    }
    const samples: number[] = [];
    let notVisible = 0;
    const started = performance.now();
    await Promise.all(
      ids.map(async (id) => {
        for (let i = 0; i < commandsPerClient; i++) {
          const role = i % 2 === 0 ? 'client' : 'user';
          const t0 = performance.now();
          await http('PUT', `/api/users/${id}/role`, { role });
          for (;;) {
            const users = (await http('GET', '/api/users')) as { id: number; role: string }[];
            if (users.find((u) => u.id === id)?.role === role) break;
            notVisible++;
          }
          samples.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    samples.sort((a, b) => a - b);
    return {
      commands: samples.length,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      commandsPerSecond: samples.length / seconds,
      extraReadsNeeded: notVisible,
    };
  } finally {
    await t.close();
  }
}

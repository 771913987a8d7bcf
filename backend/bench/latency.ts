import { Agent, request } from 'node:http';
import { BENCH_ADMIN, percentile, startServer } from './server.ts';

/**
 * Command-to-visible latency over real HTTP: each client changes a user's role and then reads the users
 * list until it shows the new role; measured from sending the command to the read that shows it, after a
 * warm-up round.
 * The server runs in its own process, as in production; the clients run here.
 */
export async function commandToVisibleLatency(clients = 16, commandsPerClient = 100, warmupPerClient = 20) {
  // `npm start`'s process (api + projections + workers).
  const server = await startServer(3900 + Math.floor(Math.random() * 90), ['all']);
  // node:http with keep-alive costs the load generator far less CPU than fetch on this 2-core machine.
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  try {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const http = (method: string, path: string, body?: unknown) =>
      new Promise<unknown>((resolve, reject) => {
        const payload = body ? JSON.stringify(body) : undefined;
        const req = request(`${server.base}${path}`, {
          method,
          agent,
          headers: {
            authorization: `Bearer ${login.token}`,
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        });
        req.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            if ((res.statusCode ?? 500) >= 300)
              reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`));
            else resolve(JSON.parse(text));
          });
        });
        req.on('error', reject);
        req.end(payload);
      });
    const ids: number[] = [];
    for (let c = 0; c < clients; c++) {
      const created = (await http('POST', '/api/auth/create-user', {
        email: `bench${c}@example.com`,
        firstName: `Bench ${c}`,
      })) as {
        user: { id: number };
      };
      ids.push(created.user.id);
    }
    // The worker records each new user's temporary-password mail on their stream; a role change that read the
    // stream just before that record would be refused (409), as any command deciding on a stale stream is.
    for (const id of ids)
      for (let tries = 0; ; tries++) {
        const trail = (await http('GET', `/api/audit?stream=user-${id}`)) as { type: string }[];
        if (trail.some((e) => e.type === 'TemporaryPasswordMailed')) break;
        if (tries > 600) throw new Error(`the mail of user ${id} was never recorded`);
        await new Promise((r) => setTimeout(r, 50));
      }
    // One change and read-back: the sample is from sending the command to the read that shows it.
    let extraReads = 0;
    const roundTrip = async (id: number, role: string) => {
      const t0 = performance.now();
      await http('PUT', `/api/users/${id}/role`, { role });
      for (;;) {
        const users = (await http('GET', '/api/users')) as { id: number; role: string }[];
        if (users.find((u) => u.id === id)?.role === role) break;
        extraReads++;
      }
      return performance.now() - t0;
    };
    const run = (rounds: number, samples: number[]) =>
      Promise.all(
        ids.map(async (id) => {
          for (let i = 0; i < rounds; i++) samples.push(await roundTrip(id, i % 2 === 0 ? 'client' : 'user'));
        }),
      );
    // Warm-up, not measured: a running server has its code compiled and its connections open.
    await run(warmupPerClient, []);
    extraReads = 0;
    const samples: number[] = [];
    const cpuBefore = await server.cpuSeconds();
    const started = performance.now();
    await run(commandsPerClient, samples);
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = await server.cpuSeconds();
    samples.sort((a, b) => a - b);
    return {
      clients,
      commands: samples.length,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      commandsPerSecond: samples.length / seconds,
      extraReads,
      // Steadier than the times on a shared machine: what each command and its read cost in CPU.
      serverCpuMs: ((cpuAfter.server - cpuBefore.server) * 1000) / samples.length,
      postgresCpuMs: ((cpuAfter.postgres - cpuBefore.postgres) * 1000) / samples.length,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

import { commandToVisibleLatency } from './latency.ts';

for (let i = 0; i < 2; i++) {
  const l = await commandToVisibleLatency(16, 100);
  console.log(`p50 ${l.p50.toFixed(1)} p99 ${l.p99.toFixed(1)} ${Math.round(l.commandsPerSecond)}/s`);
}
process.exit(0);

// Loaded into the soaked server (node --import): every few seconds it prints one line of what the
// process holds, for npm run soak to read. Not part of the app.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
setInterval(() => {
  const memory = process.memoryUsage();
  const line = {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    delayP99: delay.percentile(99) / 1e6,
    handles: process.getActiveResourcesInfo().length,
  };
  delay.reset();
  process.stdout.write(`SOAK-PROBE ${JSON.stringify(line)}\n`);
}, 5_000).unref();

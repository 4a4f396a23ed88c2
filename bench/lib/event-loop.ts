import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

// The event loop while something runs: monitorEventLoopDelay's longest delay and p99, and the
// longest gap between two 1 ms ticks with the CPU the process used within it (a gap much longer
// than its CPU is the machine's other load, not this process holding the loop).

export interface LoopFigures {
  /** Longest delay, ms. */
  max: number;
  p99: number;
  /** The process's CPU within the longest gap between ticks, ms. */
  cpuInLongest: number;
}

export function watchLoop(): { stop(): Promise<LoopFigures> } {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const longest = { wallMs: 0, cpuMs: 0 };
  let tickAt = performance.now();
  let tickCpu = process.cpuUsage();
  const ticker = setInterval(() => {
    const at = performance.now();
    const cpu = process.cpuUsage(tickCpu);
    if (at - tickAt > longest.wallMs) Object.assign(longest, { wallMs: at - tickAt, cpuMs: (cpu.user + cpu.system) / 1000 });
    tickAt = at;
    tickCpu = process.cpuUsage();
  }, 1);
  delay.enable();
  return {
    async stop() {
      // Work that never let go of the loop shows only once the loop turns again.
      await sleep(20);
      delay.disable();
      clearInterval(ticker);
      return { max: delay.max / 1e6, p99: delay.percentile(99) / 1e6, cpuInLongest: longest.cpuMs };
    },
  };
}

/** Runs `work` under the watch: its wall time and the loop's figures. */
export async function underWatch<T>(work: () => Promise<T> | T): Promise<{ result: T; ms: number; loop: LoopFigures }> {
  const loop = watchLoop();
  // The watch's first tick, so that the work starts on a turning loop.
  await sleep(5);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  return { result, ms, loop: await loop.stop() };
}

import type { FaultFailure } from './faults.js';

// Counters for GET /__sim/stats, with the process's memory, so a benchmark can read the server's
// footprint from outside.

export class SimStats {
  requests = 0;
  apiRequests = 0;
  readonly byOperation: Record<string, number> = {};
  readonly faults: Partial<Record<FaultFailure | 'latency', number>> = {};

  countApi(operation: string): void {
    this.apiRequests += 1;
    this.byOperation[operation] = (this.byOperation[operation] ?? 0) + 1;
  }

  countFault(kind: FaultFailure | 'latency'): void {
    this.faults[kind] = (this.faults[kind] ?? 0) + 1;
  }

  snapshot() {
    const memory = process.memoryUsage();
    return {
      requests: this.requests,
      apiRequests: this.apiRequests,
      byOperation: { ...this.byOperation },
      faults: { ...this.faults },
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapTotalBytes: memory.heapTotal },
    };
  }
}

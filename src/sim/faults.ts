import { z } from 'zod';

// Trouble on demand, for tests and drills: a delay before answering, and/or a failure instead of
// the answer, for every API request or only the next `count` of them. Control requests
// (/__sim/...) are never affected.

export const FAULT_FAILURES = [
  /** HTTP 500 with a short text body. */
  'http-500',
  /** HTTP 200 with error code 2 ("unable to query data source") in the operation's own shape; Gtfs: HTTP 503. */
  'error-2',
  /** The real answer cut in half, sent with a matching Content-Length (a parse failure, not a network one). */
  'truncated',
  /** HTTP 200 with an HTML error page, as a proxy or a maintenance page would send. */
  'html',
  /** HTTP 200 with a one-line plain-text body. */
  'plain-text',
  /** The connection closed without any answer. */
  'reset',
] as const;

export type FaultFailure = (typeof FAULT_FAILURES)[number];

export interface Faults {
  /** Added before answering (also before a failure). */
  latencyMs?: number;
  failure?: FaultFailure;
  /** Apply to the next `count` API requests only; absent: until changed. */
  count?: number;
}

export const faultsSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(120_000).optional(),
    failure: z.enum(FAULT_FAILURES).optional(),
    count: z.number().int().min(1).optional(),
  })
  .strict();

export interface FaultForRequest {
  latencyMs: number;
  failure?: FaultFailure;
}

export class FaultPlan {
  private faults: Faults = {};
  private remaining: number | undefined;

  constructor(initial: Faults = {}) {
    this.set(initial);
  }

  /** Replaces the plan; `{}` clears it. Throws on an invalid plan. */
  set(faults: Faults): void {
    this.faults = faultsSchema.parse(faults);
    this.remaining = this.faults.count;
  }

  current(): Faults & { remaining?: number } {
    return this.remaining === undefined ? { ...this.faults } : { ...this.faults, remaining: this.remaining };
  }

  /** The fault for the request now arriving, counting it against `count`. */
  take(): FaultForRequest | undefined {
    const { latencyMs, failure } = this.faults;
    if (latencyMs === undefined && failure === undefined) return undefined;
    if (this.remaining !== undefined) {
      this.remaining -= 1;
      if (this.remaining <= 0) this.set({});
    }
    return failure === undefined ? { latencyMs: latencyMs ?? 0 } : { latencyMs: latencyMs ?? 0, failure };
  }
}

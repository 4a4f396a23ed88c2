import type { AlertJob } from './job.js';

export type Enqueued =
  /** `handled` resolves once the job no longer depends on this process (queued in Redis, or delivered). */
  | { state: 'queued'; handled: Promise<void> }
  /** Queued before (a catch-up tick met it again): a no-op. */
  | { state: 'repeat'; handled: Promise<void> };

/** Where ticks put jobs and workers take them: in-process without Redis, BullMQ with it. */
export interface DeliveryQueue {
  enqueue(jobs: AlertJob[]): Promise<Enqueued[]>;
  /** Jobs waiting, delayed or being sent. */
  depth(): Promise<number>;
  /** Stops taking work and waits for the sends under way; what waits stays for a catch-up (or in Redis). */
  close(): Promise<void>;
}

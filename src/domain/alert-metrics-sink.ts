import type { Platform } from './chat.js';

/** Why an alert did not go out (yet). */
export type FailureReason = 'permanent' | 'temporary' | 'gave-up' | 'store' | 'no-adapter';

/** What one tick did, logged at info and counted. */
export interface TickTotals {
  /** UTC minutes collected by this tick (the current one, plus any made up). */
  minutes: number;
  due: number;
  /** Messages queued (one per chat and minute); `repeats`: already queued before. */
  queued: number;
  repeats: number;
  /** Distinct stops asked upstream, and how many of those asks failed. */
  upstreamCalls: number;
  upstreamFailures: number;
  ms: number;
}

/**
 * What the pushes (their tick and delivery) report; src/ops/ turns it into Prometheus series. A
 * port of its own so that pushes/ neither imports prom-client nor needs it in tests.
 */
export interface AlertMetricsSink {
  tick(totals: TickTotals): void;
  /** `alerts` alerts merged into one accepted message, `latenessSeconds` after they were due. */
  sent(platform: Platform, alerts: number, latenessSeconds: number): void;
  failed(platform: Platform, reason: FailureReason): void;
  /** Alerts older than the catch-up window when first seen: never sent. */
  dropped(count: number): void;
  /** Where the delivery queue's depth is read (jobs waiting, delayed or being sent), at each scrape. */
  queue(depth: () => Promise<number>): void;
}

export const noMetrics: AlertMetricsSink = { tick() {}, sent() {}, failed() {}, dropped() {}, queue() {} };

// The pushes' Prometheus series, in a registry of their own (tests and two bots in one process
// never collide), with the process's default metrics beside them.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AlertMetricsSink } from '../../domain/alert-metrics-sink.js';

export interface AlertMetrics extends AlertMetricsSink {
  registry: Registry;
  /** When the last tick finished (epoch ms), for the liveness probe. */
  lastTickAt(): number | undefined;
}

export function createAlertMetrics(options: { now: () => number }): AlertMetrics {
  /** The delivery queue's depth, once the pushes have a queue. */
  let queueDepth: (() => Promise<number>) | undefined;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const due = new Counter({ name: 'alerts_due_total', help: 'Alerts found due (timed, and near alerts whose bus was near)', registers: [registry] });
  const sent = new Counter({ name: 'alerts_sent_total', help: 'Alerts the platform accepted', labelNames: ['platform'], registers: [registry] });
  const failed = new Counter({
    name: 'alerts_failed_total',
    help: 'Delivery failures by reason: permanent (chat refuses the bot), temporary (retried), gave-up, store, no-adapter',
    labelNames: ['platform', 'reason'],
    registers: [registry],
  });
  const dropped = new Counter({
    name: 'alerts_dropped_total',
    help: 'Alerts older than the catch-up window when found: not sent',
    registers: [registry],
  });
  const lateness = new Histogram({
    name: 'alerts_lateness_seconds',
    help: 'From the minute an alert was due to the platform accepting it',
    labelNames: ['platform'],
    buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
    registers: [registry],
  });
  const upstream = new Gauge({
    name: 'alerts_tick_upstream_calls',
    help: 'Stops asked upstream by the last tick (one call per distinct stop)',
    registers: [registry],
  });
  const upstreamTotal = new Counter({ name: 'alerts_upstream_calls_total', help: 'Stops asked upstream by all ticks', registers: [registry] });
  const tickSeconds = new Gauge({ name: 'alerts_tick_duration_seconds', help: 'How long the last tick took', registers: [registry] });
  new Gauge({
    name: 'alerts_queue_depth',
    help: 'Alert messages waiting, delayed or being sent',
    registers: [registry],
    async collect() {
      if (queueDepth === undefined) return;
      try {
        this.set(await queueDepth());
      } catch {
        // Redis away: the series is left as it was rather than failing the whole scrape.
      }
    },
  });
  let lastTick: number | undefined;

  return {
    registry,
    lastTickAt: () => lastTick,
    tick(totals) {
      due.inc(totals.due);
      upstream.set(totals.upstreamCalls);
      upstreamTotal.inc(totals.upstreamCalls);
      tickSeconds.set(totals.ms / 1000);
      lastTick = options.now();
    },
    sent(platform, alerts, latenessSeconds) {
      sent.inc({ platform }, alerts);
      lateness.observe({ platform }, Math.max(0, latenessSeconds));
    },
    failed: (platform, reason) => failed.inc({ platform, reason }),
    dropped: (count) => dropped.inc(count),
    queue: (depth) => void (queueDepth = depth),
  };
}

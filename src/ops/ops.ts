// What operators watch, in one place: the pushes' and the feeds' Prometheus series, and the
// health the probes read. main.ts makes it before the chat adapters (the webhook server answers
// the same probes), hands its metrics to the pushes, and serves it on METRICS_PORT.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from '../domain/clock.js';
import type { Health } from '../domain/health.js';
import type { FeedStatus } from '../domain/transit-source.js';
import type { Logger } from '../log.js';
import { createHealth } from './health.js';
import { createAlertMetrics, type AlertMetrics } from './metrics/alert-metrics.js';
import { registerFeedMetrics } from './metrics/feed-metrics.js';
import { registerAccuracyMetrics } from './metrics/accuracy-metrics.js';
import { startOpsServer, type OpsServer } from './server.js';

export interface Ops {
  /** The pushes report here (their ticks feed the liveness probe). */
  metrics: AlertMetrics;
  health: Health;
  /** Serves /metrics, /healthz, /livez and /readyz on this port (0: any free one). */
  serve(options: {
    port: number;
    host?: string;
    logger: Logger;
    beside?: (req: IncomingMessage, res: ServerResponse) => boolean;
  }): Promise<OpsServer>;
}

export function createOps(deps: { clock: Clock; feeds: () => readonly FeedStatus[] }): Ops {
  const metrics = createAlertMetrics({ now: () => deps.clock().getTime() });
  // Each feed's state beside the pushes' series: one down or loading shows by itself.
  registerFeedMetrics(metrics.registry, deps.feeds);
  registerAccuracyMetrics(metrics.registry, deps.feeds);
  const health = createHealth({ clock: deps.clock, lastTick: () => metrics.lastTickAt(), feeds: deps.feeds });
  return {
    metrics,
    health,
    serve: (options) => startOpsServer({ ...options, registry: metrics.registry, health }),
  };
}

import { Gauge, type Registry } from 'prom-client';
import type { FeedStatus } from '../../domain/transit-source.js';

// Each feed's state as Prometheus series, read at every scrape: whether its schedule is in use (or
// none could be had), and whether its realtime feed answers (1) or fails (0); a feed without one
// has no series.

export function registerFeedMetrics(registry: Registry, status: () => readonly FeedStatus[]): void {
  new Gauge({
    name: 'transit_feed_schedule_ready',
    help: 'Whether the feed answers from a schedule (1), or a first import is under way or has failed (0; /healthz says why)',
    labelNames: ['feed'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of status()) this.set({ feed: s.feed ?? 'default' }, s.schedule === 'ready' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'transit_feed_schedule_failed',
    help: 'Whether the feed has no schedule and none is coming by waiting (1: its file was refused or could not be had), or not (0)',
    labelNames: ['feed'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of status()) this.set({ feed: s.feed ?? 'default' }, s.schedule === 'failed' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'transit_feed_realtime_ok',
    help: "Whether the feed's realtime feed answers (1) or fails (0)",
    labelNames: ['feed'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of status()) if (s.realtime !== 'none') this.set({ feed: s.feed ?? 'default' }, s.realtime === 'ok' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'transit_feed_stop_mismatches',
    help: 'Trips (since start) whose realtime stop_sequence named another stop than the schedule: matched-by-stop-id, or prediction-dropped (shown as scheduled)',
    labelNames: ['feed', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of status()) {
        for (const [outcome, trips] of Object.entries(s.stopMismatches ?? {})) this.set({ feed: s.feed ?? 'default', outcome }, trips);
      }
    },
  });
}

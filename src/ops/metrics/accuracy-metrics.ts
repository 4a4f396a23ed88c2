import { Counter, type Registry } from 'prom-client';
import type { FeedStatus } from '../../domain/transit-source.js';

// How each feed's predictions came out, as the bot measured them (domain/accuracy.ts): counters
// since start of what this instance recorded (each snapshot is recorded by one instance, so the
// sum over instances counts it once). Labels stay bounded: the feed, the band (four), the outcome
// (within the band; early: the bus came before the band allows, a rider missed it; late).

export function registerAccuracyMetrics(registry: Registry, status: () => readonly FeedStatus[]): void {
  new Counter({
    name: 'transit_predictions_scored_total',
    help: 'Predictions of a call within 15 minutes scored when its bus was seen at the stop, by Transit band (minutes ahead) and outcome: within, early (missed), late; bus catch = (within + late) / all',
    labelNames: ['feed', 'band', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of status())
        for (const p of s.accuracy?.predictions ?? []) this.inc({ feed: s.feed ?? 'default', band: p.band, outcome: p.outcome }, p.count);
    },
  });
  new Counter({
    name: 'transit_trips_cancelled_total',
    help: 'Trips the feed newly marked cancelled',
    labelNames: ['feed'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of status()) if (s.accuracy !== undefined) this.inc({ feed: s.feed ?? 'default' }, s.accuracy.cancelled);
    },
  });
  new Counter({
    name: 'transit_trips_vanished_total',
    help: 'Trips due at a stop within 10 minutes that dropped out of the trip updates before their bus passed it',
    labelNames: ['feed'],
    registers: [registry],
    collect() {
      this.reset();
      for (const s of status()) if (s.accuracy !== undefined) this.inc({ feed: s.feed ?? 'default' }, s.accuracy.vanished);
    },
  });
}

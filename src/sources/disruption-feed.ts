import type { Disruption } from '../domain/disruption.js';

// What every publisher of disruptions gives the matcher (a GTFS-Realtime Service Alerts feed,
// OC Transpo's RSS): the disruptions it carries now, or that it cannot be read.

export type DisruptionSnapshot = { readonly status: 'ok'; readonly disruptions: readonly Disruption[] } | { readonly status: 'unavailable' };

export interface DisruptionFeed {
  /** Never rejects. */
  read(): Promise<DisruptionSnapshot>;
  /** Requests actually made (tests, the bench). */
  readonly requests: number;
}

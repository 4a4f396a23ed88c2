// The accuracy figures' counters (domain/accuracy.ts) over the backend's native counters: one
// counter per feed, day and route, its fields the counters route-wide ("scored:0-3") and at each
// stop ("scored:0-3@<stop_id>"); a snapshot claimed once across instances (Claims) before its
// increments are added. No chat id is ever part of it.
import { bandName, NO_TALLY, type AccuracyCounter, type AccuracyRecords, type AccuracyTally } from '../domain/accuracy.js';
import { ETA_BANDS } from '../domain/eta-bands.js';
import type { Claims } from '../domain/store-ports.js';
import type { CounterOps } from './counters.js';
import { guarded } from './errors.js';

/**
 * Instances poll a feed within seconds of each other: a snapshot's claim outlives that by far. Its
 * key is the header time within the hour, so that SQLite (which sweeps expired keys only at open)
 * holds at most an hour's worth per feed: the same key an hour later finds the claim expired.
 */
const SNAPSHOT_CLAIM_MS = 30 * 60_000;
const SNAPSHOT_KEYS_S = 60 * 60;

const counterKey = (feed: string, day: string, route: string) => `accuracy:${feed}:${day}:${route}`;
export const snapshotClaimKey = (feed: string, headerSeconds: number) => `accuracy:snapshot:${feed}:${headerSeconds % SNAPSHOT_KEYS_S}`;
const fieldOf = (counter: AccuracyCounter, stop: string | undefined) => (stop === undefined ? counter : `${counter}@${stop}`);

const BAND_COUNTERS = ['scored', 'accurate', 'caught'] as const;
const BANDS = ETA_BANDS.map(bandName);

export function createAccuracyRecords(counters: CounterOps, claims: Claims): AccuracyRecords {
  return {
    claimSnapshot: (feed, headerSeconds) => claims.claim(snapshotClaimKey(feed, headerSeconds), String(headerSeconds), SNAPSHOT_CLAIM_MS),
    add: (feed, day, increments, keepForMs) =>
      guarded(`add accuracy counters of ${feed}`, async () => {
        const byRoute = new Map<string, Map<string, number>>();
        for (const inc of increments) {
          const fields = byRoute.get(inc.route) ?? new Map<string, number>();
          byRoute.set(inc.route, fields);
          const field = fieldOf(inc.counter, inc.stop);
          fields.set(field, (fields.get(field) ?? 0) + inc.n);
        }
        await Promise.all([...byRoute].map(([route, fields]) => counters.add(counterKey(feed, day, route), [...fields], keepForMs)));
      }),
    read: (feed, days, routes, stops) =>
      guarded(`read accuracy counters of ${feed}`, async (): Promise<AccuracyTally> => {
        const places = stops === undefined ? [undefined] : [...stops];
        const banded = BAND_COUNTERS.flatMap((c) => BANDS.flatMap((band) => places.map((stop) => [c, fieldOf(`${c}:${band}`, stop)] as const)));
        const fields = [...banded.map(([, field]) => field), 'cancelled', 'vanished'];
        const keys = days.flatMap((day) => routes.map((route) => counterKey(feed, day, route)));
        if (keys.length === 0) return NO_TALLY;
        const values = await counters.read(keys, fields);
        const sum = (i: number) => values.reduce((total, row) => total + (row[i] ?? 0), 0);
        const tally = { scored: 0, accurate: 0, caught: 0, cancelled: sum(banded.length), vanished: sum(banded.length + 1) };
        banded.forEach(([c], i) => (tally[c] += sum(i)));
        return tally;
      }),
  };
}

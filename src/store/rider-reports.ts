// Riders' reports of a bus that did not come, over the backend's expiring counters (report-counts.ts).
// What is kept: per route and per stop, a count for each hour a reported trip was due, for
// REPORTS_KEPT_DAYS; nothing of who reported. To refuse a second report of one trip and more
// than REPORTS_PER_HOUR, a rider is kept as an HMAC under a per-install secret (never as the id
// the platform gave), in keys that go once the trip can no longer be reported and the hour is over.
import { createHmac, randomBytes } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import { REPORTABLE_FOR_MS, type ReportedTrip, type RiderReportsRepository } from '../domain/rider-reports.js';
import type { Backend } from './backend.js';
import type { Claims } from '../domain/store-ports.js';
import { guarded } from './errors.js';
import { routeNameKey } from '../domain/route-names.js';
import { readStored } from './records.js';
import { REPORTS_SECRET_KEY, hourOf, riderHourKey, riderTripKey, routeHourKey, stopHourKey } from './rider-report-keys.js';

const HOUR_MS = 3_600_000;
/** How long the counts are kept: a week to show, and a day's margin. */
export const REPORTS_KEPT_DAYS = 8;
/** A rider's reports in one hour; past it, "too many" (a button pressed in a loop, a forged one). */
export const REPORTS_PER_HOUR = 5;

const KEPT_MS = REPORTS_KEPT_DAYS * 24 * HOUR_MS;
const MIN_TTL_MS = 60_000;

export function createRiderReports(deps: { backend: Backend; claims: Claims; now: Clock }): RiderReportsRepository {
  const { backend, claims } = deps;
  let secret: Promise<Buffer> | undefined;

  // Made by whichever instance comes first (a claim), then read by all; kept in memory once read.
  const readSecret = async (): Promise<Buffer> => {
    await claims.claim(REPORTS_SECRET_KEY, randomBytes(32).toString('hex'), undefined);
    const [stored] = await readStored(backend.keyv, [REPORTS_SECRET_KEY]);
    if (stored?.state !== 'present' || typeof stored.value !== 'string' || !/^[0-9a-f]{64}$/.test(stored.value))
      throw new Error('the riders reports secret cannot be read');
    return Buffer.from(stored.value, 'hex');
  };
  const keyed = async (...parts: string[]) => {
    secret ??= readSecret().catch((err: unknown) => {
      secret = undefined;
      throw err;
    });
    return createHmac('sha256', await secret)
      .update(JSON.stringify(parts))
      .digest('base64url')
      .slice(0, 32);
  };

  async function report(rider: string, trip: ReportedTrip, at: Date) {
    const now = at.getTime();
    const due = trip.due.getTime();
    const ttlUntil = (end: number) => Math.max(MIN_TTL_MS, end - now);
    const dueHour = hourOf(due);
    const counterTtl = ttlUntil((dueHour + 1) * HOUR_MS + KEPT_MS);
    const reportHour = hourOf(now);
    // A route however it is spelt ("095", "R2" or "r2"): /reliability reads what a typed one names.
    const route = routeNameKey(trip.route);
    return backend.reports.add(
      {
        // The trip by its route and its start: the same start a day later is another trip, by then forgotten.
        mark: { key: riderTripKey(await keyed('trip', rider, route, trip.trip)), ttlMs: ttlUntil(Math.max(due, now) + REPORTABLE_FOR_MS) },
        rate: {
          key: riderHourKey(await keyed('hour', rider, String(reportHour))),
          ttlMs: ttlUntil((reportHour + 1) * HOUR_MS),
          max: REPORTS_PER_HOUR,
        },
        counters: [
          { key: routeHourKey(route, dueHour), ttlMs: counterTtl },
          { key: stopHourKey(trip.stop, route, dueHour), ttlMs: counterTtl },
        ],
      },
      at,
    );
  }

  return {
    report: (rider, trip, at) => guarded('count the report', () => report(rider, trip, at)),
    count: ({ route, stop, since }) =>
      guarded('read the reports', async () => {
        const now = deps.now();
        const last = hourOf(now);
        // Nothing older is kept.
        const first = Math.max(hourOf(since), hourOf(now.getTime() - KEPT_MS));
        const keys: string[] = [];
        const named = routeNameKey(route);
        for (let hour = first; hour <= last; hour++) keys.push(stop === undefined ? routeHourKey(named, hour) : stopHourKey(stop, named, hour));
        return backend.reports.sum(keys, now);
      }),
  };
}

/** RIDER_REPORTS=off: nothing counted, nothing kept, nothing read. */
export const turnedOffReports: RiderReportsRepository = {
  report: () => Promise.resolve('turned-off'),
  count: () => Promise.resolve(0),
};

import { FeedMessageType } from '../gtfs-format/realtime-schema.js';
import { tripOutlook } from './arrivals/live.js';
import type { SimNetwork } from './network.js';
import { addDays, dateKey } from '../gtfs-format/local-date.js';
import { serviceDayStartMs, wallClock } from '../gtfs-format/service-time.js';

// The demo network's GTFS-Realtime TripUpdates at an instant: every tracked trip on the road (or
// about to leave its terminal), late by the same seeded delay the v1.2 answers use, so both
// sources agree. Like many agencies' feeds, each trip carries one update, for its next stop
// (absolute time and delay); consumers carry the delay on to the later stops.

const REPORTS_BEFORE_START_S = 15 * 60;

/**
 * What tests (and a demo) make the feed say of chosen trips, by trip_id: cancelled (CANCELED, no
 * stop updates), dropped from the feed altogether (the ghost bus that vanishes), or skipping one
 * stop (a SKIPPED stop update beside its next stop's).
 */
export interface TripChanges {
  readonly cancelled?: readonly string[];
  readonly dropped?: readonly string[];
  readonly skipped?: ReadonlyArray<{ readonly tripId: string; readonly stopId: string }>;
}

/** The SKIPPED stop update of a trip's call at `stopId`, when the changes name it. */
function skippedUpdate(trip: SimNetwork['trips'][number], changes: TripChanges) {
  const skip = changes.skipped?.find((s) => s.tripId === trip.tripId);
  const index = skip === undefined ? -1 : trip.calls.findIndex((c) => c.stopId === skip.stopId);
  return index < 0 ? [] : [{ stopSequence: index + 1, stopId: trip.calls[index]!.stopId, scheduleRelationship: 1 }];
}

export function demoTripUpdates(network: SimNetwork, nowMs: number, changes: TripChanges = {}): Uint8Array {
  const nowS = Math.floor(nowMs / 1000);
  const today = wallClock(nowMs, network.timeZone);
  const entity: unknown[] = [];
  for (const date of [addDays(today, -1), today]) {
    const start = serviceDayStartMs(date, network.timeZone) / 1000;
    const active = network.calendar.activeOn(date);
    const startDate = dateKey(date);
    for (const trip of network.trips) {
      if (!active.has(trip.serviceId)) continue;
      const outlook = tripOutlook(trip, startDate, network.fleet.get(trip.routeId) ?? []);
      if (!outlook.tracked || changes.dropped?.includes(trip.tripId) === true) continue;
      const at = (i: number) => start + (trip.calls[i]?.seconds ?? 0) + outlook.delaySeconds;
      if (nowS < at(0) - REPORTS_BEFORE_START_S || nowS > at(trip.calls.length - 1)) continue;
      const next = trip.calls.findIndex((_, i) => at(i) >= nowS);
      const call = trip.calls[next];
      if (call === undefined) continue;
      if (changes.cancelled?.includes(trip.tripId) === true) {
        const descriptor = { tripId: trip.tripId, routeId: trip.routeId, directionId: trip.directionId, startDate, scheduleRelationship: 3 };
        entity.push({ id: `${trip.tripId}@${startDate}`, tripUpdate: { trip: descriptor, timestamp: nowS - 20 } });
        continue;
      }
      const event = { time: at(next), delay: outlook.delaySeconds };
      entity.push({
        id: `${trip.tripId}@${startDate}`,
        tripUpdate: {
          trip: { tripId: trip.tripId, routeId: trip.routeId, directionId: trip.directionId, startDate, scheduleRelationship: 0 },
          timestamp: nowS - 20,
          stopTimeUpdate: [
            { stopSequence: next + 1, stopId: call.stopId, ...(next === 0 ? { departure: event } : { arrival: event, departure: event }) },
            ...skippedUpdate(trip, changes).filter((u) => u.stopSequence > next + 1),
          ],
        },
      });
    }
  }
  return FeedMessageType.encode(
    FeedMessageType.fromObject({ header: { gtfsRealtimeVersion: '2.0', incrementality: 0, timestamp: nowS }, entity }),
  ).finish();
}

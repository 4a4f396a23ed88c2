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

export function demoTripUpdates(network: SimNetwork, nowMs: number): Uint8Array {
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
      if (!outlook.tracked) continue;
      const at = (i: number) => start + (trip.calls[i]?.seconds ?? 0) + outlook.delaySeconds;
      if (nowS < at(0) - REPORTS_BEFORE_START_S || nowS > at(trip.calls.length - 1)) continue;
      const next = trip.calls.findIndex((_, i) => at(i) >= nowS);
      const call = trip.calls[next];
      if (call === undefined) continue;
      const event = { time: at(next), delay: outlook.delaySeconds };
      entity.push({
        id: `${trip.tripId}@${startDate}`,
        tripUpdate: {
          trip: { tripId: trip.tripId, routeId: trip.routeId, directionId: trip.directionId, startDate, scheduleRelationship: 0 },
          timestamp: nowS - 20,
          stopTimeUpdate: [
            { stopSequence: next + 1, stopId: call.stopId, ...(next === 0 ? { departure: event } : { arrival: event, departure: event }) },
          ],
        },
      });
    }
  }
  return FeedMessageType.encode(
    FeedMessageType.fromObject({ header: { gtfsRealtimeVersion: '2.0', incrementality: 0, timestamp: nowS }, entity }),
  ).finish();
}

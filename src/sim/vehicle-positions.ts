import { FeedMessageType } from '../gtfs-format/realtime-schema.js';
import { addDays, dateKey } from '../gtfs-format/local-date.js';
import { serviceDayStartMs, wallClock } from '../gtfs-format/service-time.js';
import { gpsFix, tripOutlook } from './arrivals/live.js';
import { pick, unit } from './arrivals/seeded.js';
import type { SimNetwork } from './network.js';

// The demo network's GTFS-Realtime VehiclePositions at an instant: every tracked bus on the road,
// at the place the v1.2 answers give it (the same seeded delay and fix, so both sources show one
// bus), heading to its next stop, with the current stop and status, an occupancy most of the
// time (and none now and then, as real feeds do) and the number painted on it. Asked again a
// few seconds later, each bus has moved along its route: the demo's bus moves offline.

/** OccupancyStatus values the demo's buses report; undefined: NO_DATA, left out of the message. */
const OCCUPANCIES = [1, 1, 1, 2, 2, 3, 5, undefined] as const;

export function demoVehiclePositions(network: SimNetwork, nowMs: number): Uint8Array {
  const nowS = Math.floor(nowMs / 1000);
  const today = wallClock(nowMs, network.timeZone);
  const entity: unknown[] = [];
  for (const date of [addDays(today, -1), today]) {
    const dayStartMs = serviceDayStartMs(date, network.timeZone);
    const active = network.calendar.activeOn(date);
    const startDate = dateKey(date);
    for (const trip of network.trips) {
      if (!active.has(trip.serviceId)) continue;
      const outlook = tripOutlook(trip, startDate, network.fleet.get(trip.routeId) ?? []);
      const fix = gpsFix(trip, outlook, dayStartMs, nowMs, network.stopsById);
      if (fix === undefined) continue;
      const occupancy = pick(OCCUPANCIES, outlook.seed, 'occupancy');
      const label = String(4000 + Math.floor(unit(outlook.seed, 'vehicle') * 1000));
      entity.push({
        id: `${trip.tripId}@${startDate}`,
        vehicle: {
          trip: { tripId: trip.tripId, routeId: trip.routeId, directionId: trip.directionId, startDate, scheduleRelationship: 0 },
          vehicle: { id: label, label },
          position: { latitude: fix.lat, longitude: fix.lon, bearing: fix.bearing, speed: fix.speedKmh / 3.6 },
          currentStopSequence: fix.stopIndex + 1,
          stopId: trip.calls[fix.stopIndex]?.stopId ?? '',
          currentStatus: fix.atStop ? 1 : 2,
          timestamp: nowS - Math.round(fix.ageMinutes * 60),
          ...(occupancy !== undefined ? { occupancyStatus: occupancy } : {}),
        },
      });
    }
  }
  return FeedMessageType.encode(
    FeedMessageType.fromObject({ header: { gtfsRealtimeVersion: '2.0', incrementality: 0, timestamp: nowS }, entity }),
  ).finish();
}

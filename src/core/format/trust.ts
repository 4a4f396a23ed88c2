import { fromFeed, stopsHere, type Trip, type TripTrust } from '../../domain/arrivals.js';
import { clockTime, tripInstant } from './clock-time.js';
import type { Say } from './text.js';

// How far a rider may trust each time: a mark learnt once beside the minutes (📡 the vehicle
// tracked, 🔮 predicted with no vehicle seen, 🧭 estimated from the vehicle's position where the
// feed predicts nothing, 🕒 the schedule alone, 👻 vanished from tracking),
// the gap to the schedule in words where both times are known, and the legend of the marks a
// message shows.

const MARK_IDS = {
  tracked: 'arrivals-source-tracked',
  predicted: 'arrivals-source-predicted',
  estimated: 'arrivals-source-estimated',
  scheduled: 'arrivals-source-scheduled',
} as const satisfies Record<TripTrust, string>;

const LEGEND_IDS = {
  tracked: 'arrivals-legend-tracked',
  predicted: 'arrivals-legend-predicted',
  estimated: 'arrivals-legend-estimated',
  scheduled: 'arrivals-legend-scheduled',
} as const satisfies Record<TripTrust, string>;

const TRUST_ORDER: readonly TripTrust[] = ['tracked', 'predicted', 'estimated', 'scheduled'];

export function trustMark(trip: Pick<Trip, 'trust'>, say: Say): string {
  return say(MARK_IDS[trip.trust]);
}

/** "3 min late", "2 min early", "on time": to the nearest minute; undefined when the schedule is not known. */
export function deviationNote(trip: Pick<Trip, 'delaySeconds'>, say: Say): string | undefined {
  if (trip.delaySeconds === undefined) return undefined;
  const minutes = Math.round(trip.delaySeconds / 60);
  if (minutes === 0) return say('arrivals-note-on-time');
  return minutes > 0 ? say('arrivals-note-late', { minutes }) : say('arrivals-note-early', { minutes: -minutes });
}

/**
 * The marks the trips shown carry, each with its words, in one line; undefined when none does.
 * A network whose feeds give no vehicle positions cannot see any vehicle: its predictions are said
 * to be predictions, not "no vehicle seen".
 */
export function trustLegend(trips: readonly Trip[], say: Say, noVehiclePositions: boolean): string | undefined {
  const shown = new Set(trips.filter((trip) => stopsHere(trip) && trip.vanishedAt === undefined).map((trip) => trip.trust));
  const parts = TRUST_ORDER.filter((trust) => shown.has(trust)).map((trust) =>
    trust === 'predicted' && noVehiclePositions ? say('arrivals-legend-predicted-no-positions') : say(LEGEND_IDS[trust]),
  );
  if (trips.some((trip) => trip.vanishedAt !== undefined)) parts.push(say('arrivals-legend-vanished'));
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** Every mark with its words, for /help, 👻 vanished included: the lines that will not stop say so in words of their own. */
export function fullTrustLegend(say: Say): string {
  return [...TRUST_ORDER.map((trust) => say(LEGEND_IDS[trust])), say('arrivals-legend-vanished')].join(' · ');
}

/**
 * What a rider waiting for a vanished trip can count on instead: the route's next trip after it
 * that the feed still follows (tracked or predicted), "Next: 08:12 📡"; undefined for any other
 * trip, or when the route shows none.
 */
export function vanishedNext(trip: Trip, routeTrips: readonly Trip[], now: Date, zone: string, say: Say): string | undefined {
  if (trip.vanishedAt === undefined) return undefined;
  const after = tripInstant(trip, now).getTime();
  const next = routeTrips.find(
    (other) => fromFeed(other) && stopsHere(other) && other.vanishedAt === undefined && tripInstant(other, now).getTime() > after,
  );
  if (next === undefined) return undefined;
  return say('arrivals-note-vanished-next', { clock: clockTime(tripInstant(next, now), zone), source: trustMark(next, say) });
}

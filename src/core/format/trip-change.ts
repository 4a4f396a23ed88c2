import type { StopArrivals, Trip, TripTrust } from '../../domain/arrivals.js';
import type { Reply } from '../../domain/reply.js';
import { nextButton } from './buttons.js';
import { clockTime, tripInstant } from './clock-time.js';
import type { Say } from './text.js';

// One message to a chat waiting for a trip that will not come as it expected: cancelled, vanished
// from tracking, or passing its stop by, and the route's next trip at the stop with how far to
// trust it ("The 95 due at 07:42 at 3017 is cancelled. Next: 07:57 (tracked)").

/** What happened to a trip a chat waits for. */
export type TripChangeKind = 'cancelled' | 'vanished' | 'skipped';

export interface TripChange {
  readonly kind: TripChangeKind;
  /** The answer the trip was read in: its stop as riders write it, its agency's zone. */
  readonly arrivals: Pick<StopArrivals, 'stopNo' | 'timeZone'>;
  readonly routeNo: string;
  readonly trip: Trip;
  /** The route's next trip at the stop that stops there and is still followed; none: the answer shows none. */
  readonly next?: Trip;
}

const TRUST_WORDS = {
  tracked: 'trip-change-trust-tracked',
  predicted: 'trip-change-trust-predicted',
  estimated: 'trip-change-trust-estimated',
  scheduled: 'trip-change-trust-scheduled',
} as const satisfies Record<TripTrust, string>;

/** What a trip's line says has become of it, if anything a waiting rider must hear. */
export function tripChangeOf(trip: Pick<Trip, 'cancelled' | 'skipped' | 'vanishedAt'>): TripChangeKind | undefined {
  if (trip.cancelled === true) return 'cancelled';
  if (trip.skipped === true) return 'skipped';
  if (trip.vanishedAt !== undefined) return 'vanished';
  return undefined;
}

export function formatTripChange(change: TripChange, { now, say }: { now: Date; say: Say }): Reply {
  const { stopNo, timeZone } = change.arrivals;
  const clock = clockTime(tripInstant(change.trip, now), timeZone);
  const args = { routeNo: change.routeNo, stopNo, clock };
  const what =
    change.kind === 'vanished'
      ? say('trip-change-vanished', { ...args, since: clockTime(change.trip.vanishedAt ?? now, timeZone) })
      : say(change.kind === 'cancelled' ? 'trip-change-cancelled' : 'trip-change-skipped', args);
  const next =
    change.next !== undefined
      ? say('trip-change-next', { clock: clockTime(tripInstant(change.next, now), timeZone), trust: say(TRUST_WORDS[change.next.trust]) })
      : say('trip-change-no-next', { routeNo: change.routeNo, stopNo });
  return {
    kind: 'answer',
    blocks: [{ lines: [`${what} ${next}`] }],
    buttons: [[nextButton(say('button-arrivals'), stopNo, change.routeNo)]],
  };
}

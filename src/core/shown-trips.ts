// What each chat's boards showed, so that a board shown again can offer the 👻 "didn't come?"
// button for a trip whose time has passed. A board lists trips to come; a trip drops off it once
// its time is past, whether its bus came or not, and only the rider at the stop knows which. So
// the offer is for a trip this chat was shown as its route's next, now gone from the board (or
// kept as vanished) with its time past, that the feed never showed arriving (its own vehicle a
// minute away or less). The next trip of each route and direction is the one a rider waits for;
// each in turn is remembered as the board is shown again (Refresh, a live board's rounds).
// Memory only, like rider-places.ts: which buses a chat looked at is not worth a record, and a
// restart (or another instance answering the next Refresh) costs only an offer.
import type { StopArrivals, Trip } from '../domain/arrivals.js';
import type { ChatRef } from '../domain/chat.js';
import { sameRouteName } from '../domain/route-names.js';
import { minutesAway, tripInstant } from './format/clock-time.js';

/** A trip the chat was shown whose time has passed: what its 👻 button reports. */
export interface PassedTrip {
  readonly route: string;
  /** The trip's start as the board's source gives it ("07:42"). */
  readonly trip: string;
  /** The time the board last showed for it at the stop. */
  readonly due: Date;
}

export interface ShownTrips {
  /**
   * The board this chat is shown now at a stop (one route's, or all): remembered, and answered
   * with the trips shown before whose time has passed, latest first, at most MAX_OFFERED.
   */
  show(chat: ChatRef, arrivals: StopArrivals, routeNo: string | undefined, now: Date): PassedTrip[];
}

/** Past its time by this much, a trip not on the board is offered: a bus a minute late is not a ghost. */
const GRACE_MS = 2 * 60_000;
/** Offered for this long after its time (a press later still counts, up to domain's REPORTABLE_FOR_MS). */
const OFFER_FOR_MS = 30 * 60_000;
const MAX_OFFERED = 3;
const MAX_CHAT_STOPS = 10_000;
/** A board of every route at a busy stop, each route's next trips as they came, and no more. */
const MAX_TRIPS_PER_CHAT_STOP = 24;

interface Seen {
  readonly route: string;
  readonly trip: string;
  readonly dueMs: number;
  /** Its own vehicle was seen a minute away or less: taken as come, never offered. */
  readonly arriving: boolean;
}

export function shownTrips(): ShownTrips {
  // Insertion order is use order: the chat and stop least lately shown go first.
  const boards = new Map<string, Map<string, Seen>>();
  return {
    show(chat, arrivals, routeNo, now) {
      const key = `${chat.platform}:${chat.chatId}:${arrivals.stopNo}`;
      const seen = boards.get(key) ?? new Map<string, Seen>();
      const expected = new Set<string>();
      for (const route of arrivals.routes) {
        if (route.problem !== undefined) continue;
        // A route's two directions may have trips starting at the same minute.
        const prefix = `${route.routeNo} ${route.directionId ?? route.direction} `;
        let next = true;
        for (const trip of route.trips) {
          const id = prefix + trip.startTime;
          // The feed said so already (cancelled, passing by), or a nominal run of "every 10 min": nothing for a rider to report.
          if (trip.cancelled === true || trip.skipped === true || trip.headwayMinutes !== undefined) {
            seen.delete(id);
            continue;
          }
          // Still to come: not offered. A vanished trip is kept on the board for its time, and offered once it is past.
          if (trip.vanishedAt === undefined) expected.add(id);
          // The route's next trip (and any remembered already, whose time moves) is what a rider waits for.
          if (next || seen.has(id))
            seen.set(id, { route: route.routeNo, trip: trip.startTime, dueMs: tripInstant(trip, now).getTime(), arriving: isArriving(trip) });
          next = false;
        }
      }
      const offered: Seen[] = [];
      for (const [id, trip] of seen) {
        const past = now.getTime() - trip.dueMs;
        if (past > OFFER_FOR_MS) seen.delete(id);
        else if (!expected.has(id) && !trip.arriving && past >= GRACE_MS && (routeNo === undefined || sameRouteName(routeNo, trip.route)))
          offered.push(trip);
      }
      // The first remembered go first when a chat's stop holds too many (a Map iterates in insertion order).
      for (const id of seen.keys()) {
        if (seen.size <= MAX_TRIPS_PER_CHAT_STOP) break;
        seen.delete(id);
      }
      boards.delete(key);
      if (seen.size > 0) boards.set(key, seen);
      if (boards.size > MAX_CHAT_STOPS) boards.delete(boards.keys().next().value!);
      return offered
        .sort((a, b) => b.dueMs - a.dueMs)
        .slice(0, MAX_OFFERED)
        .map((trip) => ({ route: trip.route, trip: trip.trip, due: new Date(trip.dueMs) }));
    },
  };
}

function isArriving(trip: Trip): boolean {
  return trip.trust === 'tracked' && minutesAway(trip) <= 1;
}

import { kindOf, watchBeganAt, type NearDirection } from '../../domain/alert-kinds/index.js';
import type { Subscription } from '../../domain/subscription.js';
import type { RouteArrivals, StopArrivals, Trip } from '../../domain/arrivals.js';
import { directionName } from '../route-directions.js';
import type { Reply } from '../../domain/reply.js';
import { formatArrivals } from './arrivals.js';
import { refreshAndSave } from './buttons.js';
import { clockTime, minutesAway, tripInstant } from './clock-time.js';
import { messageReply, MAX_NAME_CHARS, type Say } from './text.js';
import { sameRouteName } from '../../domain/route-names.js';
import { stopName } from './names.js';
import { trustMark } from './trust.js';
import { leaveAlert } from './leave-alert.js';
import { comingTrips } from './coming-trips.js';

/** What the scheduler fetched for a subscription's stop: the arrivals, or why there are none. */
export type Fetched = { arrivals: StopArrivals } | { failure: unknown };

export interface AlertFormat {
  now: Date;
  say: Say;
  maxReplyChars?: number;
}

/**
 * The message a due subscription sends, by what its kind says it sends: the arrivals, or a notice
 * once the bus is near (undefined before: nothing to send this minute).
 */
export function alertReply(sub: Subscription, fetched: Fetched, format: AlertFormat): Reply | undefined {
  const trigger = kindOf(sub.schedule).trigger(sub.schedule);
  switch (trigger.kind) {
    case 'always':
      return timedAlert(sub, fetched, format);
    case 'bus-within':
      return 'arrivals' in fetched ? nearAlert(sub, fetched.arrivals, trigger.minutes, trigger.direction, format) : undefined;
    case 'leave':
      return 'arrivals' in fetched ? leaveAlert(sub, fetched.arrivals, trigger.walkSeconds, trigger.direction, format) : undefined;
  }
}

/**
 * A timed alert: the stop's arrivals (of its route only, when it has one) under an alert title,
 * or a short notice that they are unavailable, never silence.
 */
function timedAlert(sub: Subscription, fetched: Fetched, { now, say, maxReplyChars }: AlertFormat): Reply {
  if (!('arrivals' in fetched)) return messageReply('failure', say('alert-unavailable', { stopNo: sub.stopNo }));
  const { arrivals } = fetched;
  const routes = sub.routeNo === undefined ? arrivals.routes : arrivals.routes.filter((r) => sameRouteName(sub.routeNo!, r.routeNo));
  const reply = formatArrivals(
    { ...arrivals, routes },
    { now, say, ...(sub.routeNo !== undefined ? { routeNo: sub.routeNo } : {}), ...(maxReplyChars !== undefined ? { maxReplyChars } : {}) },
  );
  return {
    ...reply,
    title: say('alert-title', { stopName: stopName(arrivals.stopName, sub.stopNo, MAX_NAME_CHARS) || sub.stopNo, stopNo: sub.stopNo }),
  };
}

/**
 * "Route 95 to Orléans is 5 min from BASELINE (3017), at 07:42 📡" for the first bus that was at
 * least N min away when the watch began, once it is N min away; or, when the next bus was already
 * closer than N then, that with the one after ("The next 95 to Orléans is 2 min away; the
 * following one is in 16 min"). Undefined while neither holds: nothing to send this minute.
 * Whether a bus was that far when the watch began is read from where it is now: minutes away
 * plus minutes since, so a minute missed (a restart, a feed down) is made up, never lost.
 */
function nearAlert(
  sub: Subscription,
  arrivals: StopArrivals,
  within: number,
  direction: NearDirection | undefined,
  { now, say }: AlertFormat,
): Reply | undefined {
  if (sub.schedule.kind !== 'near') return undefined;
  const trips = comingTrips(sub, arrivals, direction);
  const sinceWatch = Math.max(0, (now.getTime() - watchBeganAt(sub.schedule, new Date(sub.createdAt), now, sub.timeZone)) / 60_000);
  const wasFar = ({ trip }: { trip: Trip }) => trip.minutesAway + sinceWatch >= within - 0.5;
  const first = trips[0];
  if (first === undefined) return undefined;
  const stop = { stopName: stopName(arrivals.stopName, sub.stopNo, MAX_NAME_CHARS) || sub.stopNo, stopNo: sub.stopNo };
  const towards = (route: RouteArrivals) => direction?.name || directionName(route) || 'none';
  const buttons = [refreshAndSave(sub.stopNo, sub.routeNo, say)];
  if (!wasFar(first)) {
    // The one after on the same way (an alert of any direction made before directions were chosen).
    const following = trips.slice(1).find(({ route }) => route === first.route);
    const text = say('alert-near-closer', {
      routeNo: sub.routeNo ?? '',
      towards: towards(first.route),
      minutes: minutesAway(first.trip),
      following: following === undefined ? 'none' : 'some',
      followingMinutes: following === undefined ? 0 : minutesAway(following.trip),
      ...stop,
    });
    return { ...messageReply('answer', text), buttons };
  }
  if (first.trip.minutesAway > within) return undefined;
  const text = say('alert-near', {
    routeNo: sub.routeNo ?? '',
    towards: towards(first.route),
    minutes: minutesAway(first.trip),
    ...stop,
    clock: clockTime(tripInstant(first.trip, now), arrivals.timeZone),
    source: trustMark(first.trip, say),
  });
  return { ...messageReply('answer', text), buttons };
}

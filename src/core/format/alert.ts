import { kindOf } from '../../domain/alert-kinds/index.js';
import type { Subscription } from '../../domain/subscription.js';
import { stopsHere, type StopArrivals, type Trip } from '../../domain/arrivals.js';
import type { Reply } from '../../domain/reply.js';
import { formatArrivals } from './arrivals.js';
import { refreshAndSave } from './buttons.js';
import { clockTime, minutesAway, tripInstant } from './clock-time.js';
import { messageReply, MAX_NAME_CHARS, type Say } from './text.js';
import { sameRouteName } from '../../domain/route-names.js';
import { stopName } from './names.js';
import { trustMark } from './trust.js';

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
      return 'arrivals' in fetched ? nearAlert(sub, fetched.arrivals, trigger.minutes, format) : undefined;
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

/** The next trip of the subscription's route, when it is `within` minutes away or less. */
function nearTrip(sub: Subscription, arrivals: StopArrivals, within: number): Trip | undefined {
  const trips = arrivals.routes
    .filter((r) => sub.routeNo !== undefined && sameRouteName(sub.routeNo, r.routeNo) && r.problem === undefined)
    .flatMap((r) => r.trips.filter(stopsHere));
  const next = trips.sort((a, b) => a.minutesAway - b.minutesAway)[0];
  return next !== undefined && next.minutesAway <= within ? next : undefined;
}

/** "Route 95 is 4 min from BASELINE (3017), at 08:12 📡"; undefined while the bus is not near yet. */
function nearAlert(sub: Subscription, arrivals: StopArrivals, within: number, { now, say }: AlertFormat): Reply | undefined {
  const trip = nearTrip(sub, arrivals, within);
  if (trip === undefined) return undefined;
  const minutes = minutesAway(trip);
  const text = say('alert-near', {
    routeNo: sub.routeNo ?? '',
    minutes,
    stopName: stopName(arrivals.stopName, sub.stopNo, MAX_NAME_CHARS) || sub.stopNo,
    stopNo: sub.stopNo,
    clock: clockTime(tripInstant(trip, now), arrivals.timeZone),
    source: trustMark(trip, say),
  });
  return { ...messageReply('answer', text), buttons: [refreshAndSave(sub.stopNo, sub.routeNo, say)] };
}

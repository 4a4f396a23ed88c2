import { stopsHere, type RouteArrivals, type Trip } from '../../domain/arrivals.js';
import type { LaterTrips } from '../../domain/later-trips.js';
import { LATER_TRIPS_PER_DIRECTION } from '../../domain/later-trips.js';
import { formatMinute, localMinuteAt, MINUTE_MS } from '../../domain/local-minute.js';
import type { ButtonGroup, Reply, ReplyBlock } from '../../domain/reply.js';
import { clockTime } from './clock-time.js';
import { headingWithoutRoute, stopName } from './names.js';
import { compareForArrivals } from './route-order.js';
import { MAX_NAME_CHARS, shorten, type Say } from './text.js';
import { trustLegend, trustMark } from './trust.js';

// A later board: a stop's trips on another day or at another time, from the schedule, in clock
// times (a countdown means nothing hours ahead). Its title says when ("Sat, Nov 28 from 07:00",
// "first buses", "last buses"); a trip on another date than the board's says its day ("01:10
// Sat" after Friday's last); "Later →" shows the next page, from the first trip not yet shown. A
// trip the live feed already cancels, or has skip the stop, stays, said so as /next says it.

const MAX_HEADING_CHARS = 40;

export interface LaterBoardOptions {
  say: Say;
  /** The chat's language, for the day's name ("sam. 28 nov."). */
  locale: string;
  routeNo?: string;
}

export function formatLaterBoard(later: LaterTrips, { say, locale, routeNo }: LaterBoardOptions): Reply {
  const { arrivals } = later;
  const zone = arrivals.timeZone;
  const place = stopName(arrivals.stopName, arrivals.stopNo, MAX_NAME_CHARS) || arrivals.stopNo;
  const where =
    routeNo !== undefined
      ? say('later-place-route', { routeNo: arrivals.routes[0]?.routeNo ?? routeNo, stopName: place, stopNo: arrivals.stopNo })
      : say('later-place', { stopName: place, stopNo: arrivals.stopNo });
  const day = dayName(later.serviceDate, locale);
  const when =
    later.end !== undefined
      ? say(later.end === 'first' ? 'later-when-first' : 'later-when-last', { day })
      : later.from !== undefined
        ? say('later-when-from', { day, time: formatMinute(later.from) })
        : say('later-when-day', { day });
  const routes = [...arrivals.routes].filter((r) => r.problem === undefined).sort(compareForArrivals);
  const running = routes.filter((r) => r.trips.length > 0);
  const blocks: ReplyBlock[] = running.map((route) => ({
    heading: say('arrivals-route-heading', { routeNo: route.routeNo, heading: shorten(headingOf(route), MAX_HEADING_CHARS) }).trim(),
    lines: route.trips.map((trip) => tripLine(trip, route, later.serviceDate, zone, say)),
  }));
  if (running.length === 0) blocks.push({ lines: [say('later-none', { day })] });
  const trips = running.flatMap((r) => r.trips);
  const legend = trustLegend(trips, say, true);
  const next = laterButton(later, running, say, routeNo);
  return {
    title: say('later-title', { where, when }),
    blocks,
    footer: [say('later-from-schedule'), ...(legend !== undefined ? [legend] : [])],
    buttons: next === undefined ? [] : [next],
    kind: 'answer',
  };
}

function headingOf(route: RouteArrivals): string {
  return headingWithoutRoute(route.heading || route.direction || (route.trips[0]?.destination ?? ''), route.routeNo);
}

/**
 * "07:12 🕒", "01:10 Sat 🕒" past midnight, "every 10 min", with its destination and "last bus" when so;
 * a trip the live feed already cancels, or has skip the stop, in /next's words ("07:12 cancelled ✖").
 */
function tripLine(trip: Trip, route: RouteArrivals, serviceDate: string, zone: string, say: Say): string {
  const at = trip.at ?? new Date(0);
  const local = localMinuteAt(at, zone);
  const clock =
    local.date === serviceDate ? clockTime(at, zone) : say('later-clock-other-day', { clock: clockTime(at, zone), day: say(`day-${local.weekday}`) });
  let line = stopsHere(trip)
    ? scheduledTime(trip, clock, say)
    : say(trip.cancelled === true ? 'arrivals-trip-cancelled' : 'arrivals-trip-skipped', { clock });
  const destination = shorten(headingWithoutRoute(trip.destination, route.routeNo), MAX_HEADING_CHARS);
  if (destination !== '' && destination.toLowerCase() !== headingOf(route).toLowerCase()) line = say('arrivals-trip-to', { trip: line, destination });
  return trip.lastTrip ? say('arrivals-trip-with-notes', { trip: line, notes: say('arrivals-note-last', { mode: route.mode ?? 'unknown' }) }) : line;
}

function scheduledTime(trip: Trip, clock: string, say: Say): string {
  const source = trustMark(trip, say);
  return trip.headwayMinutes !== undefined
    ? say('later-trip-every', { clock, minutes: trip.headwayMinutes, source })
    : say('later-trip', { clock, source });
}

/**
 * "Later →": the trips after those shown, from the minute after the earliest of each direction's
 * last shown trip (no direction skips one); none when every direction showed all it has, or after
 * the last trips.
 */
function laterButton(later: LaterTrips, running: readonly RouteArrivals[], say: Say, routeNo: string | undefined): ButtonGroup | undefined {
  if (later.end === 'last') return undefined;
  const full = running.filter((r) => r.trips.length >= LATER_TRIPS_PER_DIRECTION);
  const lasts = full.map((r) => r.trips.at(-1)?.at?.getTime()).filter((t): t is number => t !== undefined);
  if (lasts.length === 0) return undefined;
  const from = localMinuteAt(Math.min(...lasts) + MINUTE_MS, later.arrivals.timeZone);
  const when = `${from.date} ${formatMinute(from.minute)}`;
  const stop = later.arrivals.stopNo;
  const options: Record<string, string> = routeNo !== undefined ? { stop, route: routeNo, when } : { stop, when };
  return [{ label: say('button-later'), command: { name: 'next', options }, effect: 'update' }];
}

/** "2026-11-28" -> "Sat, Nov 28" / "sam. 28 nov." / "sáb, 28 nov": the chat's language, the date as the feed files it. */
function dayName(date: string, locale: string): string {
  const noon = new Date(`${date}T12:00:00Z`);
  try {
    return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(noon);
  } catch {
    return date;
  }
}

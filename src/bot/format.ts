import type { RouteArrivals, StopArrivals, Trip } from '../transit/index.js';
import { minutesLater, ottawaClock } from './clock.js';
import { routeErrorMessage } from './failures.js';
import type { MessageArgs } from './i18n.js';
import type { Reply, ReplyBlock, ReplyButton } from './reply.js';

/** A translator already bound to the chat's language. */
export type Say = (id: string, args?: MessageArgs) => string;

/**
 * Route blocks shown in one reply, and the characters they may take together: with the title,
 * footer and button labels this keeps a busy station's answer under Discord's 2000 characters
 * (Telegram allows 4096). The routes left out are counted in one line that says how to ask.
 */
export const MAX_ROUTE_BLOCKS = 8;
const ROUTE_BLOCKS_CHAR_BUDGET = 1_300;
const GPS_UNCERTAIN_AFTER_MINUTES = 3;
const ROUTE_BUTTONS_PER_ROW = 4;
export const MAX_NAME_CHARS = 60;
const MAX_HEADING_CHARS = 40;

export function messageReply(kind: Reply['kind'], text: string, title?: string): Reply {
  return { ...(title !== undefined ? { title } : {}), kind, blocks: [{ lines: [text] }] };
}

/** Upstream text goes into replies, so keep it to one short line. */
export function shorten(text: string, max: number): string {
  const chars = [...text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').replace(/\s+/g, ' ').trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/** Numbered routes in numeric order (6 before 95), lettered ones (R2) after; then by direction. */
export function compareRoutes(a: RouteArrivals, b: RouteArrivals): number {
  const numeric = (r: string) => (/^[0-9]+$/.test(r) ? Number(r) : Number.POSITIVE_INFINITY);
  return (
    numeric(a.routeNo) - numeric(b.routeNo) ||
    a.routeNo.localeCompare(b.routeNo, 'en', { numeric: true }) ||
    (a.directionId ?? 0) - (b.directionId ?? 0) ||
    a.direction.localeCompare(b.direction)
  ) || 0;
}

/** Routes with trips to show come first, so routes done for the day never crowd them out of a reply. */
function compareForArrivals(a: RouteArrivals, b: RouteArrivals): number {
  const idle = (r: RouteArrivals) => (r.error === undefined && r.trips.length > 0 ? 0 : 1);
  return idle(a) - idle(b) || compareRoutes(a, b);
}

// The API names directions in English; a French reply says them in French.
const DIRECTION_IDS = new Map([
  ['eastbound', 'routes-direction-east'],
  ['westbound', 'routes-direction-west'],
  ['northbound', 'routes-direction-north'],
  ['southbound', 'routes-direction-south'],
]);

/** "Eastbound" in the rider's language; a direction the API words otherwise stays as given. */
export function directionLabel(direction: string, say: Say): string {
  const id = DIRECTION_IDS.get(direction.trim().toLowerCase());
  return id !== undefined ? say(id) : direction;
}

function routeHeading(route: RouteArrivals, say: Say): string {
  const heading = route.heading || directionLabel(route.direction, say) || route.trips[0]?.destination || '';
  return say('arrivals-route-heading', { routeNo: route.routeNo, heading: shorten(heading, MAX_HEADING_CHARS) }).trim();
}

function tripLine(trip: Trip, heading: string, now: Date, say: Say): string {
  const minutes = Math.max(0, Math.round(trip.minutesAway));
  let line = say('arrivals-trip', {
    when: say('arrivals-minutes', { minutes }),
    clock: ottawaClock(minutesLater(now, minutes)),
    source: say(trip.live ? 'arrivals-source-live' : 'arrivals-source-scheduled'),
  });
  const destination = shorten(trip.destination, MAX_HEADING_CHARS);
  if (destination !== '' && destination.toLowerCase() !== heading.toLowerCase()) {
    line = say('arrivals-trip-to', { trip: line, destination });
  }
  const notes = tripNotes(trip, say);
  return notes.length > 0 ? say('arrivals-trip-with-notes', { trip: line, notes: notes.join(', ') }) : line;
}

function tripNotes(trip: Trip, say: Say): string[] {
  const notes: string[] = [];
  if (trip.lastTrip) notes.push(say('arrivals-note-last'));
  if (trip.bus.doubleDecker) notes.push(say('arrivals-note-double-decker'));
  if (trip.bus.length === 60) notes.push(say('arrivals-note-60ft'));
  if (trip.bus.bikeRack) notes.push(say('arrivals-note-bike-rack'));
  if (trip.live && trip.gpsAgeMinutes !== undefined && trip.gpsAgeMinutes > GPS_UNCERTAIN_AFTER_MINUTES) {
    notes.push(say('arrivals-note-gps-old', { age: Math.round(trip.gpsAgeMinutes) }));
  }
  return notes;
}

function routeBlock(route: RouteArrivals, stopNo: string, now: Date, say: Say): ReplyBlock {
  const heading = routeHeading(route, say);
  if (route.error !== undefined) {
    const { id, args } = routeErrorMessage(route.error, { routeNo: route.routeNo, stopNo });
    return { heading, lines: [say(id, args)] };
  }
  if (route.trips.length === 0) return { heading, lines: [say('arrivals-no-trips')] };
  const bare = route.heading || directionLabel(route.direction, say);
  return { heading, lines: route.trips.slice(0, 3).map((trip) => tripLine(trip, shorten(bare, MAX_HEADING_CHARS), now, say)) };
}

export interface ArrivalsOptions {
  now: Date;
  say: Say;
  /** The route the rider asked for; absent for all routes (then each route gets a button). */
  routeNo?: string;
}

/** Next trips at a stop -> the reply every platform shows. */
export function formatArrivals(arrivals: StopArrivals, { now, say, routeNo }: ArrivalsOptions): Reply {
  const stopNo = arrivals.stopNo;
  const title = say('arrivals-title', { stopName: shorten(arrivals.stopName, MAX_NAME_CHARS) || stopNo, stopNo });
  const routes = [...arrivals.routes].sort(compareForArrivals);
  const blocks: ReplyBlock[] = [];
  let used = 0;
  for (const route of routes) {
    const block = routeBlock(route, stopNo, now, say);
    const size = [block.heading ?? '', ...block.lines].reduce((n, line) => n + line.length + 1, 0);
    if (blocks.length === MAX_ROUTE_BLOCKS || (blocks.length > 0 && used + size > ROUTE_BLOCKS_CHAR_BUDGET)) break;
    blocks.push(block);
    used += size;
  }
  const shown = routes.slice(0, blocks.length);
  if (routes.length === 0) blocks.push({ lines: [say('arrivals-none')] });

  const more = moreRoutesLine(routes, shown.length, stopNo, say);
  if (more !== undefined) blocks.push({ lines: [more] });
  // A route the API refused here (it does not stop here, it does not exist) gets no button.
  const shownRouteNos = [...new Set(shown.filter((r) => r.error === undefined).map((r) => r.routeNo))];

  const anyTrips = shown.some((r) => r.error === undefined && r.trips.length > 0);
  const allFailed = routes.length > 0 && routes.every((r) => r.error !== undefined);
  const footer = [...(anyTrips ? [say('arrivals-legend')] : []), say('arrivals-updated', { clock: ottawaClock(now) })];
  return {
    title,
    blocks,
    footer,
    buttons: allFailed ? [] : arrivalsButtons(stopNo, routeNo, routeNo === undefined ? shownRouteNos : [], say),
    kind: allFailed ? 'failure' : 'answer',
  };
}

/** "and 32 more routes — ask for one: /next 3017 9": the routes sorted after the first `shown` ones. */
export function moreRoutesLine(sorted: RouteArrivals[], shown: number, stopNo: string, say: Say): string | undefined {
  const shownNos = new Set(sorted.slice(0, shown).map((r) => r.routeNo));
  const hidden = [...new Set(sorted.slice(shown).map((r) => r.routeNo))].filter((r) => !shownNos.has(r));
  return hidden.length > 0 ? say('arrivals-more-routes', { count: hidden.length, stopNo, example: hidden[0]! }) : undefined;
}

function arrivalsButtons(stopNo: string, routeNo: string | undefined, routeNos: string[], say: Say): ReplyButton[][] {
  const rows: ReplyButton[][] = [
    [
      { label: say('button-refresh'), action: { type: 'refresh', stopNo, ...(routeNo !== undefined ? { routeNo } : {}) } },
      { label: say('button-save'), action: { type: 'save-stop', stopNo } },
    ],
  ];
  return [...rows, ...routeButtonRows(stopNo, routeNos, say)];
}

export function routeButtonRows(stopNo: string, routeNos: string[], say: Say): ReplyButton[][] {
  return chunk(routeNos, ROUTE_BUTTONS_PER_ROW).map((row) =>
    row.map((routeNo) => ({ label: say('button-route', { routeNo }), action: { type: 'next', stopNo, routeNo } })),
  );
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}

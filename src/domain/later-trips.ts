// A later time at a stop, from the schedule: what /next asks when a rider names a day ("tomorrow",
// "sunday"), a time ("at 07:00"), or the first or last trip of a service day. The core reads the
// rider's words into a LaterQuery; each source resolves it on its agency's clock and calendar.
import type { StopArrivals } from './arrivals.js';
import type { Weekday } from './local-minute.js';

/** Which day: relative to the agency's today, the next such weekday (today included), or a date ("2026-11-28"). */
export type LaterDay = 'today' | 'tomorrow' | { readonly weekday: Weekday } | { readonly date: string };

export interface LaterQuery {
  /** Absent: today, or tomorrow when the time asked (or today's first trip) has passed. */
  readonly day?: LaterDay;
  /** A minute of the day (0-1439) on the agency's clock: the trips from then. */
  readonly at?: number;
  /** The service day's first or last trips (each route direction's). */
  readonly end?: 'first' | 'last';
}

/**
 * What a source answers: trips from the schedule (trust "scheduled", each with its instant); one
 * the live feed already cancels, or has skip the stop, is kept with Trip's `cancelled` or `skipped`.
 */
export interface LaterTrips {
  /** Each route direction's trips from the time asked (its first few, or its last few), in time order. */
  readonly arrivals: StopArrivals;
  /** The service day shown, "2026-11-28" (a trip past midnight is filed under the day before). */
  readonly serviceDate: string;
  /** The minute of that day the trips are shown from; absent: from the service day's start (or its end, for `last`). */
  readonly from?: number;
  readonly end?: 'first' | 'last';
}

/** How many trips of each route direction a later board shows. */
export const LATER_TRIPS_PER_DIRECTION = 4;

import { UNKNOWN_BUS, type Trip } from '../../../domain/arrivals.js';

// One vehicle that may come to the stop, from whichever source found it (the schedule, an added
// or a duplicated trip), before the next three of each route direction are picked.

export interface Candidate {
  /** The route direction's block (directionKey). */
  key: string;
  routeId: string;
  routeNo: string;
  directionId: number | undefined;
  atSeconds: number;
  trip: Omit<Trip, 'minutesAway' | 'at'>;
}

/** GTFS says nothing about the vehicle's type. */
export const NO_BUS = UNKNOWN_BUS;

export function hoursMinutes(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}`;
}

/** Minutes since the vehicle's progress was measured, to the hundredth. */
export function ageMinutes(nowS: number, timestamp: number): number {
  return Math.round(Math.max(0, nowS - timestamp) / 0.6) / 100;
}

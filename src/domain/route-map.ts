import type { VehiclePosition } from './vehicle-position.js';

// A route as a map draws it: each direction's line (the feed's shape, else its stops joined), its
// stops in order with their places, and the vehicles running it now with how far their fix can be
// trusted. The live map's JSON is built from this; TransitSource.routeMap answers it.

export interface RouteMapStop {
  /** What riders type (the stop_code, else the stop_id), scoped "<feed>:<code>" in a bot of several. */
  readonly stop: string;
  readonly name: string;
  readonly lat: number;
  readonly lon: number;
}

export interface RouteMapDirection {
  readonly directionId?: number;
  /** The headsign most of its trips carry. */
  readonly heading: string;
  /** Its longest trip's stops, in order. */
  readonly stops: readonly RouteMapStop[];
  /** Points [lat, lon] of its line; `drawn` says whether they came from shapes.txt or are its stops joined. */
  readonly line: readonly (readonly [number, number])[];
  readonly drawn: 'shape' | 'stops';
}

/** What a vehicle's place rests on: a fix of the last 3 minutes, an older one (the past), or a clock the fix disagrees with. */
export type RouteMapVehicleTrust = 'tracked' | 'old' | 'suspect';

export interface RouteMapVehicle {
  /** Stable between polls, so that a map moves the same marker (the feed's vehicle id, else its trip). */
  readonly id: string;
  readonly directionId?: number;
  readonly headsign?: string;
  readonly position: VehiclePosition;
  readonly trust: RouteMapVehicleTrust;
  /** Seconds since its fix, when known. */
  readonly ageSeconds?: number;
  /** The name of the stop it is at or heading to, when the feed says. */
  readonly nextStop?: string;
}

export interface RouteMap {
  /** The route as riders name it ("95"). */
  readonly route: string;
  readonly name?: string;
  readonly directions: readonly RouteMapDirection[];
  readonly vehicles: readonly RouteMapVehicle[];
  /** The source has no live vehicle positions (a schedule alone): the map says so instead of showing none. */
  readonly noVehiclePositions?: boolean;
}

/** A map asked of a source: a route, and the rider's stop (which feed, in a bot of several; marked on the map). */
export interface RouteMapQuery {
  readonly route: string;
  readonly stop?: string;
}

import type { Trip } from './arrivals.js';

// One route direction as a straight line of its stops in order, with the vehicles on it placed
// between them: what /line draws. A source builds it from its schedule (a representative trip's
// stops) and its live feeds (vehicle positions, predictions at the rider's stop). Read-only.

export interface RouteLine {
  /** The route as riders name it ("95"). */
  readonly routeNo: string;
  /** The rider's stop as the source writes it, when the question named one. */
  readonly stopNo?: string;
  /** IANA zone of the agency's clock. */
  readonly timeZone: string;
  /** One per direction the schedule runs (usually two); a loop has one. */
  readonly directions: readonly LineDirection[];
  /** The source gives no vehicle positions at all: an empty line is no tracker's silence. */
  readonly noVehiclePositions?: boolean;
}

export interface LineDirection {
  /** GTFS direction_id, when the feed gives one. */
  readonly directionId?: number;
  /** Where it goes ("Blair"), as most of its trips say. */
  readonly heading: string;
  /** In the order the buses call at them. */
  readonly stops: readonly LineStop[];
  /** The vehicles running this direction now, wherever they are along it. */
  readonly vehicles: readonly LineVehicle[];
}

export interface LineStop {
  /** As riders type it (stop_code, else stop_id). */
  readonly stopNo: string;
  readonly name: string;
  /** The rider's stop. */
  readonly rider?: boolean;
  /** The live feed says trips pass it by (SKIPPED: a detour, a closed stop). */
  readonly skipped?: boolean;
}

export interface LineVehicle {
  /**
   * Where along the line, in stops from the first: 3 is at the fourth stop, 2.5 halfway between
   * the third and the fourth. Clamped to the line's ends.
   */
  readonly at: number;
  /** The number on the vehicle, when the feed gives one. */
  readonly label?: string;
  /** Its trip at the rider's stop, when it is still to come there: the board's minutes and trust. */
  readonly toRider?: Pick<Trip, 'minutesAway' | 'trust' | 'delaySeconds'>;
  /** It is already beyond the rider's stop. */
  readonly passed?: boolean;
}

/** Turns an SVG document into PNG bytes (resvg, behind src/render/); the core draws, it never rasterises. */
export type SvgToPng = (svg: string) => Promise<Uint8Array>;

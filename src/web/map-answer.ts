import type { DisruptionReading } from '../domain/disruption.js';
import { textIn } from '../domain/disruption.js';
import type { Locale } from '../domain/locale.js';
import type { RouteMap, RouteMapVehicle } from '../domain/route-map.js';

// What the live map's JSON endpoint answers: the route's lines, stops and vehicles as the page
// draws them, each with the words of its text alternative in the rider's language already said
// (the page only places them), the disruptions on the route, and how to draw the background. Public
// data only: nothing tied to a rider, nothing secret (no key, no address of a feed).

export interface MapTiles {
  /** A URL with {z}, {x} and {y}, fetched by the rider's browser. */
  readonly url: string;
  readonly attribution: string;
}

export interface MapAnswer {
  readonly route: string;
  readonly title: string;
  /** The drawing's accessible name. */
  readonly drawing: string;
  readonly at: string;
  readonly updated: string;
  readonly pollSeconds: number;
  readonly tiles: MapTiles | null;
  readonly attributions: readonly string[];
  readonly riderStop?: string;
  readonly directions: ReadonlyArray<{
    readonly directionId: number | null;
    readonly label: string;
    readonly line: readonly (readonly [number, number])[];
    readonly stops: ReadonlyArray<{
      readonly stop: string;
      readonly name: string;
      readonly lat: number;
      readonly lon: number;
      readonly rider: boolean;
    }>;
  }>;
  readonly vehicles: ReadonlyArray<{
    readonly id: string;
    readonly directionId: number | null;
    readonly lat: number;
    readonly lon: number;
    readonly bearing: number | null;
    readonly trust: RouteMapVehicle['trust'];
    readonly text: string;
  }>;
  /** Said instead of an empty list: nothing on the road, or no positions at all. */
  readonly noVehicles?: string;
  readonly disruptions: ReadonlyArray<{ readonly id: string; readonly severity: string; readonly text: string }>;
  /** The page's own words (headings, "your stop"), in the rider's language. */
  readonly words: Readonly<Record<'onRoad' | 'stops' | 'disruptions' | 'yourStop' | 'noTiles' | 'savedStops' | 'unavailable', string>>;
}

export type Say = (id: string, args?: Record<string, string | number>) => string;

/** A disruption's text is cut here: the page lists them, /disruptions has them whole. */
const DISRUPTION_CHARS = 400;

export function mapAnswer(options: {
  map: RouteMap;
  disruptions: DisruptionReading | undefined;
  riderStop: string | undefined;
  locale: Locale;
  say: Say;
  timeZone: string | undefined;
  now: Date;
  pollSeconds: number;
  tiles: MapTiles | undefined;
  attributions: readonly string[];
}): MapAnswer {
  const { map, say } = options;
  const headingOf = new Map(map.directions.map((d) => [d.directionId ?? null, d.heading]));
  const vehicles = map.vehicles.map((v) => ({
    id: v.id,
    directionId: v.directionId ?? null,
    lat: v.position.lat,
    lon: v.position.lon,
    bearing: v.position.bearing ?? null,
    trust: v.trust,
    text: vehicleText(v, headingOf.get(v.directionId ?? null) ?? '', say),
  }));
  const noVehicles =
    map.noVehiclePositions === true ? say('map-no-positions') : vehicles.length === 0 ? say('map-none-on-road', { route: map.route }) : undefined;
  return {
    route: map.route,
    title: say('map-title', { route: map.route }),
    drawing: say('map-drawing', { route: map.route }),
    at: options.now.toISOString(),
    updated: say('map-updated', { time: clockTime(options.now, options.timeZone, options.locale) }),
    pollSeconds: options.pollSeconds,
    tiles: options.tiles ?? null,
    attributions: options.attributions,
    ...(options.riderStop !== undefined ? { riderStop: options.riderStop } : {}),
    directions: map.directions.map((d) => ({
      directionId: d.directionId ?? null,
      label: d.heading !== '' ? say('map-direction', { heading: d.heading }) : '',
      line: d.line,
      stops: d.stops.map((s) => ({ ...s, rider: s.stop === options.riderStop })),
    })),
    vehicles,
    ...(noVehicles !== undefined ? { noVehicles } : {}),
    disruptions: disruptionsOf(options.disruptions, options.locale),
    words: {
      onRoad: say('map-on-road'),
      stops: say('map-stops'),
      disruptions: say('map-disruptions'),
      yourStop: say('map-your-stop'),
      noTiles: say('map-no-tiles'),
      savedStops: say('map-saved-stops'),
      unavailable: say('map-unavailable'),
    },
  };
}

/** "4123 to Billings Bridge · next stop Laurier · seen 20 s ago": what the marker shows, for a screen reader and the list. */
function vehicleText(vehicle: RouteMapVehicle, heading: string, say: Say): string {
  const label = vehicle.position.label ?? vehicle.id;
  const parts = [heading !== '' ? say('map-vehicle', { label, heading: vehicle.headsign ?? heading }) : label];
  if (vehicle.nextStop !== undefined) parts.push(say('map-vehicle-next', { stop: vehicle.nextStop }));
  if (vehicle.trust === 'suspect') parts.push(say('map-suspect'));
  else if (vehicle.trust === 'old') parts.push(say('map-old', { minutes: Math.round((vehicle.ageSeconds ?? 0) / 60) }));
  else if (vehicle.ageSeconds !== undefined) parts.push(say('map-tracked', { seconds: vehicle.ageSeconds }));
  return parts.join(' · ');
}

function disruptionsOf(reading: DisruptionReading | undefined, locale: Locale): MapAnswer['disruptions'] {
  if (reading === undefined || reading.status !== 'ok') return [];
  return reading.disruptions.map((d) => {
    const text = textIn(d.header, locale) ?? textIn(d.description, locale) ?? '';
    return { id: d.id, severity: d.severity, text: text.length > DISRUPTION_CHARS ? `${text.slice(0, DISRUPTION_CHARS - 1)}…` : text };
  });
}

/** The agency's wall clock ("08:12:30"), so that the time agrees with the arrivals. */
function clockTime(now: Date, timeZone: string | undefined, locale: Locale): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      ...(timeZone !== undefined ? { timeZone } : {}),
    }).format(now);
  } catch {
    return now.toISOString().slice(11, 19);
  }
}

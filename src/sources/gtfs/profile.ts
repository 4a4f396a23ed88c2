import type { SourceProfile } from '../../domain/transit-source.js';
import { modeOfRouteType, sharedMode } from '../../domain/vehicle-mode.js';
import type { Timetable } from './static/timetable.js';

// What a GTFS feed says of itself, read once per import: its agencies' names and clock, how long
// its stop codes are when they all agree, and an example riders of that agency would recognise
// (its busiest stop and the route that calls there most), for /help and usage messages.

/** Until the first import: nothing known but the shape of an example. */
export const UNKNOWN_PROFILE: SourceProfile = Object.freeze({
  agencies: Object.freeze([]),
  examples: Object.freeze({ stop: '1234', route: '10' }),
  placeholderExamples: true,
  vehicles: 'any',
});

/** The share of stop codes that must have the same number of digits for the help to say "N-digit". */
const SAME_DIGITS_SHARE = 0.9;

export async function profileOf(timetable: Timetable): Promise<SourceProfile> {
  const [agencies, routeTypes, codes, busiest] = await Promise.all([
    timetable.query('SELECT agency_name FROM agency ORDER BY rowid', []),
    // Only routes that run: Caltrain lists a "Bus Bridge" (route_type 3) no trip of its schedule takes.
    timetable.query('SELECT DISTINCT route_type FROM routes WHERE route_id IN (SELECT DISTINCT route_id FROM trips)', []),
    // Only stops a trip calls at: feeds also list entrances, pathways and stops no trip serves.
    timetable.query(
      `SELECT COALESCE(NULLIF(stop_code, ''), stop_id) AS code FROM stops WHERE stop_id IN (SELECT DISTINCT stop_id FROM stop_times)`,
      [],
    ),
    timetable.query('SELECT stop_id FROM stop_times GROUP BY stop_id ORDER BY COUNT(*) DESC LIMIT 1', []),
  ]);
  const stopDigits = commonDigits(codes.map((row) => String(row.code ?? '')));
  const examples = await exampleAt(timetable, busiest[0]?.stop_id);
  return Object.freeze({
    agencies: Object.freeze([...new Set(agencies.map((row) => String(row.agency_name ?? '').trim()).filter((name) => name !== ''))]),
    timeZone: timetable.timeZone,
    examples: Object.freeze(examples ?? UNKNOWN_PROFILE.examples),
    ...(examples === undefined ? { placeholderExamples: true } : {}),
    ...(stopDigits !== undefined ? { stopDigits } : {}),
    vehicles: sharedMode(routeTypes.map((row) => modeOfRouteType(Number(row.route_type)))),
  });
}

function commonDigits(codes: string[]): number | undefined {
  const lengths = new Map<number, number>();
  for (const code of codes) if (/^[0-9]+$/.test(code)) lengths.set(code.length, (lengths.get(code.length) ?? 0) + 1);
  const [length, count] = [...lengths].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  return codes.length > 0 && count >= codes.length * SAME_DIGITS_SHARE ? length : undefined;
}

async function exampleAt(timetable: Timetable, stopId: unknown): Promise<SourceProfile['examples'] | undefined> {
  if (typeof stopId !== 'string') return undefined;
  const [row] = await timetable.query(`SELECT COALESCE(NULLIF(stop_code, ''), stop_id) AS code FROM stops WHERE stop_id = ?`, [stopId]);
  const code = String(row?.code ?? stopId);
  const place = await timetable.findStop(code);
  const route = place === undefined ? undefined : (await timetable.routesAt(place))[0]?.routeNo;
  if (route === undefined) return undefined;
  const name = nameWord(place?.name ?? '');
  return { stop: code, route, ...(name !== undefined ? { name } : {}) };
}

/** A word of the stop's name that a rider would type to find it ("rideau", "22nd"). */
function nameWord(name: string): string | undefined {
  return name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .find((word) => word.length >= 4 || /[0-9]/.test(word));
}

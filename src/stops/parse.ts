import { parseCsv } from './csv.js';
import { normalizeStopCode } from './normalize.js';
import type { StopInfo } from './types.js';

const REQUIRED = ['stop_id', 'stop_code', 'stop_name', 'stop_lat', 'stop_lon'] as const;

export class StopsFileError extends Error {
  override readonly name = 'StopsFileError';
}

/**
 * GTFS stops.txt -> the stops riders can ask for by code. Columns are found by header name
 * (the 2013 and 2014 exports order them differently). Rows without a usable stop code
 * ("xxxx", empty: stations' internal nodes) or without coordinates are skipped, not fatal.
 */
export function parseStopsTxt(text: string): StopInfo[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new StopsFileError('stops.txt is empty');
  const columns = header.map((name) => name.trim());
  const at = Object.fromEntries(
    REQUIRED.map((name) => {
      const index = columns.indexOf(name);
      if (index < 0) throw new StopsFileError(`stops.txt has no ${name} column`);
      return [name, index];
    }),
  ) as Record<(typeof REQUIRED)[number], number>;

  const stops: StopInfo[] = [];
  for (const row of rows) {
    const code = normalizeStopCode(row[at.stop_code] ?? '');
    const id = (row[at.stop_id] ?? '').trim();
    const name = (row[at.stop_name] ?? '').trim();
    const lat = parseCoordinate(row[at.stop_lat]);
    const lon = parseCoordinate(row[at.stop_lon]);
    if (code === undefined || id === '' || lat === undefined || lon === undefined) continue;
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    stops.push({ code, id, name, lat, lon });
  }
  return stops;
}

function parseCoordinate(raw: string | undefined): number | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

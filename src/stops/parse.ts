import { CsvError, readCsvTable, type CsvTable } from '../gtfs-format/csv.js';
import { normalizeStopCode } from './normalize.js';
import type { StopInfo } from '../domain/stop-index.js';

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
  const { columns, records } = readStopsCsv(text);
  if (columns.length === 0) throw new StopsFileError('stops.txt is empty');
  for (const name of REQUIRED) {
    if (!columns.includes(name)) throw new StopsFileError(`stops.txt has no ${name} column`);
  }

  const stops: StopInfo[] = [];
  for (const row of records) {
    const code = normalizeStopCode(row.stop_code ?? '');
    const id = (row.stop_id ?? '').trim();
    const name = (row.stop_name ?? '').trim();
    const lat = parseCoordinate(row.stop_lat);
    const lon = parseCoordinate(row.stop_lon);
    if (code === undefined || id === '' || lat === undefined || lon === undefined) continue;
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    stops.push({ code, id, name, lat, lon });
  }
  return stops;
}

// The loader's callers handle StopsFileError; a quoting error is one more way the file is bad.
function readStopsCsv(text: string): CsvTable {
  try {
    return readCsvTable(text);
  } catch (err) {
    if (err instanceof CsvError) throw new StopsFileError(`stops.txt is not valid CSV: ${err.message}`, { cause: err });
    throw err;
  }
}

function parseCoordinate(raw: string | undefined): number | undefined {
  const text = (raw ?? '').trim();
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

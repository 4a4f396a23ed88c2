import { GTFS_COLUMNS, GTFS_REQUIRED_FILTERS, type GtfsRecord, type GtfsTable } from '../../sources/octranspo-v12/index.js';
import type { Params } from '../request.js';

// The Gtfs operation (spec 4.4): parameters checked as the service checked them, then the records
// selected, ordered and cut. A refused query is an HTTP 400, as seen in the wild for a value with
// spaces; the spec shows no in-band errors for this operation.

export interface GtfsEcho {
  table: string;
  direction: string;
  column: string;
  value: string;
  format: string;
}

export type GtfsOutcome = { ok: true; echo: GtfsEcho; records: GtfsRecord[] } | { ok: false; reason: string };

export function runGtfsQuery(tables: Record<GtfsTable, GtfsRecord[]>, params: Params): GtfsOutcome {
  const table = params.get('table') ?? '';
  if (!Object.hasOwn(GTFS_COLUMNS, table)) return refuse(`unknown table ${JSON.stringify(table)}`);
  const columns: readonly string[] = GTFS_COLUMNS[table as GtfsTable];
  const id = params.get('id');
  const column = params.get('column');
  const value = params.get('value');
  const orderBy = params.get('order_by');
  const direction = (params.get('direction') ?? 'asc').toLowerCase();
  const limitText = params.get('limit');

  if (column !== undefined && !columns.includes(column)) return refuse(`${table} has no column ${JSON.stringify(column)}`);
  if ((column === undefined) !== (value === undefined)) return refuse('column and value go together');
  if (value !== undefined && /\s/.test(value)) return refuse('value must not contain spaces');
  if (orderBy !== undefined && !columns.includes(orderBy)) return refuse(`cannot order by ${JSON.stringify(orderBy)}`);
  if (direction !== 'asc' && direction !== 'desc') return refuse('direction must be asc or desc');
  if (limitText !== undefined && !/^[1-9]\d{0,8}$/.test(limitText)) return refuse('limit must be a positive whole number');
  const required = GTFS_REQUIRED_FILTERS[table as GtfsTable];
  if (required && id === undefined && (column === undefined || !required.includes(column))) {
    return refuse(`${table} needs id or one of ${required.join(', ')}`);
  }

  let records = tables[table as GtfsTable].filter(
    (record) => (id === undefined || record.id === id) && (column === undefined || record[column] === value),
  );
  if (orderBy !== undefined) records = [...records].sort((a, b) => compareValues(a[orderBy] ?? '', b[orderBy] ?? ''));
  if (direction === 'desc') records = orderBy === undefined ? [...records].reverse() : records.reverse();
  if (limitText !== undefined) records = records.slice(0, Number(limitText));

  return {
    ok: true,
    echo: { table, direction: direction.toUpperCase(), column: column ?? '', value: value ?? '', format: params.get('format') ?? 'xml' },
    records,
  };
}

function refuse(reason: string): GtfsOutcome {
  return { ok: false, reason };
}

/** Numbers compare as numbers ("9" before "10"), everything else as text. */
function compareValues(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

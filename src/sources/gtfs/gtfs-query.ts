import { GTFS_COLUMNS, GTFS_REQUIRED_FILTERS, type GtfsQuery, type GtfsRecord } from '../octranspo-v12/gtfs-tables.js';
import { TransitError } from '../../domain/transit-error.js';
import { gtfsSeconds, TABLES } from './static/schema.js';
import type { Timetable } from './static/timetable.js';

// The v1.2 Gtfs operation answered from the imported tables (the core reads stops this way for
// /stop): the same tables, columns and required filters; `id` is the row number. Times come back
// as GTFS writes them ("25:10:00").

const TIME_COLUMNS = new Set(['arrival_time', 'departure_time']);

export async function gtfsRecords(timetable: Timetable, query: GtfsQuery): Promise<GtfsRecord[]> {
  const columns: readonly string[] = GTFS_COLUMNS[query.table] ?? [];
  if (columns.length === 0) throw new TransitError('invalid-request', 'unknown table');
  const filter = query.column !== undefined ? query.column : query.id !== undefined ? 'id' : undefined;
  const required = GTFS_REQUIRED_FILTERS[query.table];
  if (required !== undefined && (filter === undefined || !required.includes(filter)))
    throw new TransitError('invalid-request', 'a filter is required');
  for (const name of [filter, query.orderBy]) {
    if (name !== undefined && !columns.includes(name)) throw new TransitError('invalid-request', 'unknown column');
  }
  // Columns the import does not keep (stop_street, block_id, ...) read as "", as empty ones do.
  const kept = new Set(Object.keys(TABLES.find((t) => t.name === query.table)?.columns ?? {}));
  if (filter !== undefined && filter !== 'id' && !kept.has(filter)) return [];
  const select = columns.map((c) => (c === 'id' ? 'rowid AS id' : kept.has(c) ? c : `NULL AS ${c}`)).join(', ');
  const sqlColumn = (c: string) => (c === 'id' ? 'rowid' : c);
  const where = filter !== undefined ? ` WHERE ${sqlColumn(filter)} = ?` : '';
  const order =
    query.orderBy !== undefined && (query.orderBy === 'id' || kept.has(query.orderBy))
      ? ` ORDER BY ${sqlColumn(query.orderBy)} ${query.direction === 'desc' ? 'DESC' : 'ASC'}`
      : '';
  const limit = ` LIMIT ${Math.min(Math.max(1, Math.trunc(query.limit ?? 1000)), 1000)}`;
  const value = query.column !== undefined ? (query.value ?? '') : (query.id ?? '');
  const rows = await timetable.query(
    `SELECT ${select} FROM ${query.table}${where}${order}${limit}`,
    filter !== undefined ? [TIME_COLUMNS.has(filter) ? (gtfsSeconds(value) ?? value) : value] : [],
  );
  return rows.map((row) => Object.fromEntries(columns.map((c) => [c, format(c, row[c])])));
}

function format(column: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (TIME_COLUMNS.has(column) && typeof value === 'number') {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(Math.floor(value / 3600))}:${pad(Math.floor((value % 3600) / 60))}:${pad(value % 60)}`;
  }
  return String(value);
}

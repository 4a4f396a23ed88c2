import { isTransitError, TransitError } from '../../domain/transit-error.js';
import { bodyToTree } from './body.js';
import { guard, parseFailure } from './fail.js';
import { GTFS_COLUMNS, GTFS_REQUIRED_FILTERS, type GtfsQuery, type GtfsRecord, type GtfsTable } from './gtfs-tables.js';
import type { ResponseFormat } from './options.js';
import { child, entries, isNode, localName, text } from './tree.js';
import { describeValue } from './validate.js';

// The Gtfs operation (spec 4.4): the query is checked against the table's columns and filter rules
// before sending, and both answer formats become plain records of strings.

function invalid(message: string): TransitError {
  return new TransitError('bad-request', `gtfs: ${message}`);
}

function isTable(table: unknown): table is GtfsTable {
  return typeof table === 'string' && Object.hasOwn(GTFS_COLUMNS, table);
}

function nonEmpty(name: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${name} must be a non-empty string`);
  return value.trim();
}

/**
 * Validates `query` and returns its form fields (without credentials and format). A query that
 * cannot even be read (a getter or proxy that throws) is an invalid request like any other.
 */
export function gtfsFields(query: GtfsQuery): Record<string, string> {
  try {
    return readQuery(query);
  } catch (err) {
    throw isTransitError(err) ? err : invalid('unreadable query');
  }
}

function readQuery(query: GtfsQuery): Record<string, string> {
  if (typeof query !== 'object' || query === null) throw invalid('the query must be an object');
  const { table } = query;
  if (!isTable(table)) throw invalid(`unknown table ${describeValue(table)}; tables: ${Object.keys(GTFS_COLUMNS).join(', ')}`);
  const columns: readonly string[] = GTFS_COLUMNS[table];
  const id = nonEmpty('id', query.id);
  const column = nonEmpty('column', query.column);
  const value = nonEmpty('value', query.value);
  const orderBy = nonEmpty('orderBy', query.orderBy);

  if (column !== undefined && !columns.includes(column)) throw invalid(`${table} has no column ${JSON.stringify(column)}`);
  if (column !== undefined && value === undefined) throw invalid(`column ${column} needs a value`);
  if (value !== undefined && column === undefined) throw invalid('value needs a column');
  // Clients of the live API saw HTTP 400 for a value with a space in it: refuse it here, clearly.
  if (value !== undefined && /\s/.test(value)) throw invalid(`value must not contain spaces (the API refuses them), got ${JSON.stringify(value)}`);
  if (orderBy !== undefined && !columns.includes(orderBy)) throw invalid(`cannot order ${table} by ${JSON.stringify(orderBy)}: no such column`);
  if (query.direction !== undefined && query.direction !== 'asc' && query.direction !== 'desc') {
    throw invalid(`direction must be asc or desc, got ${describeValue(query.direction)}`);
  }
  if (query.limit !== undefined && !(Number.isSafeInteger(query.limit) && query.limit > 0)) {
    throw invalid(`limit must be a positive whole number, got ${typeof query.limit === 'number' ? String(query.limit) : describeValue(query.limit)}`);
  }
  const required = GTFS_REQUIRED_FILTERS[table];
  if (required && id === undefined && (column === undefined || !required.includes(column))) {
    throw invalid(`${table} needs a filter: id, or column set to one of ${required.join(', ')}`);
  }

  const fields: Record<string, string> = { table };
  if (id !== undefined) fields.id = id;
  if (column !== undefined && value !== undefined) {
    fields.column = column;
    fields.value = value;
  }
  if (orderBy !== undefined) fields.order_by = orderBy;
  if (query.direction !== undefined) fields.direction = query.direction;
  if (query.limit !== undefined) fields.limit = String(query.limit);
  return fields;
}

/**
 * JSON: {"Query": {...}, "Gtfs": [record, ...]}. XML: <Gtfs><result id="..."><column>value</column>
 * ...</result>...</Gtfs>. Null values (empty elements, JSON null) become "".
 */
export function parseGtfs(body: string, format: ResponseFormat): GtfsRecord[] {
  return parseGtfsAnswer(body, format);
}

/** parseGtfs with `clean` run over every decoded text before it is read (the client's key scrub). */
export function parseGtfsAnswer(body: string, format: ResponseFormat, clean?: (text: string) => string): GtfsRecord[] {
  return guard('unreadable Gtfs response', () => {
    const tree = bodyToTree(body, format, clean ? { attributes: true, clean } : { attributes: true });
    if (!isNode(tree)) throw parseFailure('the Gtfs response is not an object');
    const records = child(tree, 'Gtfs');
    if (records === undefined) throw parseFailure('no Gtfs element in the response');
    return entries(records, 'result', 'Gtfs').map(readRecord);
  });
}

function readRecord(entry: Record<string, unknown>): GtfsRecord {
  const record: GtfsRecord = {};
  for (const key in entry) {
    if (key === '#text') continue;
    // XML keeps the record id as an attribute: <result id="42">.
    if (key.startsWith('@') && key !== '@id') continue;
    const name = localName(key).replace(/^@/, '');
    record[name] = text(entry[key]);
  }
  return record;
}

import { rm } from 'node:fs/promises';
import { StringDecoder } from 'node:string_decoder';
import { FeedProblem } from '../net/problem.js';
import { CsvRows } from '../../../gtfs-format/csv-rows.js';
import { openDb, type Db, type Param } from './db.js';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits.js';
import { createTableSql, gtfsSeconds, INDEXES, META_SQL, TABLES, TRIP_ENDS_SQL, type TableSpec } from './schema.js';
import { openZip, ZipLayoutError, type ZipFile } from './zip-entries.js';

// GTFS zip -> a new SQLite file. Rows go in by the thousand in one transaction per file, the next
// batch parsed while SQLite writes the last; indexes are built at the end. A batch travels as one
// JSON text that SQLite takes apart itself (json_each) on its own thread: binding thousands of
// parameters one by one cost the event loop more than the writing did (see bench/gtfs-import).
// The file is complete or absent: a failed import removes what it wrote, so the schedule in use
// is never touched.

/** The feed itself is at fault (unreadable, malformed, over a limit): the same file will fail again. */
export class FeedImportError extends FeedProblem {
  constructor(message: string) {
    super('import', message);
  }
}

export interface ImportProgress {
  /** "stops.txt", ..., then "indexes". */
  stage: string;
  /** 0..1 of the whole import, by uncompressed bytes read. */
  fraction: number;
  rows: number;
}

export interface ImportResult {
  rows: Record<string, number>;
  timeZone: string;
}

export interface ImportOptions {
  onProgress?: (p: ImportProgress) => void;
  limits?: ImportLimits;
}

const BATCH_ROWS = 2000;

export async function importFeed(zipPath: string, dbPath: string, options: ImportOptions = {}): Promise<ImportResult> {
  const onProgress = options.onProgress ?? (() => {});
  const limits = options.limits ?? DEFAULT_IMPORT_LIMITS;
  await rm(dbPath, { force: true });
  let zip: ZipFile | undefined;
  let db: Db | undefined;
  try {
    zip = await openZip(zipPath).catch((err: unknown) => {
      throw err instanceof ZipLayoutError ? new FeedImportError(err.message) : new FeedImportError(`not a readable zip (${describe(err)})`);
    });
    const present = TABLES.filter((t) => zip!.sizes.has(`${t.name}.txt`));
    checkFiles(zip, present, limits);
    db = await openDb(dbPath, 'create', { ownThread: true });
    // MEMORY, not OFF: better-sqlite3 runs SQLite in defensive mode, which refuses OFF.
    await db.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF;');
    const total = present.reduce((sum, t) => sum + zip!.sizes.get(`${t.name}.txt`)!.uncompressed, 0) || 1;
    let before = 0;
    const rows: Record<string, number> = {};
    const budget = { rows: limits.maxRows };
    for (const table of TABLES) {
      await db.run(createTableSql(table));
      if (!present.includes(table)) continue;
      rows[table.name] = await importTable(db, zip, table, limits, budget, (bytes, count) =>
        onProgress({ stage: `${table.name}.txt`, fraction: Math.min(0.95, (0.95 * (before + bytes)) / total), rows: count }),
      );
      before += zip.sizes.get(`${table.name}.txt`)!.uncompressed;
    }
    onProgress({ stage: 'indexes', fraction: 0.95, rows: 0 });
    await db.exec(`BEGIN; ${INDEXES.join('; ')}; ${TRIP_ENDS_SQL}; CREATE UNIQUE INDEX trip_ends_id ON trip_ends (trip_id); ${META_SQL}; COMMIT;`);
    const timeZone = await checkContent(db, rows);
    onProgress({ stage: 'done', fraction: 1, rows: 0 });
    return { rows, timeZone };
  } catch (err) {
    await db?.close().catch(() => {});
    db = undefined;
    await rm(dbPath, { force: true }).catch(() => {});
    throw blame(err);
  } finally {
    zip?.close();
    await db?.close();
  }
}

/** What the zip says of its files, checked before a row is read: required files, sizes, expansion. */
function checkFiles(zip: ZipFile, present: TableSpec[], limits: ImportLimits): void {
  const missing = TABLES.filter((t) => t.required && !zip.sizes.has(`${t.name}.txt`)).map((t) => `${t.name}.txt`);
  if (!zip.sizes.has('calendar.txt') && !zip.sizes.has('calendar_dates.txt')) missing.push('calendar.txt or calendar_dates.txt');
  if (missing.length > 0) throw new FeedImportError(`the feed lacks ${missing.join(', ')}`);
  let total = 0;
  for (const table of present) {
    const size = zip.sizes.get(`${table.name}.txt`)!;
    total += size.uncompressed;
    if (size.uncompressed > limits.minBytesForExpansionCheck && size.uncompressed > limits.maxExpansion * Math.max(1, size.compressed)) {
      throw new FeedImportError(
        `${table.name}.txt expands ${Math.round(size.uncompressed / Math.max(1, size.compressed))} times (over ${limits.maxExpansion}): not a feed`,
      );
    }
  }
  if (total > limits.maxBytes) throw new FeedImportError(`the feed's files hold ${total} bytes, over ${limits.maxBytes}`);
}

async function checkContent(db: Db, rows: Record<string, number>): Promise<string> {
  for (const name of ['agency', 'stops', 'routes', 'trips', 'stop_times']) {
    if ((rows[name] ?? 0) === 0) throw new FeedImportError(`${name}.txt has no rows`);
  }
  const [agency] = await db.all<{ agency_timezone: string }>('SELECT agency_timezone FROM agency LIMIT 1');
  const timeZone = agency?.agency_timezone ?? '';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    throw new FeedImportError(`agency_timezone ${JSON.stringify(timeZone.slice(0, 40))} is not a time zone`);
  }
  return timeZone;
}

async function importTable(
  db: Db,
  zip: ZipFile,
  table: TableSpec,
  limits: ImportLimits,
  budget: { rows: number },
  onRows: (bytes: number, rows: number) => void,
): Promise<number> {
  const file = `${table.name}.txt`;
  const names = Object.keys(table.columns);
  const types = Object.values(table.columns);
  const width = names.length;
  const timesBoth = table.name === 'stop_times';
  let positions: number[] | undefined;
  let batch: Param[][] = [];
  const full: Param[][][] = [];
  let count = 0;
  const csv = new CsvRows({ maxFieldChars: limits.maxFieldChars }, (fields) => {
    if (positions === undefined) {
      positions = names.map((name) => fields.indexOf(name));
      const absent = table.key.filter((key) => positions![names.indexOf(key)] === -1);
      if (absent.length > 0) throw new FeedImportError(`${file} has no ${absent.join(', ')} column`);
      return;
    }
    if (--budget.rows < 0) throw new FeedImportError(`the feed holds more than ${limits.maxRows} rows`);
    const row: Param[] = new Array<Param>(width);
    for (let i = 0; i < width; i++) {
      const at = positions[i]!;
      row[i] = convert(at === -1 ? '' : (fields[at] ?? ''), types[i]!);
    }
    if (timesBoth) withBothTimes(row);
    batch.push(row);
    count += 1;
    if (batch.length === BATCH_ROWS) {
      full.push(batch);
      batch = [];
    }
  });

  const insert = await db.prepare(
    `INSERT INTO ${table.name} (${names.join(',')}) SELECT ${names.map((_, i) => `value->>${i}`).join(',')} FROM json_each(?)`,
  );
  // One batch is written while the next chunk is parsed; its failure is taken up at the next await.
  let writing: Promise<void> = Promise.resolve();
  const write = async (rows: Param[][]) => {
    await writing;
    writing = insert.run([JSON.stringify(rows)]);
    writing.catch(() => {});
  };
  await db.run('BEGIN');
  try {
    const stream = await zip.open(file);
    const decoder = new StringDecoder('utf8');
    let bytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      csv.push(decoder.write(chunk));
      for (const rows of full.splice(0)) await write(rows);
      onRows(bytes, count);
    }
    csv.push(decoder.end());
    csv.end();
    for (const rows of [...full.splice(0), batch]) if (rows.length > 0) await write(rows);
    await writing;
  } finally {
    await writing.catch(() => {});
    await insert.finalize().catch(() => {});
  }
  await db.run('COMMIT');
  onRows(Infinity, count);
  return count;
}

// A stop time may give only one of arrival and departure; the look-ups read either, so both are
// filled (an untimed stop keeps neither and is not shown).
const ARRIVAL = Object.keys(TABLES.find((t) => t.name === 'stop_times')!.columns).indexOf('arrival_time');
const DEPARTURE = ARRIVAL + 1;

function withBothTimes(row: Param[]): void {
  row[ARRIVAL] ??= row[DEPARTURE] ?? null;
  row[DEPARTURE] ??= row[ARRIVAL] ?? null;
}

function convert(text: string, type: TableSpec['columns'][string]): Param {
  if (text === '') return null;
  switch (type) {
    case 'text':
      return text;
    case 'int':
    case 'real': {
      const value = Number(text);
      return Number.isFinite(value) ? value : null;
    }
    case 'time':
      return gtfsSeconds(text);
  }
}

/**
 * The feed's fault, or ours? A problem of the machine (a full disk, a file that cannot be opened)
 * is passed on as it is, to be tried again; anything else the zip or its rows caused is a
 * FeedImportError, so that the same file is not imported again.
 */
function blame(err: unknown): unknown {
  if (err instanceof FeedImportError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (/^E[A-Z]+$/.test(code) || MACHINE_SQLITE_CODES.has(code))) return err;
  return new FeedImportError(describe(err));
}

const MACHINE_SQLITE_CODES = new Set([
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_NOMEM',
  'SQLITE_BUSY',
  'SQLITE_PERM',
]);

/** A library's message about the zip or the rows, cut short: it names files and values, no secret. */
function describe(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 200);
}

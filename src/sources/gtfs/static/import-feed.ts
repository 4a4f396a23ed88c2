import { rm } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { openDb, type Db, type Param } from './db.js';
import { createTableSql, gtfsSeconds, INDEXES, META_SQL, TABLES, TRIP_ENDS_SQL, type TableSpec } from './schema.js';
import { openZip, type ZipFile } from './zip-entries.js';

// GTFS zip -> a new SQLite file. Rows go in by the hundred in one transaction per file; indexes
// are built at the end. The file is complete or absent: a failed import removes what it wrote, so
// the schedule in use is never touched.

export class FeedImportError extends Error {
  override readonly name = 'FeedImportError';
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

const BATCH_ROWS = 400;

export async function importFeed(zipPath: string, dbPath: string, onProgress: (p: ImportProgress) => void = () => {}): Promise<ImportResult> {
  await rm(dbPath, { force: true });
  let zip: ZipFile | undefined;
  let db: Db | undefined;
  try {
    zip = await openZip(zipPath).catch((err: unknown) => {
      throw new FeedImportError(`not a readable zip: ${err instanceof Error ? err.message : String(err)}`);
    });
    checkFiles(zip);
    db = await openDb(dbPath, 'create');
    await db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA temp_store = MEMORY;');
    const present = TABLES.filter((t) => zip!.sizes.has(`${t.name}.txt`));
    const total = present.reduce((sum, t) => sum + (zip!.sizes.get(`${t.name}.txt`) ?? 0), 0) || 1;
    let before = 0;
    const rows: Record<string, number> = {};
    for (const table of TABLES) {
      await db.run(createTableSql(table));
      if (!present.includes(table)) continue;
      rows[table.name] = await importTable(db, zip, table, (bytes, count) =>
        onProgress({ stage: `${table.name}.txt`, fraction: Math.min(0.95, (0.95 * (before + bytes)) / total), rows: count }),
      );
      before += zip.sizes.get(`${table.name}.txt`) ?? 0;
    }
    onProgress({ stage: 'indexes', fraction: 0.95, rows: 0 });
    await db.exec(`BEGIN; ${INDEXES.join('; ')}; ${TRIP_ENDS_SQL}; CREATE UNIQUE INDEX trip_ends_id ON trip_ends (trip_id); ${META_SQL}; COMMIT;`);
    const timeZone = await checkContent(db, rows);
    onProgress({ stage: 'done', fraction: 1, rows: 0 });
    return { rows, timeZone };
  } catch (err) {
    await db?.close().catch(() => {});
    db = undefined;
    await rm(dbPath, { force: true });
    if (err instanceof FeedImportError) throw err;
    throw new FeedImportError(err instanceof Error ? err.message : String(err));
  } finally {
    zip?.close();
    await db?.close();
  }
}

function checkFiles(zip: ZipFile): void {
  const missing = TABLES.filter((t) => t.required && !zip.sizes.has(`${t.name}.txt`)).map((t) => `${t.name}.txt`);
  if (!zip.sizes.has('calendar.txt') && !zip.sizes.has('calendar_dates.txt')) missing.push('calendar.txt or calendar_dates.txt');
  if (missing.length > 0) throw new FeedImportError(`the feed lacks ${missing.join(', ')}`);
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

async function importTable(db: Db, zip: ZipFile, table: TableSpec, onRows: (bytes: number, rows: number) => void): Promise<number> {
  const file = `${table.name}.txt`;
  const stream = await zip.open(file);
  let bytes = 0;
  stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
  const parser = stream.pipe(
    parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] }),
  );
  const names = Object.keys(table.columns);
  const types = Object.values(table.columns);
  let positions: number[] | undefined;
  let batch: Param[] = [];
  let count = 0;
  const insertSql = (rows: number) => {
    const one = `(${names.map(() => '?').join(',')})`;
    return `INSERT INTO ${table.name} (${names.join(',')}) VALUES ${Array.from({ length: rows }, () => one).join(',')}`;
  };
  // Every full batch runs the same statement, compiled once; the last, shorter one is run as is.
  const fullBatch = await db.prepare(insertSql(BATCH_ROWS));
  const flush = async () => {
    if (batch.length === 0) return;
    const rowsInBatch = batch.length / names.length;
    if (rowsInBatch === BATCH_ROWS) await fullBatch.run(batch);
    else await db.run(insertSql(rowsInBatch), batch);
    batch = [];
  };
  await db.run('BEGIN');
  for await (const fields of parser as AsyncIterable<string[]>) {
    if (positions === undefined) {
      positions = names.map((name) => fields.indexOf(name));
      const absent = table.key.filter((key) => positions![names.indexOf(key)] === -1);
      if (absent.length > 0) throw new FeedImportError(`${file} has no ${absent.join(', ')} column`);
      continue;
    }
    const row = names.map((_, i) => convert(positions![i] === -1 ? '' : (fields[positions![i]!] ?? ''), types[i]!));
    batch.push(...(table.name === 'stop_times' ? withBothTimes(row) : row));
    count += 1;
    if (count % BATCH_ROWS === 0) {
      await flush();
      onRows(bytes, count);
    }
  }
  await flush();
  await fullBatch.finalize();
  await db.run('COMMIT');
  onRows(bytes, count);
  return count;
}

// A stop time may give only one of arrival and departure; the look-ups read either, so both are
// filled (an untimed stop keeps neither and is not shown).
const ARRIVAL = Object.keys(TABLES.find((t) => t.name === 'stop_times')!.columns).indexOf('arrival_time');
const DEPARTURE = ARRIVAL + 1;

function withBothTimes(row: Param[]): Param[] {
  row[ARRIVAL] ??= row[DEPARTURE] ?? null;
  row[DEPARTURE] ??= row[ARRIVAL] ?? null;
  return row;
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

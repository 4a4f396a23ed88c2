import { CsvRows } from './csv-rows.js';

export { CsvError } from './csv-rows.js';

// A whole GTFS file's CSV as records keyed by header name, for the stop index and the simulator's
// feed loader; read by the one CSV reader (csv-rows.ts), the schedule import's, so that a stops.txt
// reads the same everywhere.

export type CsvRecord = Record<string, string>;

export interface CsvTable {
  /** The header row, trimmed; [] for an empty file. */
  columns: string[];
  /** One record per data row, keyed by header name; a field the row leaves out reads as "". */
  records: CsvRecord[];
}

/**
 * Throws CsvError for a quote left open at the end of the file (rather than reading the rest of
 * the file into one field). The header is kept apart from the records so that a caller that
 * checks it sees it in a file with no data rows.
 */
export function readCsvTable(text: string): CsvTable {
  const rows: string[][] = [];
  // The text is in memory already: no cap on a field beyond its length.
  const csv = new CsvRows({ maxFieldChars: Infinity, unclosedQuote: 'refuse' }, (fields) => rows.push(fields));
  csv.push(text);
  csv.end();
  const [header, ...data] = rows;
  if (header === undefined) return { columns: [], records: [] };
  const records = data.map((fields) => {
    const record: CsvRecord = {};
    header.forEach((name, i) => {
      record[name] = fields[i] ?? '';
    });
    return record;
  });
  return { columns: header, records };
}

export function readCsvRecords(text: string): CsvRecord[] {
  return readCsvTable(text).records;
}

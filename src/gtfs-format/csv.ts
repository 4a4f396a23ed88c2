import { parse, type Options } from 'csv-parse/sync';

export { CsvError } from 'csv-parse/sync';

// GTFS files are CSV (RFC 4180) as real exports write it: a UTF-8 byte-order mark, CRLF (or a
// mix of line ends), padded values ("  45.439869"), blank lines, and rows that stop short of the
// header. The stop index and the simulator's feed loader both read GTFS through here. Padding is
// trimmed outside quotes only: what a field quotes is kept as written.

export type CsvRecord = Record<string, string>;

export interface CsvTable {
  /** The header row, trimmed; [] for an empty file. */
  columns: string[];
  /** One record per data row, keyed by header name; a field the row leaves out reads as "". */
  records: CsvRecord[];
}

const OPTIONS: Options = {
  bom: true,
  trim: true,
  skip_empty_lines: true,
  relax_column_count: true,
  // Auto-detection fixes the line end from the first one it sees; a file edited on two systems
  // mixes them, and every kind must still end a record.
  record_delimiter: ['\r\n', '\n', '\r'],
};

/**
 * Throws csv-parse's CsvError (with `code` and `lines`) for malformed quoting. Records are keyed
 * here rather than by csv-parse's `columns`: that one leaves a short row's missing keys out, and
 * would hide the header from a caller that checks it in a file with no data rows.
 */
export function readCsvTable(text: string): CsvTable {
  const [header, ...rows] = parse(text, OPTIONS);
  if (header === undefined) return { columns: [], records: [] };
  const records = rows.map((fields) => {
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

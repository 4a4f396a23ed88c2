// RFC 4180 CSV as GTFS writes it: a header row, quoted fields with "" for a quote, CRLF or LF,
// an optional byte-order mark. Small enough to own rather than add a dependency for.

export type CsvRow = Record<string, string>;

export function parseCsv(text: string): CsvRow[] {
  const rows = splitRecords(text.replace(/^\uFEFF/, ''));
  const header = rows.shift();
  if (header === undefined) return [];
  const names = header.map((name) => name.trim());
  return rows
    .filter((fields) => !(fields.length === 1 && fields[0] === ''))
    .map((fields) => {
      const row: CsvRow = {};
      names.forEach((name, i) => {
        row[name] = (fields[i] ?? '').trim();
      });
      return row;
    });
}

function splitRecords(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        field += c;
      }
    } else if (c === '"') {
      quoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      records.push(fields);
      fields = [];
      field = '';
    } else {
      field += c;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push(fields);
  }
  return records;
}

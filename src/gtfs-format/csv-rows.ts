// GTFS files are CSV (RFC 4180) as real exports write it: a UTF-8 byte-order mark, CRLF (or a
// mix of line ends, each ending a record), padded values ("  45.439869"), blank lines, rows that
// stop short of the header. The one CSV reader of the project: the schedule import feeds it the
// text as it streams out of the zip, a chunk at a time; the stop index and the simulator read a
// whole file through csv.ts. Written rather than taken from csv-parse: it is several times faster
// on the plain rows that make up a city's stop_times.txt, it caps what one field and one record
// may hold while reading (a 300 MB field never sits in memory), and it reads a stray quote the way
// most exports' readers do instead of stopping: `"BANK / SLATER" NORTH` is `BANK / SLATER NORTH`.
// Padding outside quotes is trimmed, what a quote holds is kept as written ("" is ").

export class CsvLimitError extends Error {
  override readonly name = 'CsvLimitError';
}

/** The text is no CSV: a quote still open where the file ends. */
export class CsvError extends Error {
  override readonly name = 'CsvError';
}

export interface CsvLimits {
  /** Characters one field may hold. */
  maxFieldChars: number;
  /**
   * A quote still open where the file ends: kept with what it holds (the import, whose field cap
   * bounds it), or refused with CsvError (a whole file read at once: better said than read into one field).
   */
  unclosedQuote?: 'keep' | 'refuse';
}

const QUOTE = 34; // "
const COMMA = 44; // ,
const LF = 10;
const CR = 13;

/** Feeds text in, calls `row` with each complete record's fields. */
export class CsvRows {
  private carry = '';
  private started = false;
  /** A record may hold every field at its cap, and a little more for the commas and quotes. */
  private readonly maxRecordChars: number;

  constructor(
    private readonly limits: CsvLimits,
    private readonly row: (fields: string[]) => void,
  ) {
    this.maxRecordChars = limits.maxFieldChars * 64;
  }

  push(chunk: string): void {
    let text = this.carry + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
    const end = text.charCodeAt(text.length - 1) === CR ? text.length - 1 : text.length;
    const consumed = this.records(text, end, false);
    this.carry = text.slice(consumed);
    if (this.carry.length > this.maxRecordChars) throw new CsvLimitError(`a record runs past ${this.maxRecordChars} characters`);
  }

  end(): void {
    const text = this.carry;
    this.carry = '';
    this.records(text, text.length, true);
  }

  /** Reads the records that end before `end`; returns where the first incomplete one starts. */
  private records(text: string, end: number, last: boolean): number {
    // Where the next CR and quote are, looked for again only once passed: searching from each
    // line would read the rest of the chunk once per line.
    let cr = find(text, '\r', 0);
    let quote = find(text, '"', 0);
    let at = 0;
    while (at < end) {
      if (cr < at) cr = find(text, '\r', at);
      if (quote < at) quote = find(text, '"', at);
      let lineEnd = Math.min(find(text, '\n', at), cr);
      if (lineEnd >= end) {
        if (!last) return at;
        lineEnd = end;
      }
      if (quote >= lineEnd) {
        // The common case: no quote on the line, so a comma always ends a field.
        if (lineEnd > at) this.plain(text.slice(at, lineEnd));
        at = skipLineEnd(text, lineEnd);
        continue;
      }
      const next = this.quoted(text, at, end, last);
      if (next === -1) return at;
      at = next;
    }
    return at;
  }

  private plain(line: string): void {
    if (line.trim() === '') return;
    const fields = line.split(',');
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      if (field.length > this.limits.maxFieldChars) throw this.tooLong();
      const first = field.charCodeAt(0);
      const lastChar = field.charCodeAt(field.length - 1);
      if (first <= 32 || lastChar <= 32) fields[i] = field.trim();
    }
    this.row(fields);
  }

  /**
   * A record with quotes, which may run over several lines. Returns where the next record starts,
   * or -1 when the text ends inside this one (more is to come).
   */
  private quoted(text: string, start: number, end: number, last: boolean): number {
    const fields: string[] = [];
    let at = start;
    for (;;) {
      // One field: padding, then either a quoted part or plain text, up to a comma or line end.
      while (at < end && isPadding(text.charCodeAt(at))) at++;
      let value = '';
      const opensQuote = at < end && text.charCodeAt(at) === QUOTE;
      if (opensQuote) {
        let from = at + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close === -1 || close >= end) {
            if (!last) return -1;
            if (this.limits.unclosedQuote === 'refuse') throw new CsvError('Quote Not Closed: the file ends inside a quoted field');
            value += text.slice(from, end); // an unclosed quote at the end of the file: keep what it holds
            at = end;
            break;
          }
          value += text.slice(from, close);
          if (value.length > this.limits.maxFieldChars) throw this.tooLong();
          if (close + 1 < end && text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            from = close + 2;
            continue;
          }
          if (close + 1 >= end && !last) return -1; // "" may straddle two chunks
          at = close + 1;
          break;
        }
      }
      // Plain text, or what follows a closing quote (a stray quote: kept as read, padding trimmed).
      const stop = fieldEnd(text, at, end);
      const rest = text.slice(at, stop);
      value = opensQuote ? value + rest.trimEnd() : rest.trim();
      if (value.length > this.limits.maxFieldChars) throw this.tooLong();
      fields.push(value);
      at = stop;
      if (at < end && text.charCodeAt(at) === COMMA) {
        at++;
        continue;
      }
      if (at >= end && !last) return -1;
      this.row(fields);
      return skipLineEnd(text, at);
    }
  }

  private tooLong(): CsvLimitError {
    return new CsvLimitError(`a field runs past ${this.limits.maxFieldChars} characters`);
  }
}

function find(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at === -1 ? Infinity : at;
}

function isPadding(code: number): boolean {
  return code === 32 || code === 9;
}

function fieldEnd(text: string, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === COMMA || code === LF || code === CR) return i;
  }
  return end;
}

function skipLineEnd(text: string, at: number): number {
  if (text.charCodeAt(at) === CR) return text.charCodeAt(at + 1) === LF ? at + 2 : at + 1;
  return text.charCodeAt(at) === LF ? at + 1 : at;
}

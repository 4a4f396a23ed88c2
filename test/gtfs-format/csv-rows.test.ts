import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { CsvLimitError, CsvRows } from '../../src/gtfs-format/csv-rows.js';

// The import's CSV reader: the same records as the project's csv-parse reading wherever the file
// is cut into chunks, a stray quote read as most readers do, and its limits enforced as it reads.

function rows(chunks: string[], maxFieldChars = 1000): string[][] {
  const out: string[][] = [];
  const csv = new CsvRows({ maxFieldChars }, (fields) => out.push(fields));
  for (const chunk of chunks) csv.push(chunk);
  csv.end();
  return out;
}

const cutAt = (text: string, cuts: number[]) => {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((from, i) => text.slice(from, points[i] ?? text.length));
};

describe('CsvRows', () => {
  it('reads what csv-parse reads (quotes, doubled quotes, commas and line ends inside quotes, padding, any line end), however the text is cut', () => {
    const field = fc.oneof(
      fc.stringMatching(/^[a-z0-9 ./-]{0,8}$/),
      fc.stringMatching(/^[a-z ",\r\n]{0,8}$/).map((s) => `"${s.replace(/"/g, '""')}"`),
    );
    const line = fc.array(field, { minLength: 1, maxLength: 5 }).map((fields) => fields.join(','));
    const file = fc.tuple(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean());
    fc.assert(
      fc.property(file, fc.array(fc.nat(), { maxLength: 6 }), ([lines, end, bom], cuts) => {
        const text = `${bom ? '\ufeff' : ''}${lines.join(end)}${end}`;
        // csv-parse, with the options the project read GTFS with before this reader was its only one.
        const expected = parse(text, {
          bom: true,
          trim: true,
          skip_empty_lines: true,
          relax_column_count: true,
          record_delimiter: ['\r\n', '\n', '\r'],
        });
        expect(rows(cutAt(text, cuts))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('reads a stray quote as the text around it instead of giving up', () => {
    expect(rows(['stop_id,stop_name,x\nA,"BANK / SLATER" NORTH,1\nB,O"Connor,2\n'])).toEqual([
      ['stop_id', 'stop_name', 'x'],
      ['A', 'BANK / SLATER NORTH', '1'],
      ['B', 'O"Connor', '2'],
    ]);
  });

  it('refuses a field past its cap, quoted or not, before holding the rest of it', () => {
    expect(() => rows([`a,b\n1,${'x'.repeat(101)}\n`], 100)).toThrow(CsvLimitError);
    expect(() => rows([`a,b\n1,"${'x'.repeat(60)}""${'x'.repeat(60)}"\n`], 100)).toThrow(CsvLimitError);
    // A field that never ends: refused once what is held passes the cap, not at the end of the file.
    const csv = new CsvRows({ maxFieldChars: 100 }, () => {});
    csv.push('a,b\n1,"');
    expect(() => {
      for (let i = 0; i < 1000; i++) csv.push('y'.repeat(100));
    }).toThrow(CsvLimitError);
  });
});

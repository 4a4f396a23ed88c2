import { describe, expect, it } from 'vitest';
import { CsvError, readCsvRecords, readCsvTable } from '../../src/gtfs-format/csv.js';

describe('readCsvRecords', () => {
  it('reads a header, quoted fields with commas and doubled quotes, CRLF and a byte-order mark', () => {
    const text = '\uFEFFstop_id,stop_name,stop_lat\r\nCB080,"WELLINGTON / O\'CONNOR",45.42\r\nX1,"A, ""B""",  45.1\r\n';
    expect(readCsvRecords(text)).toEqual([
      { stop_id: 'CB080', stop_name: "WELLINGTON / O'CONNOR", stop_lat: '45.42' },
      { stop_id: 'X1', stop_name: 'A, "B"', stop_lat: '45.1' },
    ]);
  });

  it('gives missing trailing fields as empty strings and skips blank lines', () => {
    expect(readCsvRecords('a,b,c\n1\n\n2,3,4')).toEqual([
      { a: '1', b: '', c: '' },
      { a: '2', b: '3', c: '4' },
    ]);
  });

  it('ignores fields beyond the header', () => {
    expect(readCsvRecords('a,b\n1,2,3\n')).toEqual([{ a: '1', b: '2' }]);
  });

  it('ends a record at any line end, even when a file mixes them', () => {
    expect(readCsvRecords('a,b\r\n1,2\n3,4\r5,6')).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '4' },
      { a: '5', b: '6' },
    ]);
  });

  it('trims padding around fields and header names, and around quotes, but not inside them', () => {
    expect(readCsvRecords(' a , b \n  45.439869 , " x, y "\n')).toEqual([{ a: '45.439869', b: ' x, y ' }]);
  });
});

describe('readCsvTable', () => {
  it('handles a BOM, CRLF, quoted commas, doubled quotes and line breaks inside quotes', () => {
    const text = '\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"two\r\nlines",\r\n\r\n';
    expect(readCsvTable(text)).toEqual({
      columns: ['a', 'b', 'c'],
      records: [
        { a: '1', b: 'x, y', c: 'say "hi"' },
        { a: '2', b: 'two\r\nlines', c: '' },
      ],
    });
  });

  it('keeps a last row without a trailing line break', () => {
    expect(readCsvTable('a,b\n1,2')).toEqual({ columns: ['a', 'b'], records: [{ a: '1', b: '2' }] });
  });

  it('gives the header of a file without data rows, and nothing for an empty file', () => {
    expect(readCsvTable('a,b\r\n')).toEqual({ columns: ['a', 'b'], records: [] });
    expect(readCsvTable('')).toEqual({ columns: [], records: [] });
    expect(readCsvTable('\uFEFF')).toEqual({ columns: [], records: [] });
  });

  it('reports an unclosed quote instead of reading the rest of the file into one field', () => {
    expect(() => readCsvTable('a,b\n1,"x\n2,3\n')).toThrow(CsvError);
    expect(() => readCsvTable('a,b\n1,"x\n2,3\n')).toThrow(/Quote Not Closed/);
  });

  it('reads a stray quote as the text around it, as the schedule import does (one reader for both)', () => {
    expect(readCsvTable('name,x\n"BANK / SLATER" NORTH,1\nO"Connor,2\n').records).toEqual([
      { name: 'BANK / SLATER NORTH', x: '1' },
      { name: 'O"Connor', x: '2' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/sim/gtfs/csv.js';

describe('parseCsv', () => {
  it('reads a header, quoted fields with commas and doubled quotes, CRLF and a byte-order mark', () => {
    const text = '\uFEFFstop_id,stop_name,stop_lat\r\nCB080,"WELLINGTON / O\'CONNOR",45.42\r\nX1,"A, ""B""",  45.1\r\n';
    expect(parseCsv(text)).toEqual([
      { stop_id: 'CB080', stop_name: "WELLINGTON / O'CONNOR", stop_lat: '45.42' },
      { stop_id: 'X1', stop_name: 'A, "B"', stop_lat: '45.1' },
    ]);
  });

  it('gives missing trailing fields as empty strings and skips blank lines', () => {
    expect(parseCsv('a,b,c\n1\n\n2,3,4')).toEqual([
      { a: '1', b: '', c: '' },
      { a: '2', b: '3', c: '4' },
    ]);
  });
});

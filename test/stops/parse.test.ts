import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStopsTxt, StopsFileError } from '../../src/stops/index.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/gtfs/${name}`, import.meta.url), 'utf8');

describe('parseStopsTxt', () => {
  it('reads the 2014 extract: skips xxxx and empty codes, pads short codes, trims names', () => {
    const stops = parseStopsTxt(fixture('stops-2014-extract.txt'));
    expect(stops).toHaveLength(51);
    expect(new Set(stops.map((s) => s.code)).size).toBe(31);
    expect(stops[0]).toEqual({ code: '3017', id: 'SH900', name: 'BASELINE 1B', lat: 45.347771, lon: -75.761208 });
    expect(stops.find((s) => s.id === 'AB185')).toMatchObject({ code: '0839', name: 'DES PÈRES BLANCS / LEBRUN' });
    expect(stops.find((s) => s.id === 'AE351')?.code).toBe('0742');
    expect(stops.some((s) => ['EE302', 'WH367', 'EO167', 'WL010'].includes(s.id))).toBe(false);
    expect(stops.every((s) => /^\d{4}$/.test(s.code))).toBe(true);
  });

  it('reads the 2013 layout: other column order, zero-padded codes, coordinates with leading spaces', () => {
    const stops = parseStopsTxt(fixture('stops-2013-extract.txt'));
    expect(stops).toHaveLength(13);
    expect(stops.find((s) => s.id === 'AB185')).toEqual({
      code: '0839',
      id: 'AB185',
      name: 'DES PÈRES BLANCS / LEBRUN',
      lat: 45.442703,
      lon: -75.661797,
    });
  });

  it('keeps a quoted name with a comma and drops rows with unusable coordinates', () => {
    const text = [
      'stop_id,stop_name,stop_lat,stop_lon,stop_code',
      'X1,"BANK, SOMERSET",45.41,-75.69,1234',
      'X2,NO COORDS,,-75.69,1235',
      'X3,BAD,north,-75.69,1236',
      'X4,TOO LONG CODE,45.4,-75.6,12345',
    ].join('\n');
    expect(parseStopsTxt(text)).toEqual([{ code: '1234', id: 'X1', name: 'BANK, SOMERSET', lat: 45.41, lon: -75.69 }]);
  });

  it('names the missing column instead of guessing', () => {
    expect(() => parseStopsTxt('stop_id,stop_name,stop_lat,stop_lon\nA,B,1,2')).toThrow(StopsFileError);
    expect(() => parseStopsTxt('stop_id,stop_name,stop_lat,stop_lon\nA,B,1,2')).toThrow(/stop_code/);
    expect(() => parseStopsTxt('')).toThrow(/empty/);
    expect(() => parseStopsTxt('stop_id,stop_name,stop_lat,stop_lon\r\n')).toThrow(/stop_code/);
  });

  it('reads a stray quote in a name as the schedule import reads it, instead of refusing the whole file', () => {
    // Real exports write names such as "BANK / SLATER" NORTH; one reader for both, so /stop and the
    // schedule agree on the same stops.txt.
    const text = 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nX1,1234,"BANK / SLATER" NORTH,45.41,-75.69\nX2,1235,O"Connor,45.42,-75.7\n';
    expect(parseStopsTxt(text).map((s) => [s.code, s.name])).toEqual([
      ['1234', 'BANK / SLATER NORTH'],
      ['1235', 'O"Connor'],
    ]);
  });

  it('reports malformed CSV as a StopsFileError, not as a raw parser error', () => {
    const text = 'stop_id,stop_code,stop_name,stop_lat,stop_lon\nX1,1234,"BANK,45.41,-75.69\n';
    expect(() => parseStopsTxt(text)).toThrow(StopsFileError);
    expect(() => parseStopsTxt(text)).toThrow(/not valid CSV: Quote Not Closed/);
  });
});

import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStopIndex, haversineMeters, loadStopIndex, type StopIndex } from '../../src/stops/index.js';

const FIXTURE = fileURLToPath(new URL('../fixtures/gtfs/stops-2014-extract.txt', import.meta.url));

let index: StopIndex;
beforeAll(async () => {
  index = await loadStopIndex(FIXTURE);
});

describe('haversineMeters', () => {
  it('matches a known distance and is zero for the same point', () => {
    // Laurier station (CD955) to Mackenzie King 1A (CD900): about 175 m apart.
    const d = haversineMeters(45.424519, -75.687164, 45.424129, -75.689369);
    expect(d).toBeGreaterThan(170);
    expect(d).toBeLessThan(180);
    expect(haversineMeters(45.4, -75.7, 45.4, -75.7)).toBe(0);
    // One degree of latitude is about 111.2 km.
    expect(haversineMeters(45, -75, 46, -75)).toBeCloseTo(111_195, -2);
  });
});

describe('StopIndex', () => {
  it('counts stop codes, not platforms', () => {
    expect(index.size).toBe(28);
  });

  it('byCode returns every platform and accepts codes without the leading zero', () => {
    expect(index.byCode('3017').map((s) => s.id)).toEqual(['SH900', 'SH905', 'SH910', 'SH915', 'SH930', 'SH935', 'SH936']);
    expect(index.byCode('839').map((s) => s.id)).toEqual(['AB185']);
    expect(index.byCode('0839').map((s) => s.id)).toEqual(['AB185']);
    expect(index.byCode('xxxx')).toEqual([]);
    expect(index.byCode('9999')).toEqual([]);
  });

  it('nearest gives one entry per code (its closest platform), closest first, within the radius', () => {
    // Standing on platform 2B of Baseline station.
    const near = index.nearest(45.348103, -75.761246, { limit: 5, withinMeters: 1000 });
    expect(near).toHaveLength(1);
    expect(near[0]!.stop.id).toBe('SH935');
    expect(near[0]!.meters).toBe(0);

    // Between Laurier station and Mackenzie King.
    const downtown = index.nearest(45.4243, -75.6882, { limit: 3, withinMeters: 1000 });
    expect(downtown.map((n) => n.stop.code)).toEqual(['3020', '3000', '3009']);
    expect(downtown.map((n) => n.stop.id)).toEqual(['CD955', 'CD900', 'CD920']);
    expect(downtown[0]!.meters).toBeLessThan(downtown[1]!.meters);
  });

  it('nearest honours the radius and the limit', () => {
    expect(index.nearest(45.0, -76.0, { withinMeters: 1000 })).toEqual([]);
    expect(index.nearest(45.4243, -75.6882, { limit: 2 })).toHaveLength(2);
    expect(index.nearest(45.4243, -75.6882)).toHaveLength(5);
  });

  it('search ignores case and accents and requires every word', () => {
    expect(index.search('montreal').map((s) => s.code)).toEqual(['0929', '1545']);
    expect(index.search('Pères blancs lebrun').map((s) => s.code).sort()).toEqual(['0839', '1890']);
    expect(index.search('laurier chapel').map((s) => s.code)).toEqual(['7607', '7608']);
    expect(index.search('laurier nowhere')).toEqual([]);
    expect(index.search('   ')).toEqual([]);
  });

  it('search ranks names that start with the word first and returns one entry per code', () => {
    const codes = index.search('laurier', 50).map((s) => s.code);
    expect(codes).toContain('3020');
    expect(codes.indexOf('7675')).toBeGreaterThan(codes.indexOf('6817')); // ELGIN / LAURIER after LAURIER / ...
    expect(new Set(codes).size).toBe(codes.length);
    expect(index.search('baseline', 50).map((s) => s.code)).toEqual(['3017']);
    expect(index.search('baseline 2a')[0]?.id).toBe('SH930');
    expect(index.search('laurier', 3)).toHaveLength(3);
  });

  it('search matches word prefixes ("rideau centre" style queries)', () => {
    const small = createStopIndex([
      { code: '3009', id: 'CD920', name: 'Rideau Centre', lat: 45.4263, lon: -75.6911 },
      { code: '2337', id: 'CD020', name: 'RIDEAU / CHARLOTTE', lat: 45.4325, lon: -75.6768 },
    ]);
    expect(small.search('rideau centre').map((s) => s.code)).toEqual(['3009']);
    expect(small.search('rid cen').map((s) => s.code)).toEqual(['3009']);
    expect(small.search('RIDEAU').map((s) => s.code)).toHaveLength(2);
  });
});

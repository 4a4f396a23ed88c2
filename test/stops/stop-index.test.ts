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
    expect(index.size).toBe(31);
  });

  it('byCode returns every platform and accepts codes without the leading zero', () => {
    expect(index.byCode('3017').map((s) => s.id)).toEqual(['SH900', 'SH905', 'SH910', 'SH915', 'SH930', 'SH935', 'SH936']);
    expect(index.byCode('839').map((s) => s.id)).toEqual(['AB185']);
    expect(index.byCode('0839').map((s) => s.id)).toEqual(['AB185']);
    expect(index.byCode('xxxx')).toEqual([]);
    expect(index.byCode('9999')).toEqual([]);
  });

  it('nameOf names a code as riders know it: the station, not a platform', () => {
    expect(index.nameOf('3017')).toBe('BASELINE');
    expect(index.nameOf('839')).toBe(index.byCode('0839')[0]!.name);
    expect(index.nameOf('9999')).toBeUndefined();
    expect(index.nameOf('xxxx')).toBeUndefined();
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
    expect(
      index
        .search('Pères blancs lebrun')
        .map((s) => s.code)
        .sort(),
    ).toEqual(['0839', '1890']);
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

  it('names a code with several platforms after what their names share, from the real rows', () => {
    const at = (id: string) => {
      const platform = index.byCode(codeOf(id)).find((p) => p.id === id)!;
      const [near] = index.nearest(platform.lat, platform.lon, { limit: 1 });
      return { name: near!.stop.name, id: near!.stop.id, meters: near!.meters };
    };
    const codeOf = (id: string) => ({ SH935: '3017', CE920: '3022', CD960: '3020', CD920: '3009', NA970: '3011', NA990: '3060' })[id]!;
    // Standing on a platform: the stop is named as riders know it; id and distance stay the platform's.
    expect(at('SH935')).toEqual({ name: 'BASELINE', id: 'SH935', meters: 0 }); // BASELINE 2B, OFF STOP ...
    expect(at('CE920')).toEqual({ name: 'LEES', id: 'CE920', meters: 0 }); // LEES 1B - NIGHT STOP ONLY
    expect(at('CD960').name).toBe('LAURIER'); // LAURIER 1A, LAURIER 2A
    expect(at('CD920').name).toBe('RIDEAU'); // RIDEAU 3A (RIDEAU ST.), RIDEAU 4A (RIDEAU ST.)
    expect(at('NA970').name).toBe("TUNNEY'S PASTURE"); // ... 3B, TUNNEY'S PASTURE4A
    expect(at('NA990').name).toBe('BAYVIEW'); // O-TRAIN BAYVIEW, BAYVIEW 1A, BAYVIEW 2A
    // One platform: its own name, untouched.
    expect(index.nearest(45.442703, -75.661797, { limit: 1 })[0]!.stop.name).toBe('DES PÈRES BLANCS / LEBRUN');
  });

  it('keeps measuring to the nearest platform and keeps the platforms named in byCode', () => {
    // 25 m south of LEES 4A, the southernmost platform.
    const [lees] = index.nearest(45.415714, -75.670166, { limit: 1 });
    expect(lees!.stop).toMatchObject({ code: '3022', name: 'LEES', id: 'CE970' });
    expect(Math.round(lees!.meters)).toBe(25);
    expect(index.byCode('3022').map((p) => p.name)).toEqual(['LEES 1A', 'LEES 1B - NIGHT STOP ONLY', 'LEES 2A', 'LEES 3A', 'LEES 4A']);
  });

  it('search finds a stop by any platform name and shows the stop name', () => {
    expect(index.search('lees night')).toEqual([{ code: '3022', id: 'CE920', name: 'LEES', lat: 45.41621, lon: -75.670303 }]);
    expect(index.search('baseline').map((s) => s.name)).toEqual(['BASELINE']);
    expect(index.search('tunney').map((s) => s.name)).toEqual(["TUNNEY'S PASTURE"]);
  });

  it('falls back to the nearest platform name when the platforms share no word', () => {
    const odd = createStopIndex([
      { code: '1111', id: 'A1', name: 'ALPHA 1A', lat: 45.4, lon: -75.7 },
      { code: '1111', id: 'B1', name: 'Bravo / 1A', lat: 45.401, lon: -75.7 },
    ]);
    expect(odd.nearest(45.4, -75.7)[0]!.stop.name).toBe('ALPHA 1A');
    expect(odd.nearest(45.401, -75.7)[0]!.stop.name).toBe('Bravo / 1A');
    expect(odd.search('bravo')[0]!.name).toBe('Bravo / 1A');
  });
});

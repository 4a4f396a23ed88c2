import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvRecords } from '../../src/gtfs-format/csv.js';
import { upcomingTrips } from '../../src/sim/arrivals/upcoming.js';
import { DEMO_STOPS_FILE, loadDemoNetwork } from '../../src/sim/index.js';

// Facts the rest of the project relies on: the stop index reads stops.txt, the bot's examples use
// 3017 and 3020, and the end-of-service behaviour needs service that ends.

const network = loadDemoNetwork();

describe('demo network', () => {
  it('ships a standard GTFS stops.txt: header, one row per platform, 4-digit codes, Ottawa coordinates', () => {
    const text = readFileSync(DEMO_STOPS_FILE, 'utf8');
    expect(text.split('\n')[0]).toBe('stop_id,stop_code,stop_name,stop_desc,stop_lat,stop_lon,zone_id,stop_url,location_type');
    const rows = readCsvRecords(text);
    expect(rows.length).toBe(network.stopsById.size);
    for (const row of rows) {
      expect(row.stop_code).toMatch(/^\d{4}$/);
      expect(Number(row.stop_lat)).toBeCloseTo(45.38, 0);
      expect(Number(row.stop_lon)).toBeCloseTo(-75.7, 0);
    }
  });

  it('has 20-40 stop codes, including 3017 with several platforms, 3020 and 3022, and 0756 with its leading zero', () => {
    expect(network.stopCodes.size).toBeGreaterThanOrEqual(20);
    expect(network.stopCodes.size).toBeLessThanOrEqual(40);
    expect(network.stopCodes.get('3017')?.platforms.map((p) => p.stopId)).toEqual(['SH900', 'SH915', 'SH930', 'SH935']);
    expect(network.stopCodes.get('3020')?.description).toBe('LAURIER STATION');
    expect(network.stopCodes.get('3022')?.description).toBe('LEES STATION');
    expect(network.stopCodes.get('0756')?.description).toBe('BOOTH / WELLINGTON');
  });

  it('has 6-10 routes, each served in both directions with a heading', () => {
    const directions = new Map<string, Set<number>>();
    for (const stop of network.stopCodes.values()) {
      for (const { route } of stop.routes) {
        expect(route.heading, route.routeNo).not.toBe('');
        expect(route.direction, route.routeNo).toMatch(/^(East|West|North|South)bound$/);
        directions.set(route.routeNo, (directions.get(route.routeNo) ?? new Set()).add(route.directionId));
      }
    }
    expect(directions.size).toBeGreaterThanOrEqual(6);
    expect(directions.size).toBeLessThanOrEqual(10);
    for (const [routeNo, ids] of directions) expect([...ids].sort(), routeNo).toEqual([0, 1]);
  });

  it('expands the frequency templates into trips with increasing stop times', () => {
    expect(network.trips.length).toBeGreaterThan(1000);
    for (const trip of network.trips) {
      const times = trip.calls.map((c) => c.seconds);
      expect(
        times.every((t, i) => i === 0 || t > (times[i - 1] ?? 0)),
        trip.tripId,
      ).toBe(true);
    }
    const lastOf95East = network.trips.filter((t) => t.templateId === '95-eastbound-weekday').at(-1);
    expect(lastOf95East?.tripId).toBe('95-eastbound-weekday-2500');
  });

  it('draws bus types from several codes, including double-deckers and 60-footers', () => {
    const codes = new Set([...network.fleet.values()].flat());
    expect(codes).toContain('6EB - 60');
    expect(codes).toContain('4LB - DD');
    expect(codes).toContain('4E - DEH');
    expect(codes).toContain('4LA - IN');
  });

  it('runs buses every day of the week at Laurier and Lees', () => {
    // Mon 2026-11-23 ... Sun 2026-11-29, 10:00 EST.
    for (let day = 0; day < 7; day++) {
      const now = Date.parse('2026-11-23T15:00:00Z') + day * 86_400_000;
      for (const code of ['3020', '3022']) {
        const trips = network.stopCodes.get(code)!.routes.flatMap((atStop) => upcomingTrips(network, atStop, now));
        expect(trips.length, `${code} on day ${day}`).toBeGreaterThan(3);
      }
    }
  });
});

// Provenance (src/sim/network/README.md): the shared open-data extracts sit beside the project,
// not in it, so this runs where they are present.
const SHARED = join(import.meta.dirname, '..', '..', '..', 'shared', 'data', 'octranspo-gtfs', 'stops-2014.txt');

describe.skipIf(!existsSync(SHARED))('demo stops against the 2014 open-data extract', () => {
  it('copies stop ids, names and coordinates unchanged, and the codes (0756 zero-padded as riders type it)', () => {
    const real = new Map(readCsvRecords(readFileSync(SHARED, 'utf8')).map((row) => [row.stop_id, row]));
    for (const stop of readCsvRecords(readFileSync(DEMO_STOPS_FILE, 'utf8'))) {
      const original = real.get(stop.stop_id ?? '');
      expect(original, stop.stop_id).toBeDefined();
      expect([stop.stop_name, Number(stop.stop_lat), Number(stop.stop_lon)], stop.stop_id).toEqual([
        original?.stop_name,
        Number(original?.stop_lat),
        Number(original?.stop_lon),
      ]);
      expect(stop.stop_code, stop.stop_id).toBe(original?.stop_code?.padStart(4, '0'));
    }
  });
});

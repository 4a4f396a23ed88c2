import { describe, expect, it } from 'vitest';
import { DETOUR_FACTOR, leaveAheadSeconds, walkMinutes, walkSeconds } from '../../src/domain/walking.js';
import { haversineMeters } from '../../src/domain/geo.js';

const STOP = { lat: 45.347771, lon: -75.761208 };
const HOME = { lat: 45.35238, lon: -75.761208 };

describe('a walk to the stop', () => {
  it('is the straight line times the detour factor, at the pace asked', () => {
    const meters = haversineMeters(HOME.lat, HOME.lon, STOP.lat, STOP.lon);
    expect(Math.round(meters)).toBe(512);
    expect(walkSeconds(HOME, STOP, 'normal')).toBe(Math.round((meters * DETOUR_FACTOR) / (5 / 3.6)));
    expect(walkSeconds(HOME, STOP, 'slow')).toBeGreaterThan(walkSeconds(HOME, STOP, 'normal'));
    expect(walkSeconds(HOME, STOP, 'fast')).toBeLessThan(walkSeconds(HOME, STOP, 'normal'));
    expect(walkMinutes(walkSeconds(HOME, STOP, 'normal'))).toBe(8);
    expect(walkMinutes(5)).toBe(1);
  });

  it("adds the early edge of the prediction's band: a bus may come that much before its time", () => {
    // 8 min walk: a prediction 9 min ahead is in the 6-10 band (-60 s), 12 min ahead in 10-15 (-90 s).
    expect(leaveAheadSeconds(480, 9 * 60)).toBe(540);
    expect(leaveAheadSeconds(480, 12 * 60)).toBe(570);
    expect(leaveAheadSeconds(60, 2 * 60)).toBe(90);
    // Past the last band: its widest.
    expect(leaveAheadSeconds(1500, 30 * 60)).toBe(1590);
  });
});

import { describe, expect, it } from 'vitest';
import { tripWheelchair, UNKNOWN_BUS } from '../../src/domain/arrivals.js';
import { FIX_AHEAD_TOLERATED_MS, mapLink, POSITION_FRESH_FOR_MS, readPosition, tripPosition } from '../../src/domain/vehicle-position.js';

const now = new Date('2025-10-26T22:50:32Z');
const at = (msAgo: number) => new Date(now.getTime() - msAgo);

describe('a vehicle position read at a moment', () => {
  it('is none without a fix', () => {
    expect(readPosition(undefined, now)).toEqual({ kind: 'none' });
    expect(tripPosition({}, now).kind).toBe('none');
  });

  it('is current up to 3 minutes old, and old past that (never shown as now)', () => {
    const fresh = readPosition({ lat: 45, lon: -75, fixAt: at(POSITION_FRESH_FOR_MS) }, now);
    expect(fresh).toMatchObject({ kind: 'current', ageMs: POSITION_FRESH_FOR_MS });
    const old = readPosition({ lat: 45, lon: -75, fixAt: at(POSITION_FRESH_FOR_MS + 1000) }, now);
    expect(old).toMatchObject({ kind: 'old', ageMs: POSITION_FRESH_FOR_MS + 1000 });
  });

  it("takes v1.2's GPS age (minutes) as the fix's age when the fix has no time of its own", () => {
    expect(tripPosition({ position: { lat: 45.4, lon: -75.7 }, gpsAgeMinutes: 0.5 }, now)).toMatchObject({ kind: 'current', ageMs: 30_000 });
    expect(tripPosition({ position: { lat: 45.4, lon: -75.7 }, gpsAgeMinutes: 4 }, now)).toMatchObject({ kind: 'old', ageMs: 240_000 });
  });

  it('a fix stamped a few seconds ahead of the clock counts as just taken (clocks disagree that much)', () => {
    expect(readPosition({ lat: 1, lon: 2, fixAt: at(-5000) }, now)).toMatchObject({ kind: 'current', ageMs: 0 });
  });

  it('a fix stamped further in the future is suspect, its age unknown: never "0 s old" for as long as the feed carries it', () => {
    for (const ahead of [FIX_AHEAD_TOLERATED_MS + 1000, 10 * 60_000, 365 * 24 * 3600_000]) {
      const reading = readPosition({ lat: 1, lon: 2, fixAt: at(-ahead) }, now);
      expect(reading).toEqual({ kind: 'suspect', position: { lat: 1, lon: 2, fixAt: at(-ahead) } });
    }
    // A time that is no time at all, the same.
    expect(readPosition({ lat: 1, lon: 2, fixAt: new Date(Number.NaN) }, now).kind).toBe('suspect');
  });
});

describe('the map link', () => {
  it('centres OpenStreetMap on the fix with a marker', () => {
    expect(mapLink({ lat: 43.5838012695, lon: -79.646507263 })).toBe(
      'https://www.openstreetmap.org/?mlat=43.58380&mlon=-79.64651#map=17/43.58380/-79.64651',
    );
  });
});

describe('wheelchair boarding', () => {
  it('is what the source says, else yes for a low-floor bus, else unknown', () => {
    expect(tripWheelchair({ bus: UNKNOWN_BUS })).toBeUndefined();
    expect(tripWheelchair({ bus: { ...UNKNOWN_BUS, lowFloor: true } })).toBe(true);
    expect(tripWheelchair({ bus: UNKNOWN_BUS, wheelchair: false })).toBe(false);
  });
});

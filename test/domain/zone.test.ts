import { describe, expect, it } from 'vitest';
import { wallClock, zoneOffsetMs } from '../../src/domain/time-zone.js';

const HOUR = 3_600_000;
const TORONTO = 'America/Toronto';

describe('zoneOffsetMs', () => {
  it('follows daylight saving time to the second it changes', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15, 12), TORONTO)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15, 12), TORONTO)).toBe(-4 * HOUR);
    // 2026-03-08 02:00 EST = 07:00Z; 2026-11-01 02:00 EDT = 06:00Z.
    expect(zoneOffsetMs(Date.UTC(2026, 2, 8, 7) - 1000, TORONTO)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 2, 8, 7), TORONTO)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 10, 1, 6) - 1000, TORONTO)).toBe(-4 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 10, 1, 6), TORONTO)).toBe(-5 * HOUR);
  });

  it('ignores milliseconds, also before 1970', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15, 12) + 999, TORONTO)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(-1500, 'UTC')).toBe(0);
    expect(zoneOffsetMs(-1500, TORONTO)).toBe(-5 * HOUR);
  });

  it('reads other zones, including half-hour ones', () => {
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), 'Asia/Kolkata')).toBe(5.5 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), 'UTC')).toBe(0);
  });
});

describe('wallClock', () => {
  it("gives the zone's date and 24-hour time, midnight as hour 0", () => {
    expect(wallClock(Date.UTC(2026, 0, 1, 5, 0, 7, 900), TORONTO)).toEqual({ year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 7 });
    expect(wallClock(Date.UTC(2026, 0, 1, 4, 59, 59), TORONTO)).toEqual({ year: 2025, month: 12, day: 31, hour: 23, minute: 59, second: 59 });
  });
});

import { describe, expect, it } from 'vitest';
import { gtfsClock, parseGtfsTime, processingTimestamp, serviceDayStartMs, wallClock } from '../../src/gtfs-format/service-time.js';

const TZ = 'America/Toronto';

describe('Ottawa wall clock', () => {
  it('reads local time in winter (EST) and summer (EDT)', () => {
    expect(processingTimestamp(wallClock(Date.parse('2026-01-15T17:04:05Z'), TZ))).toBe('20260115120405');
    expect(processingTimestamp(wallClock(Date.parse('2026-07-15T17:04:05Z'), TZ))).toBe('20260715130405');
  });

  it('starts an ordinary service day at local midnight', () => {
    expect(new Date(serviceDayStartMs({ year: 2026, month: 11, day: 24 }, TZ)).toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(new Date(serviceDayStartMs({ year: 2026, month: 7, day: 1 }, TZ)).toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('starts a daylight-saving day at noon minus 12 hours, so times after the change are wall-clock times', () => {
    // 2026-03-08: clocks go 02:00 EST -> 03:00 EDT. Noon EDT is 16:00Z; minus 12 h is 04:00Z.
    const spring = serviceDayStartMs({ year: 2026, month: 3, day: 8 }, TZ);
    expect(new Date(spring).toISOString()).toBe('2026-03-08T04:00:00.000Z');
    expect(processingTimestamp(wallClock(spring + parseGtfsTime('08:00:00') * 1000, TZ))).toBe('20260308080000');
    // 2026-11-01: clocks go 02:00 EDT -> 01:00 EST. Noon EST is 17:00Z; minus 12 h is 05:00Z.
    const fall = serviceDayStartMs({ year: 2026, month: 11, day: 1 }, TZ);
    expect(new Date(fall).toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(processingTimestamp(wallClock(fall + parseGtfsTime('08:00:00') * 1000, TZ))).toBe('20261101080000');
  });

  it('writes GTFS times past midnight as hours past 24', () => {
    expect(gtfsClock(parseGtfsTime('25:10:00'))).toBe('25:10');
    expect(gtfsClock(parseGtfsTime('07:05:59'))).toBe('07:05');
    expect(() => parseGtfsTime('7h05')).toThrow();
  });
});

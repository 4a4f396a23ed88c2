import { describe, expect, it } from 'vitest';
import { loadDemoNetwork } from '../../src/sim/index.js';

const calendar = loadDemoNetwork().calendar;
const on = (year: number, month: number, day: number) => [...calendar.activeOn({ year, month, day })].sort();

describe('demo service calendar', () => {
  it('runs the weekday service Monday to Friday', () => {
    expect(on(2026, 11, 23)).toEqual(['WEEKDAY']);
    expect(on(2026, 11, 27)).toEqual(['WEEKDAY']);
  });

  it('runs the Saturday-only service (route 16) on Saturdays but not on Sundays', () => {
    expect(on(2026, 11, 21)).toEqual(['SATURDAY', 'WEEKEND']);
    expect(on(2026, 11, 22)).toEqual(['WEEKEND']);
  });

  it('replaces the weekday service by the weekend one on the calendar_dates holidays', () => {
    expect(on(2026, 12, 25)).toEqual(['WEEKEND']);
    expect(on(2027, 1, 1)).toEqual(['WEEKEND']);
    expect(on(2026, 12, 24)).toEqual(['WEEKDAY']);
  });

  it('runs nothing outside the feed date range', () => {
    expect(on(2036, 1, 7)).toEqual([]);
  });
});

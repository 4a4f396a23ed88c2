import { describe, expect, it } from 'vitest';
import { instantOf, isRepeatedMinute, localMinutesAt, MINUTE_MS, type LocalMinute } from '../../src/domain/local-minute.js';
import { zoneOffsetMs } from '../../src/domain/time-zone.js';

// Every zone of the platform's time zone database, over every offset change of one year: the
// minutes a scheduler reads must walk the wall clock one minute at a time, skipping nothing and
// (second passes of a repeated hour left out) repeating nothing, whatever the hour of the change.

const YEAR_START = Date.parse('2026-01-01T00:00:00Z');
const YEAR_END = Date.parse('2027-01-01T00:00:00Z');
const DAY_MS = 86_400_000;
/** UTC minutes looked at either side of a change: more than any change's size. */
const AROUND_MS = 3 * 3_600_000;

/** The first UTC minute of each offset change in the year. */
function transitions(zone: string): number[] {
  const found: number[] = [];
  for (let day = YEAR_START; day < YEAR_END; day += DAY_MS) {
    if (zoneOffsetMs(day, zone) === zoneOffsetMs(day + DAY_MS, zone)) continue;
    let [low, high] = [day, day + DAY_MS];
    while (high - low > MINUTE_MS) {
      const mid = Math.floor((low + high) / 2 / MINUTE_MS) * MINUTE_MS;
      if (zoneOffsetMs(mid, zone) === zoneOffsetMs(low, zone)) low = mid;
      else high = mid;
    }
    found.push(high);
  }
  return found;
}

const serial = (m: LocalMinute) => Date.parse(`${m.date}T00:00:00Z`) / MINUTE_MS + m.minute;
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** What is wrong with the local minutes read around a change, if anything. */
function problemsAround(zone: string, change: number): string[] {
  const problems: string[] = [];
  let previous: LocalMinute | undefined;
  for (let t = change - AROUND_MS; t < change + AROUND_MS; t += MINUTE_MS) {
    if (isRepeatedMinute(t, zone)) continue;
    for (const local of localMinutesAt(t, zone)) {
      if (local.weekday !== weekdayOf(local.date)) problems.push(`${local.date} is not weekday ${local.weekday}`);
      if (previous !== undefined && serial(local) !== serial(previous) + 1) {
        problems.push(`${new Date(t).toISOString()}: ${local.date} minute ${local.minute} follows ${previous.date} minute ${previous.minute}`);
      }
      previous = local;
    }
  }
  return problems;
}

describe('local minutes in every zone, across every offset change of 2026', () => {
  const zones = Intl.supportedValuesOf('timeZone');
  const changes = zones.map((zone) => ({ zone, at: transitions(zone) }));

  it('finds the changes, those at midnight included', () => {
    expect(zones.length).toBeGreaterThan(300);
    for (const zone of ['America/Santiago', 'Africa/Cairo', 'Asia/Beirut', 'America/Havana', 'America/Toronto', 'Europe/Paris']) {
      expect(changes.find((c) => c.zone === zone)?.at.length, zone).toBe(2);
    }
  });

  it('reads each local minute once, on its own date and weekday, skipped ones at the first minute after the gap', () => {
    const problems = changes.flatMap(({ zone, at }) => at.flatMap((change) => problemsAround(zone, change).map((p) => `${zone} ${p}`)));
    expect(problems).toEqual([]);
  });

  it('names the instant a local minute first happens, the first minute after a gap for a skipped one', () => {
    // Santiago springs forward at midnight on 6 September 2026: 00:00-00:59 happen at 01:00 (04:00 UTC).
    expect(new Date(instantOf('2026-09-06', 30, 'America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
    // Santiago falls back at midnight on 5 April 2026 (23:00-23:59 on the 4th twice): the first pass.
    expect(new Date(instantOf('2026-04-04', 23 * 60 + 30, 'America/Santiago')).toISOString()).toBe('2026-04-05T02:30:00.000Z');
  });
});

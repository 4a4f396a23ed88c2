import { describe, expect, it } from 'vitest';
import {
  formatMinute,
  isDue,
  isRepeatedMinute,
  localMinuteAt,
  localMinutesAt,
  nextFiring,
  type AlertSchedule,
} from '../../src/domain/alert-schedule.js';
import { readClockTime, readDays, readWindow } from '../../src/bot/commands/schedule-words.js';

const OTTAWA = 'America/Toronto';
const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const at = (minute: number, days = [0, 1, 2, 3, 4, 5, 6]): AlertSchedule => ({ kind: 'at', minute, days: days as AlertSchedule['days'] });

/** Every UTC minute of [start, end), and the local minutes each makes happen. */
function minutesBetween(start: string, end: string) {
  const out: Array<{ utc: string; local: ReturnType<typeof localMinutesAt> }> = [];
  for (let t = Date.parse(start); t < Date.parse(end); t += 60_000)
    out.push({ utc: new Date(t).toISOString(), local: localMinutesAt(new Date(t), OTTAWA) });
  return out;
}

const firings = (schedule: AlertSchedule, start: string, end: string) =>
  minutesBetween(start, end).flatMap(({ utc, local }) =>
    local.filter((m) => isDue(schedule, m)).map((m) => ({ utc, key: `${m.date} ${formatMinute(m.minute)}` })),
  );

describe('local minutes in Ottawa', () => {
  it('reads date, minute and weekday in the zone, not in UTC', () => {
    // 03:30 UTC on Monday 23 Nov 2026 is 22:30 on Sunday 22 Nov in Ottawa (EST).
    expect(localMinuteAt(new Date('2026-11-23T03:30:00Z'), OTTAWA)).toEqual({ date: '2026-11-22', minute: 22 * 60 + 30, weekday: 0 });
  });

  it('a weekday alert fires Monday to Friday only, at its minute', () => {
    const week = firings(at(7 * 60 + 30, [...WEEKDAYS]), '2026-11-22T00:00:00Z', '2026-11-29T00:00:00Z');
    expect(week.map((f) => f.key)).toEqual(['2026-11-23 07:30', '2026-11-24 07:30', '2026-11-25 07:30', '2026-11-26 07:30', '2026-11-27 07:30']);
    expect(week[0]!.utc).toBe('2026-11-23T12:30:00.000Z');
  });

  it('spring forward (8 March 2026): a 02:30 alert fires once, at 03:00', () => {
    const day = firings(at(2 * 60 + 30), '2026-03-08T05:00:00Z', '2026-03-08T09:00:00Z');
    expect(day).toEqual([{ utc: '2026-03-08T07:00:00.000Z', key: '2026-03-08 02:30' }]);
    // 03:00 itself still fires at 03:00, once.
    expect(firings(at(3 * 60), '2026-03-08T05:00:00Z', '2026-03-08T09:00:00Z')).toEqual([
      { utc: '2026-03-08T07:00:00.000Z', key: '2026-03-08 03:00' },
    ]);
  });

  it('fall back (1 November 2026): a 01:30 alert happens twice on the clock, under one key', () => {
    const day = firings(at(60 + 30), '2026-11-01T04:00:00Z', '2026-11-01T08:00:00Z');
    expect(day.map((f) => f.utc)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z']);
    expect(new Set(day.map((f) => f.key))).toEqual(new Set(['2026-11-01 01:30']));
  });

  it('a window watches each of its minutes on its days', () => {
    const near: AlertSchedule = { kind: 'near', withinMinutes: 5, from: 7 * 60, until: 7 * 60 + 2, days: [1] };
    expect(firings(near, '2026-11-23T11:58:00Z', '2026-11-23T12:05:00Z').map((f) => f.key)).toEqual([
      '2026-11-23 07:00',
      '2026-11-23 07:01',
      '2026-11-23 07:02',
    ]);
  });

  it('names the next firing, across days and a DST change', () => {
    expect(nextFiring(at(7 * 60 + 30, [...WEEKDAYS]), new Date('2026-11-27T13:00:00Z'), OTTAWA)?.toISOString()).toBe('2026-11-30T12:30:00.000Z');
    // Saturday 31 Oct (EDT) to Sunday 1 Nov 08:00 (EST).
    expect(nextFiring(at(8 * 60, [0]), new Date('2026-10-31T12:00:00Z'), OTTAWA)?.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(nextFiring({ kind: 'at', minute: 60, days: [] }, new Date('2026-10-31T12:00:00Z'), OTTAWA)).toBeUndefined();
  });
});

describe('the repeated hour of a fall-back day', () => {
  it('is the second pass of 01:00-01:59 on 1 November 2026 in Ottawa, nothing else', () => {
    const repeated = minutesBetween('2026-11-01T03:00:00Z', '2026-11-01T09:00:00Z').filter(({ utc }) => isRepeatedMinute(new Date(utc), OTTAWA));
    expect(repeated).toHaveLength(60);
    expect(repeated[0]!.utc).toBe('2026-11-01T06:00:00.000Z');
    expect(repeated.at(-1)!.utc).toBe('2026-11-01T06:59:00.000Z');
  });

  it('never happens on a spring-forward day, nor in a zone without DST', () => {
    expect(minutesBetween('2026-03-08T04:00:00Z', '2026-03-08T10:00:00Z').some(({ utc }) => isRepeatedMinute(new Date(utc), OTTAWA))).toBe(false);
    expect(isRepeatedMinute(new Date('2026-11-01T06:30:00Z'), 'UTC')).toBe(false);
    expect(isRepeatedMinute(new Date('2026-11-01T06:30:00Z'), 'America/Regina')).toBe(false);
  });
});

describe('what riders type', () => {
  it.each([
    ['07:30', 450],
    ['7:30', 450],
    ['7h30', 450],
    ['7h', 420],
    ['00:00', 0],
    ['23:59', 1439],
    ['25:99', undefined],
    ['24:00', undefined],
    ['7:60', undefined],
    ['730', undefined],
    ['', undefined],
    ['seven', undefined],
  ])('time %j -> %j', (text, minute) => expect(readClockTime(text)).toBe(minute));

  it.each([
    ['daily', [0, 1, 2, 3, 4, 5, 6]],
    ['weekdays', [1, 2, 3, 4, 5]],
    ['weekends', [0, 6]],
    ['mon,wed,fri', [1, 3, 5]],
    ['lun,mer,ven', [1, 3, 5]],
    ['semaine', [1, 2, 3, 4, 5]],
    ['fin-de-semaine', [0, 6]],
    ['tous-les-jours', [0, 1, 2, 3, 4, 5, 6]],
    ['FRI,Mon', [1, 5]],
    ['sat sun', [0, 6]],
  ])('days %j', (text, days) => expect(readDays(text)).toEqual({ ok: true, days }));

  it('names the first day it does not know', () => {
    expect(readDays('mon,funday,fri')).toEqual({ ok: false, unknown: 'funday' });
  });

  it('reads windows, and refuses one that ends before it starts', () => {
    expect(readWindow('07:00-09:00')).toEqual({ ok: true, from: 420, until: 540 });
    expect(readWindow('7h–9h')).toEqual({ ok: true, from: 420, until: 540 });
    expect(readWindow('09:00-07:00')).toEqual({ ok: false, problem: 'order' });
    expect(readWindow('07:00-25:00')).toEqual({ ok: false, problem: 'time' });
    expect(readWindow('07:00')).toEqual({ ok: false, problem: 'time' });
  });
});

import { describe, expect, it } from 'vitest';
import { ALERT_KINDS, isDue, nextFiring, ScheduleRecord, type AlertSchedule } from '../../src/domain/alert-kinds/index.js';
import { formatMinute, isRepeatedMinute, localMinuteAt, localMinutesAt } from '../../src/domain/local-minute.js';

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

describe('the kind table', () => {
  /** The first UTC minute after `after`, a minute at a time, whose local minutes open the schedule on its first pass. */
  function firstFiringByScan(schedule: AlertSchedule, after: Date, zone: string): string | undefined {
    const start = Math.floor(after.getTime() / 60_000) * 60_000 + 60_000;
    const first = schedule.kind === 'at' ? schedule.minute : schedule.from;
    for (let t = start; t < start + 9 * 1440 * 60_000; t += 60_000) {
      if (localMinutesAt(t, zone).some((m) => m.minute === first && schedule.days.includes(m.weekday)) && !isRepeatedMinute(t, zone))
        return new Date(t).toISOString();
    }
    return undefined;
  }

  it.each([
    ['America/Toronto', '2026-03-07T12:00:00Z'],
    ['America/Toronto', '2026-10-31T12:00:00Z'],
    ['America/Santiago', '2026-09-05T12:00:00Z'],
    ['Asia/Beirut', '2026-03-28T12:00:00Z'],
    ['Australia/Lord_Howe', '2026-04-04T12:00:00Z'],
    ['Asia/Kolkata', '2026-06-01T12:00:00Z'],
    ['Pacific/Chatham', '2026-09-26T12:00:00Z'],
  ])('finds the next firing in %s after %s as a minute-by-minute scan does', (zone, after) => {
    for (const minute of [0, 30, 2 * 60 + 30, 3 * 60, 23 * 60 + 59]) {
      for (const days of [[0], [1, 2, 3, 4, 5]] as AlertSchedule['days'][]) {
        const schedules: AlertSchedule[] = [
          at(minute, days),
          { kind: 'near', withinMinutes: 5, from: minute, until: Math.min(minute + 60, 1439), days },
        ];
        for (const schedule of schedules) {
          expect(nextFiring(schedule, new Date(after), zone)?.toISOString(), `${JSON.stringify(schedule)}`).toBe(
            firstFiringByScan(schedule, new Date(after), zone),
          );
        }
      }
    }
  });

  it('reads back a stored record of every kind exactly, and refuses one of no known kind', () => {
    const schedules: AlertSchedule[] = [
      at(450, [1, 2]),
      { kind: 'near', withinMinutes: 5, from: 420, until: 540, days: [0, 6] },
      { kind: 'leave', from: 1050, until: 1110, days: [1, 2, 3, 4, 5], direction: { id: 0, name: 'Orléans' }, place: 'home', walkSeconds: 480 },
    ];
    expect(new Set(schedules.map((s) => s.kind))).toEqual(new Set(Object.keys(ALERT_KINDS)));
    for (const schedule of schedules) expect(ScheduleRecord.parse(JSON.parse(JSON.stringify(schedule)))).toEqual(schedule);
    expect(ScheduleRecord.safeParse({ kind: 'sometimes', days: [1] }).success).toBe(false);
    expect(ScheduleRecord.safeParse({ kind: 'at', minute: 1440, days: [1] }).success).toBe(false);
    expect(ScheduleRecord.safeParse({ kind: 'near', withinMinutes: 0, from: 1, until: 2, days: [1] }).success).toBe(false);
  });
});

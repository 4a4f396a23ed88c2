import { describe, expect, it } from 'vitest';
import { ServiceCalendar } from '../../../../src/gtfs-format/service-calendar.js';
import { runFor } from '../../../../src/sources/gtfs/arrivals/match-run.js';
import { serviceDay } from '../../../../src/sources/gtfs/arrivals/service-days.js';
import type { TripPrediction } from '../../../../src/sources/gtfs/realtime/feed.js';
import type { ScheduledCall } from '../../../../src/sources/gtfs/static/timetable.js';

// Friday 2023-11-10's run of a trip: WEEKDAY runs Monday to Friday, DAILY every day.

const calendar = new ServiceCalendar(
  [
    {
      service_id: 'WEEKDAY',
      monday: '1',
      tuesday: '1',
      wednesday: '1',
      thursday: '1',
      friday: '1',
      saturday: '0',
      sunday: '0',
      start_date: '20230101',
      end_date: '20241231',
    },
    {
      service_id: 'DAILY',
      monday: '1',
      tuesday: '1',
      wednesday: '1',
      thursday: '1',
      friday: '1',
      saturday: '1',
      sunday: '1',
      start_date: '20230101',
      end_date: '20241231',
    },
  ],
  [],
);
const friday = serviceDay({ year: 2023, month: 11, day: 10 }, 'America/New_York', calendar);
const call = (serviceId: string, tripStart: number) => ({ tripId: 'T', serviceId, tripStart }) as ScheduledCall;
const run = (startDate: string | undefined, startTime?: string): TripPrediction => ({
  tripId: 'T',
  startDate,
  startTime,
  relationship: 'SCHEDULED',
  firstUpdate: 0,
  updateCount: 0,
});
const at2410 = 24 * 3600 + 600;

describe('runFor', () => {
  it('takes the run of the same date, else one without a date', () => {
    const own = run('20231110');
    expect(runFor([run('20231109'), own], friday, call('WEEKDAY', 8 * 3600))).toBe(own);
    const undated = run(undefined);
    expect(runFor([run('20231109'), undated], friday, call('WEEKDAY', 8 * 3600))).toBe(undated);
  });

  it('takes a run dated the next day when the trip starts at 24:00 or later and its service does not run that day', () => {
    for (const startTime of [undefined, '24:10:00', '00:10:00']) {
      const saturday = run('20231111', startTime);
      expect(runFor([saturday], friday, call('WEEKDAY', at2410)), startTime).toBe(saturday);
    }
  });

  it('not when the trip starts before midnight, when its start_time names another time, or when the next day is one of its own', () => {
    expect(runFor([run('20231111')], friday, call('WEEKDAY', 23 * 3600))).toBeUndefined();
    expect(runFor([run('20231111', '00:40:00')], friday, call('WEEKDAY', at2410))).toBeUndefined();
    expect(runFor([run('20231111', 'soon')], friday, call('WEEKDAY', at2410))).toBeUndefined();
    // Saturday runs DAILY too: a run dated Saturday is Saturday's own (the specification's reading).
    expect(runFor([run('20231111')], friday, call('DAILY', at2410))).toBeUndefined();
  });
});

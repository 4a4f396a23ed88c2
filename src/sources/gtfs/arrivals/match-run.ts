import type { TripPrediction } from '../realtime/feed.js';
import type { ScheduledCall } from '../static/timetable.js';
import { feedSeconds } from './feed-times.js';
import type { ServiceDay } from './service-days.js';

// Which of a trip's runs in the feed a scheduled call belongs to: the one of the same start
// date, else one the feed gave no date (the run nearest now). Some producers (WMATA) date a trip
// that starts at 24:00 or later by the calendar day it runs on, the day after its service day
// (google/transit#381 is still open; OneBusAway accepts these, OpenTripPlanner does not): such a
// run is taken when the trip's service does not run on that next day, so the date cannot be its
// own, and the feed's start_time, if any, names the trip's start ("24:10:00" or "00:10:00").

const DAY_S = 24 * 3600;

/** A run as both realtime feeds name it (a trip update, a vehicle position). */
type Run = Pick<TripPrediction, 'startDate' | 'startTime'>;

export function runFor<R extends Run>(all: readonly R[] | undefined, day: ServiceDay, call: ScheduledCall): R | undefined {
  if (all === undefined) return undefined;
  // A frequency trip runs many times a day: its runs are told apart by their start time.
  const runs = call.frequency === undefined ? all : all.filter((run) => run.startTime !== undefined && feedSeconds(run.startTime) === call.tripStart);
  return (
    runs.find((run) => run.startDate === day.date) ??
    runs.find((run) => run.startDate === undefined) ??
    runs.find((run) => datedTheNextDay(run, day, call))
  );
}

function datedTheNextDay(run: Run, day: ServiceDay, call: ScheduledCall): boolean {
  if (run.startDate !== day.nextDate || call.tripStart < DAY_S || day.nextServiceIds.has(call.serviceId)) return false;
  const startTime = run.startTime === undefined ? undefined : feedSeconds(run.startTime);
  return run.startTime === undefined || (startTime !== undefined && startTime % DAY_S === call.tripStart % DAY_S);
}

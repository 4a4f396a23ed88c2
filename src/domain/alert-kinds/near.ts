// "Tell me when the bus is N min away": a window of minutes of the day on its days, watched for
// the next bus of one route (in one direction, when the rider chose one); it fires once per window
// per day, for the first bus that was at least N min away when the watch began.
import { z } from 'zod';
import { floorMinute, formatMinute, instantOf, localMinuteAt, type Weekday } from '../local-minute.js';
import type { AlertKind, NearDirection } from './kind.js';
import { Days, Direction, MinuteOfDay, windowWatch } from './record-fields.js';
export { DIRECTION_NAME_CHARS } from './record-fields.js';

export interface NearSchedule {
  kind: 'near';
  withinMinutes: number;
  /** First and last minute of the window, both included. */
  from: number;
  until: number;
  days: Weekday[];
  /** Absent (records of earlier versions too): any direction. */
  direction?: NearDirection;
}

const window = (s: NearSchedule) => `${formatMinute(s.from)}-${formatMinute(s.until)}`;

export const near: AlertKind<NearSchedule> = {
  name: 'near',
  record: z.object({
    kind: z.literal('near'),
    withinMinutes: z.number().int().positive(),
    from: MinuteOfDay,
    until: MinuteOfDay,
    days: Days,
    direction: Direction,
  }),
  ...windowWatch,
  trigger: (s) => ({ kind: 'bus-within', minutes: s.withinMinutes, ...(s.direction !== undefined ? { direction: s.direction } : {}) }),
  describe: (s) => ({
    id: 'subscribe-what-near',
    args: { minutes: s.withinMinutes, from: formatMinute(s.from), until: formatMinute(s.until), towards: s.direction?.name || 'none' },
  }),
  when: window,
};

/**
 * When the watch of today's window began (epoch ms): the window's opening on the local date of
 * `now`, or the alert's making when it was made inside the window. A bus closer than N minutes
 * then could not be announced with N minutes' notice.
 */
export function watchBeganAt(s: Pick<NearSchedule, 'from'>, createdAt: Date, now: Date, timeZone: string): number {
  const opened = instantOf(localMinuteAt(now, timeZone).date, s.from, timeZone);
  return Math.max(opened, floorMinute(createdAt));
}

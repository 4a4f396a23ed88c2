// "Tell me when to leave": a window of minutes of the day on its days, watched for the next bus of
// one route (in one direction, when chosen) the rider can still catch walking from a place of
// theirs; it fires once per window per day, when it is time to leave for that bus.
import { z } from 'zod';
import { formatMinute, type Weekday } from '../local-minute.js';
import type { AlertKind, NearDirection } from './kind.js';
import { Days, Direction, MinuteOfDay, windowWatch } from './record-fields.js';

export interface LeaveSchedule {
  kind: 'leave';
  /** First and last minute of the window, both included. */
  from: number;
  until: number;
  days: Weekday[];
  direction?: NearDirection;
  /** The chat's name for the place the rider leaves from ("home"): its words only, never where it is. */
  place: string;
  /** The walk from that place to the stop at the chat's pace when the alert was made (seconds). */
  walkSeconds: number;
}

/** A place's name as stored: a word or two riders type. */
export const PLACE_NAME_CHARS = 20;
/** A walk longer than this is no walk to a bus stop (a place in another town): refused when made. */
export const MAX_WALK_SECONDS = 3 * 60 * 60;

export const leave: AlertKind<LeaveSchedule> = {
  name: 'leave',
  record: z.object({
    kind: z.literal('leave'),
    from: MinuteOfDay,
    until: MinuteOfDay,
    days: Days,
    direction: Direction,
    place: z.string().min(1).max(PLACE_NAME_CHARS),
    walkSeconds: z.number().int().min(0).max(MAX_WALK_SECONDS),
  }),
  ...windowWatch,
  trigger: (s) => ({ kind: 'leave', walkSeconds: s.walkSeconds, ...(s.direction !== undefined ? { direction: s.direction } : {}) }),
  describe: (s) => ({
    id: 'subscribe-what-leave',
    args: {
      from: formatMinute(s.from),
      until: formatMinute(s.until),
      towards: s.direction?.name || 'none',
      place: s.place,
      walk: Math.max(1, Math.round(s.walkSeconds / 60)),
    },
  }),
  when: (s) => `${formatMinute(s.from)}-${formatMinute(s.until)}`,
};

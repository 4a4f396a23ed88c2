// "Tell me when the bus is N min away": a window of minutes of the day on its days, watched for
// the next bus of one route; it fires once per window per day, when that bus is near.
import { z } from 'zod';
import { formatMinute, type Weekday } from '../local-minute.js';
import type { AlertKind } from './kind.js';
import { Days, MinuteOfDay } from './record-fields.js';

export interface NearSchedule {
  kind: 'near';
  withinMinutes: number;
  /** First and last minute of the window, both included. */
  from: number;
  until: number;
  days: Weekday[];
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
  }),
  cadence: 'once-a-day',
  isDue: (s, local) => local.minute >= s.from && local.minute <= s.until && s.days.includes(local.weekday),
  // By hour: a window of two hours is in two or three sets, not in 120.
  buckets: (s) => {
    const first = Math.floor(s.from / 60);
    return Array.from({ length: Math.max(0, Math.floor(s.until / 60) - first) + 1 }, (_, i) => first + i);
  },
  bucketAt: (minute) => Math.floor(minute / 60),
  startMinute: (s) => s.from,
  endMinute: (s) => s.until,
  trigger: (s) => ({ kind: 'bus-within', minutes: s.withinMinutes }),
  describe: (s) => ({
    id: 'subscribe-what-near',
    args: { minutes: s.withinMinutes, from: formatMinute(s.from), until: formatMinute(s.until) },
  }),
  when: window,
};

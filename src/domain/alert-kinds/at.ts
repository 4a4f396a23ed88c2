// A timed alert: the stop's arrivals at one minute of the day ("07:30") on its days.
import { z } from 'zod';
import { formatMinute, type Weekday } from '../local-minute.js';
import type { AlertKind } from './kind.js';
import { Days, MinuteOfDay } from './record-fields.js';

export interface AtSchedule {
  kind: 'at';
  /** "07:30" is 450. */
  minute: number;
  days: Weekday[];
}

export const at: AlertKind<AtSchedule> = {
  name: 'at',
  record: z.object({ kind: z.literal('at'), minute: MinuteOfDay, days: Days }),
  cadence: 'each-minute',
  isDue: (s, local) => s.minute === local.minute && s.days.includes(local.weekday),
  buckets: (s) => [s.minute],
  bucketAt: (minute) => minute,
  startMinute: (s) => s.minute,
  endMinute: (s) => s.minute,
  trigger: () => ({ kind: 'always' }),
  describe: (s) => ({ id: 'subscribe-what-at', args: { time: formatMinute(s.minute) } }),
  when: (s) => formatMinute(s.minute),
};

import { z } from 'zod';
import type { LocalMinute, Weekday } from '../local-minute.js';

// A range rather than a union of seven literals: the check runs for every record a tick reads.
// Whole numbers from 0 to 6 are Weekday values.
export const Days = z.array(z.number().int().min(0).max(6)) as unknown as z.ZodType<Weekday[]>;
export const MinuteOfDay = z.number().int().min(0).max(1439);

/** A heading as long as riders read one; longer is cut when stored. */
export const DIRECTION_NAME_CHARS = 60;

/** The way a near or leave alert's bus goes: GTFS's direction_id when known, and its name. Absent: any. */
export const Direction = z.object({ id: z.number().int().min(0).max(1).optional(), name: z.string().max(DIRECTION_NAME_CHARS) }).optional();

/**
 * How an alert that watches a window of minutes on its days (near, leave) is timed and filed: due
 * inside its window, once a day, indexed by hour (a window of two hours is in two or three sets,
 * not in 120).
 */
export const windowWatch = {
  cadence: 'once-a-day',
  isDue: (s: WindowFields, local: LocalMinute) => local.minute >= s.from && local.minute <= s.until && s.days.includes(local.weekday),
  buckets: (s: WindowFields) => {
    const first = Math.floor(s.from / 60);
    return Array.from({ length: Math.max(0, Math.floor(s.until / 60) - first) + 1 }, (_, i) => first + i);
  },
  bucketAt: (minute: number) => Math.floor(minute / 60),
  startMinute: (s: WindowFields) => s.from,
  endMinute: (s: WindowFields) => s.until,
} as const;

interface WindowFields {
  readonly from: number;
  readonly until: number;
  readonly days: readonly Weekday[];
}

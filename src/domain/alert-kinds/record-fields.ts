import { z } from 'zod';
import type { Weekday } from '../local-minute.js';

// A range rather than a union of seven literals: the check runs for every record a tick reads.
// Whole numbers from 0 to 6 are Weekday values.
export const Days = z.array(z.number().int().min(0).max(6)) as unknown as z.ZodType<Weekday[]>;
export const MinuteOfDay = z.number().int().min(0).max(1439);

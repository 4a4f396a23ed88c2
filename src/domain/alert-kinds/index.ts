// The table of alert kinds: the one place that lists them. Everything else asks a schedule's kind
// (kindOf) what it needs: its stored shape, index buckets, when it is due, its next firing, its
// words, what it sends and how often.
import { z } from 'zod';
import { addDays, floorMinute, instantOf, localMinuteAt, MINUTE_MS, type LocalMinute } from '../local-minute.js';
import { at, type AtSchedule } from './at.js';
import type { AlertKind } from './kind.js';
import { near, type NearSchedule } from './near.js';
import { leave, type LeaveSchedule } from './leave.js';

export type { AlertKind, AlertTrigger, Cadence, NearDirection } from './kind.js';
export type { AtSchedule } from './at.js';
export type { NearSchedule } from './near.js';
export type { LeaveSchedule } from './leave.js';
export { MAX_WALK_SECONDS, PLACE_NAME_CHARS } from './leave.js';
export { DIRECTION_NAME_CHARS, watchBeganAt } from './near.js';

/** When an alert fires, in the chat's own time zone: one member per kind. */
export type AlertSchedule = AtSchedule | NearSchedule | LeaveSchedule;

/** Every kind, by name: the compiler asks for an entry here when a schedule type is added above. */
export const ALERT_KINDS: { readonly [K in AlertSchedule['kind']]: AlertKind<Extract<AlertSchedule, { kind: K }>> } = { at, near, leave };

export const ALERT_KIND_LIST: ReadonlyArray<AlertKind<AlertSchedule>> = Object.values(ALERT_KINDS);

/** A stored schedule, of any kind: a union on `kind`, so each record is checked against its own kind only. */
export const ScheduleRecord = z.discriminatedUnion('kind', [at.record, near.record, leave.record]);

/** The kind of a schedule, to ask it anything. */
export function kindOf<S extends AlertSchedule>(schedule: S): AlertKind<S> {
  // The table maps each name to the kind of the schedules bearing it.
  return ALERT_KINDS[schedule.kind] as unknown as AlertKind<S>;
}

/** Whether the schedule fires (or watches) at this local minute. */
export function isDue(schedule: AlertSchedule, local: LocalMinute): boolean {
  return kindOf(schedule).isDue(schedule, local);
}

/** Local dates looked at for a schedule's next firing: today and a week, one more for a zone that skips a day. */
const LOOK_AHEAD_DAYS = 9;

/** The first instant after `after` at which the schedule fires or its window opens; undefined when it never does. */
export function nextFiring(schedule: AlertSchedule, after: Date, timeZone: string): Date | undefined {
  const start = floorMinute(after) + MINUTE_MS;
  const first = kindOf(schedule).startMinute(schedule);
  const from = localMinuteAt(start, timeZone).date;
  for (let d = 0; d < LOOK_AHEAD_DAYS; d++) {
    const date = addDays(from, d);
    if (!schedule.days.includes(new Date(`${date}T00:00:00Z`).getUTCDay() as LocalMinute['weekday'])) continue;
    const instant = instantOf(date, first, timeZone);
    if (instant >= start) return new Date(instant);
  }
  return undefined;
}

// What every alert kind knows about itself. The rest of the bot asks the kind table (index.ts)
// rather than testing a kind's name, so a new kind is one file here, its entry in the table, its
// words in the locale files and the way riders type it.
import type { z } from 'zod';
import type { LocalMinute, Weekday } from '../local-minute.js';

/** Every schedule names its kind and the days of the week it applies on. */
export interface ScheduleBase {
  kind: string;
  days: Weekday[];
}

/**
 * Which way the rider goes: the route's direction_id at the stop when the source gives one (what a
 * button carries), and its heading as the rider read it ("Orléans"), for the words and for
 * sources without ids.
 */
export interface NearDirection {
  id?: number;
  name: string;
}

/** What an alert sends when it is due. */
export type AlertTrigger =
  /** The stop's arrivals, whatever they are (or that they are unavailable). */
  | { kind: 'always' }
  /**
   * A notice once the first bus of the subscription's route (in its direction, when it has one)
   * that was at least this many minutes away when the watch began is this near; nothing before.
   */
  | { kind: 'bus-within'; minutes: number; direction?: NearDirection }
  /**
   * "Leave now" once the next bus of the route (in its direction) the rider could still catch when
   * the watch began is as far as the walk and its prediction's early edge; nothing before.
   */
  | { kind: 'leave'; walkSeconds: number; direction?: NearDirection };

/**
 * How often it fires. `each-minute`: at every due minute of the day; a minute missed (a restart)
 * is made up within the catch-up window, and the repeated hour of a fall-back day fires once.
 * `once-a-day`: at most once per local day while due, and only at the current minute (the bus it
 * watches for has gone by the time a missed minute is made up).
 */
export type Cadence = 'each-minute' | 'once-a-day';

export interface AlertKind<S extends ScheduleBase> {
  /** As stored in records ("at"), and in the index's keys. */
  readonly name: S['kind'];
  /** A stored schedule of this kind, checked field by field when read (one branch of a union on `kind`). */
  readonly record: z.ZodType<S> & z.core.$ZodTypeDiscriminable;
  readonly cadence: Cadence;
  /** Whether the schedule fires (or watches) at this local minute; days included. */
  isDue(schedule: S, at: LocalMinute): boolean;
  /** The index buckets the schedule is filed under in its zone (a minute, hours: whatever bucketAt reads). */
  buckets(schedule: S): number[];
  /** The bucket holding every schedule of this kind that may be due at this minute of the day. */
  bucketAt(minute: number): number;
  /** The minute of the day at which it fires or its window opens: what "next" names. */
  startMinute(schedule: S): number;
  /** The minute of the day after which it has nothing more to do that day. */
  endMinute(schedule: S): number;
  trigger(schedule: S): AlertTrigger;
  /** Its description in the riders' words: a Fluent id and the variables of its own times (the caller adds route, stop and days). */
  describe(schedule: S): { id: string; args: Record<string, string | number> };
  /** Its times in a few characters, for lists of choices ("07:30", "07:00-09:00"). */
  when(schedule: S): string;
}

import { z } from 'zod';
import { systemClock, type Clock } from './clock.js';

/**
 * CLOCK_START (and a feed's own clockStart): a clock that reads `start` now and then runs at the
 * real pace, so a recorded feed replays as it was (demos, bug reports, tests) while the bot still
 * sees time pass.
 */
export function clockStartingAt(start: Date, system: Clock = systemClock): Clock {
  const offset = start.getTime() - system().getTime();
  return () => new Date(system().getTime() + offset);
}

const REPLAY_INSTANT_WORDS =
  'an ISO instant with its offset, to the minute or the second, such as 2026-11-24T08:00-05:00 or 2023-11-07T17:05:34-08:00';

/**
 * The instant a replay starts at: ISO 8601 with its offset (a local time would be ambiguous), to
 * the second or to the minute as the simulator's --at takes it. One rule for CLOCK_START and for
 * every feed's clockStart.
 */
export const replayInstant = z
  .union([z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })], { error: REPLAY_INSTANT_WORDS })
  .transform((text) => new Date(text));

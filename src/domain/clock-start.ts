import { systemClock, type Clock } from './clock.js';

/**
 * CLOCK_START: a clock that reads `start` now and then runs at the real pace, so a recorded feed
 * replays as it was (demos, bug reports, tests) while the bot still sees time pass.
 */
export function clockStartingAt(start: Date, system: Clock = systemClock): Clock {
  const offset = start.getTime() - system().getTime();
  return () => new Date(system().getTime() + offset);
}

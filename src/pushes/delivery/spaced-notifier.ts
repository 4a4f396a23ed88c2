import type { Notifier } from '../../domain/notifier.js';
import { sleep as realSleep, type Sleep } from '../../util/sleep.js';

/**
 * A notifier that starts at most `perSecond` sends a second, evenly spaced: a platform counting
 * over any sliding second never sees a burst. The in-process queue's global limit (BullMQ's
 * limiter does this with Redis). Sends pass one at a time through a gate that measures the time
 * since the previous send actually started, so an event loop held up by other work (a tick
 * rendering thousands of alerts) delays sends rather than letting them out together.
 * `now` is a monotonic timer, not the calendar clock.
 */
export function spacedNotifier(notifier: Notifier, perSecond: number, options: { now?: () => number; sleep?: Sleep } = {}): Notifier {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? realSleep;
  const interval = 1000 / perSecond;
  let lastStart = -Infinity;
  let gate: Promise<void> = Promise.resolve();
  const turn = async () => {
    for (let wait = lastStart + interval - now(); wait > 0; wait = lastStart + interval - now()) await sleep(wait);
    lastStart = now();
  };
  return {
    platform: notifier.platform,
    async send(chatId, reply, options) {
      const mine = gate.then(turn);
      gate = mine;
      await mine;
      return notifier.send(chatId, reply, options);
    },
  };
}

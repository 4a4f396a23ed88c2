import type { Notifier } from './notifier.js';
import { sleep as realSleep, type Sleep } from '../util/sleep.js';

/**
 * A notifier that starts at most `perSecond` sends a second, evenly spaced: a platform counting
 * over any sliding second never sees a burst. The in-process queue's global limit (BullMQ's
 * limiter does this with Redis). `now` is a monotonic timer, not the calendar clock.
 */
export function spacedNotifier(notifier: Notifier, perSecond: number, options: { now?: () => number; sleep?: Sleep } = {}): Notifier {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? realSleep;
  const interval = 1000 / perSecond;
  let next = 0;
  return {
    platform: notifier.platform,
    async send(chatId, reply) {
      const t = now();
      const slot = Math.max(t, next);
      next = slot + interval;
      if (slot > t) await sleep(slot - t);
      return notifier.send(chatId, reply);
    },
  };
}

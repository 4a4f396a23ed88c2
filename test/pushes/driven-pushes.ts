import { chatTypeOf } from '../../src/chat/platforms.js';
import { startPushes, type Pushes, type PushesDeps } from '../../src/pushes/start-pushes.js';
import { testSettings } from './fakes.js';

/**
 * The pushes as an end-to-end test drives them: no timer (the test ticks and runs the rounds), the
 * registered platforms' chat types, the test settings; with a store's namespace, BullMQ's queue on
 * Redis under it, as an instance of a fleet runs it.
 */
export function drivenPushes(
  deps: Pick<PushesDeps, 'core' | 'store' | 'transit' | 'notifiers' | 'clock' | 'logger'> & Pick<Partial<PushesDeps>, 'tuning'>,
  redis?: { readonly redisUrl?: string; readonly namespace?: string },
): Pushes {
  return startPushes({
    ...deps,
    chatTypeOf,
    settings: testSettings(),
    timer: false,
    ...(redis?.redisUrl !== undefined ? { redisUrl: redis.redisUrl, queuePrefix: `${redis.namespace}:bull` } : {}),
  });
}

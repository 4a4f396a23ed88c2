import type { BotCore } from '../../bot/core.js';
import type { Clock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import type { StopIndex } from '../../domain/stop-index.js';
import type { RateLimiter } from './rate-limit.js';
import type { RefreshThrottle } from './refresh-throttle.js';
import type { Redactor } from '../../util/redact.js';

/** What every feature composer is given; nothing is imported as a singleton. */
export interface FeatureDeps {
  core: BotCore;
  logger: Logger;
  clock: Clock;
  limiter: RateLimiter;
  throttle: RefreshThrottle;
  stops?: StopIndex;
  /** Any value as text without the token or the webhook secret, for logs and reasons handed on. */
  redact: Redactor;
}

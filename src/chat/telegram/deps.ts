import type { RiderAnswers, Speaking } from '../../core/index.js';
import type { ChatLifecycle } from '../../domain/store-ports.js';
import type { Logger } from '../../log.js';
import type { StopIndex } from '../../domain/stop-index.js';
import type { ChatPipeline } from '../pipeline.js';
import type { RefreshThrottle } from './refresh-throttle.js';
import type { Redactor } from '../../util/redact.js';
import type { LiveLocations } from './live-location.js';

/** What every feature composer is given; nothing is imported as a singleton. */
export interface FeatureDeps {
  /** Answers riders' entries (through the pipeline) and says the adapter's own words. */
  core: RiderAnswers & Speaking;
  /** The bot's membership of a chat (blocked, let back in, a group become a supergroup), told to the store. */
  lifecycle: ChatLifecycle;
  logger: Logger;
  /** Every rider's entry goes through it: read, rate limit, run, answer. */
  pipeline: ChatPipeline;
  throttle: RefreshThrottle;
  stops?: StopIndex;
  /** Any value as text without the token or the webhook secret, for logs and reasons handed on. */
  redact: Redactor;
  /** Where live locations are kept to be followed; absent: 📍 answers with text and a map link only. */
  live?: LiveLocations;
}

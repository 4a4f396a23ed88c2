import type { RiderAnswers, Speaking } from '../../core/index.js';
import type { Logger } from '../../log.js';
import type { ChatPipeline } from '../pipeline.js';
import type { Redact } from './describe-error.js';
import type { DiscordLive } from './live-messages.js';

/** What every interaction handler is given; nothing is imported as a singleton. */
export interface FeatureDeps {
  /** Answers riders' entries (through the pipeline) and says the adapter's own words. */
  core: RiderAnswers & Speaking;
  logger: Logger;
  /** Every rider's slash command and button goes through it: rate limit, run, answer. */
  pipeline: ChatPipeline;
  /** Removes the bot token from any text headed for a log. */
  redact: Redact;
  /** An answer that does not ask the transit service is deferred only when slower than this. */
  deferAfterMs: number;
  /** Autocomplete answers within this, with nothing rather than late (Discord drops it at 3 s). */
  autocompleteBudgetMs: number;
  /** Where 📍 answers and 🔴 Live boards are stored to be edited; absent: they are sent once, never edited. */
  live?: DiscordLive;
}

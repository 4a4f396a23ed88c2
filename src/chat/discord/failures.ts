import { DiscordAPIError, HTTPError, RateLimitError } from 'discord.js';
import { scrub, type Redact } from './describe-error.js';

// Discord's refusals sorted by what a sender should do. A target that refuses the bot for good
// must not be written to again: Discord restricts an IP after 10,000 responses of 401, 403 or 429
// in ten minutes, and a bot pushing alerts to chats that blocked it would get there.

export type FailureKind = 'permanent' | 'temporary';

/** Codes that will not get better by retrying (docs: JSON error codes). */
const PERMANENT: Readonly<Record<number, readonly number[]>> = {
  // Missing Access (kicked, channel hidden), Cannot send messages to this user (DMs closed,
  // blocked), Missing Permissions (Send Messages or Embed Links taken away).
  403: [50001, 50007, 50013],
  // Unknown Channel (deleted), Unknown User (deleted account; when opening a DM).
  404: [10003, 10013],
};

export function classifyFailure(err: unknown, redact: Redact): { kind: FailureKind; reason: string } {
  try {
    if (err instanceof DiscordAPIError) {
      const code = typeof err.code === 'number' ? err.code : Number.NaN;
      const reason = scrub(`${err.status} ${String(err.code)}: ${err.message}`, redact);
      return { kind: PERMANENT[err.status]?.includes(code) ? 'permanent' : 'temporary', reason };
    }
    if (err instanceof RateLimitError) return { kind: 'temporary', reason: `rate limited for ${Math.round(Number(err.retryAfter) / 1000)} s` };
    if (err instanceof HTTPError) return { kind: 'temporary', reason: scrub(`${err.status} ${err.message}`, redact) };
    return { kind: 'temporary', reason: err instanceof Error ? scrub(`${err.name}: ${err.message}`, redact) : 'unknown error' };
  } catch {
    return { kind: 'temporary', reason: 'an error that cannot be described' };
  }
}

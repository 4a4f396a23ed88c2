import type { Transformer } from 'grammy';
import { attempt } from '../../util/attempt.js';

// Every 429 Telegram answers the bot's client, told to whoever listens (the pushes' budget, which
// holds every instance's sends and edits for its retry_after), before auto-retry waits it out for
// this one request. getUpdates's own 429s are polling's business (polling-watch.ts).

export interface RateLimitWatch {
  transformer: Transformer;
  listen(listener: (retryAfterMs: number) => void): void;
}

export function rateLimitWatch(): RateLimitWatch {
  const listeners: Array<(retryAfterMs: number) => void> = [];
  return {
    transformer: async (prev, method, payload, signal) => {
      const result = await prev(method, payload, signal);
      if (method !== 'getUpdates' && !result.ok && result.error_code === 429) {
        // Without a retry_after (a proxy's 429), a second; the budget bounds a wild one.
        const seconds = attempt(() => Number(result.parameters?.retry_after ?? 1), 1);
        for (const listener of listeners) listener(seconds * 1000);
      }
      return result;
    },
    listen: (listener) => void listeners.push(listener),
  };
}

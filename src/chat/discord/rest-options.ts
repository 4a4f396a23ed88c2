import { REST, type RESTOptions } from 'discord.js';

// One set of REST options for the gateway client, the notifier and the command deployment, so all
// three behave alike: the same base (DISCORD_API_ROOT), 429s waited out as Discord asks but no
// longer than a bound (past it the request fails and an alert is retried later), and a warning
// every few hundred 401/403/429 answers, well before Discord's 10,000 per ten minutes.

export interface RestSettings {
  /** REST base without the version; discord.js appends /v10. Discord's own when absent. */
  apiRoot?: string;
  /** The longest wait a 429 may impose before the request fails instead. */
  maxRateLimitWaitMs?: number;
  /** The client-side budget for Discord's global limit (50 by default, Discord's own). */
  globalRequestsPerSecond?: number;
}

export const DEFAULT_MAX_RATE_LIMIT_WAIT_MS = 30_000;
export const INVALID_REQUEST_WARNING_INTERVAL = 500;

export function restOptions(settings: RestSettings): Partial<RESTOptions> {
  const maxWait = settings.maxRateLimitWaitMs ?? DEFAULT_MAX_RATE_LIMIT_WAIT_MS;
  return {
    ...(settings.apiRoot !== undefined ? { api: settings.apiRoot.replace(/\/+$/, '') } : {}),
    invalidRequestWarningInterval: INVALID_REQUEST_WARNING_INTERVAL,
    ...(settings.globalRequestsPerSecond !== undefined ? { globalRequestsPerSecond: settings.globalRequestsPerSecond } : {}),
    rejectOnRateLimit: (limit) => limit.retryAfter > maxWait || limit.timeToReset > maxWait,
  };
}

/** A REST client alone (no gateway): for deploying commands, or pushing alerts from a worker. */
export function createRest(token: string, settings: RestSettings = {}): REST {
  return new REST(restOptions(settings)).setToken(token);
}

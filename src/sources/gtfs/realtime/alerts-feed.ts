import type { Clock } from '../../../domain/clock.js';
import type { Logger } from '../../../log.js';
import type { DisruptionFeed } from '../../disruption-feed.js';
import { pollDisruptions } from '../../polled-disruptions.js';
import { readCapped } from '../../capped-fetch.js';
import { describeLocation, type Location } from '../net/location.js';
import { asFeedProblem, asRefusalAt, FeedProblem } from '../net/problem.js';
import { AlertsOverLimitError, decodeAlertsInSlices, DEFAULT_ALERT_LIMITS, type AlertLimits } from './alerts-decode.js';
import { KeptAlerts } from './kept-alerts.js';

// A GTFS-Realtime Service Alerts feed (GTFS_RT_ALERTS_URL, a feed entry's `alerts`): fetched with
// the same headers as the trip updates, capped in size and in what it holds, polled at most once
// per interval; an alert sent again unchanged is taken from the last poll (kept-alerts.ts). Its
// failures are logged as a kind, never with the request.

export interface AlertsFeedOptions {
  location: Location;
  /** Secret: sent, never logged. */
  headers: Record<string, string>;
  refreshMs: number;
  timeoutMs?: number;
  maxBytes?: number;
  limits?: AlertLimits;
  now: Clock;
  fetch?: typeof fetch;
  logger: Logger;
}

export function gtfsAlertsFeed(options: AlertsFeedOptions): DisruptionFeed {
  const kept = new KeptAlerts();
  return pollDisruptions({
    where: describeLocation(options.location),
    refreshMs: options.refreshMs,
    now: options.now,
    logger: options.logger,
    async load() {
      try {
        const bytes = await readCapped(options.location, {
          fetch: options.fetch ?? globalThis.fetch,
          headers: { accept: 'application/x-protobuf, application/octet-stream', ...options.headers },
          timeoutMs: options.timeoutMs ?? 10_000,
          maxBytes: options.maxBytes ?? 8 * 1024 * 1024,
        });
        try {
          return (await decodeAlertsInSlices(bytes, options.limits ?? DEFAULT_ALERT_LIMITS, kept)).disruptions;
        } catch (err) {
          throw err instanceof AlertsOverLimitError ? new FeedProblem('too-large', err.message) : asFeedProblem(err, 'decode');
        }
      } catch (err) {
        // A signed location's refusal in its own words; any other failure as it was.
        const problem = asRefusalAt(asFeedProblem(err, 'network'), options.location);
        throw problem.kind === 'refused' ? problem : err;
      }
    },
  });
}

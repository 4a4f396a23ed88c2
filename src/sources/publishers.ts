import type { Clock } from '../domain/clock.js';
import type { Logger } from '../log.js';
import type { DisruptionFeed } from './disruption-feed.js';
import { readLocation } from './gtfs/net/location.js';
import { gtfsAlertsFeed } from './gtfs/realtime/alerts-feed.js';
import { octranspoRssFeed } from './octranspo-rss/feed.js';

// Publishers of a feed's disruptions beside its own: OC Transpo's RSS (its detours and cancelled
// trips, published nowhere else), or Service Alerts written against a source that has none (the
// demo's, beside its v1.2 API). A publisher answers no arrivals, so it is no source kind: a feed
// of any kind may carry some, matched against that feed's stops and routes.

export type PublisherSettings =
  | { kind: 'octranspo-rss'; english: string; french?: string; refreshSeconds: number }
  | { kind: 'gtfs-rt-alerts'; url: string; headers: Record<string, string>; refreshSeconds: number };

/** A web page's feed, not an API: asked every 2 minutes at most. */
const RSS_LEAST_SECONDS = 120;

export function openPublishers(publishers: readonly PublisherSettings[], options: { now: Clock; logger: Logger }): DisruptionFeed[] {
  const logger = options.logger.child({ component: 'disruptions' });
  return publishers.map((publisher) =>
    publisher.kind === 'octranspo-rss'
      ? octranspoRssFeed({
          english: publisher.english,
          ...(publisher.french !== undefined ? { french: publisher.french } : {}),
          refreshMs: Math.max(publisher.refreshSeconds, RSS_LEAST_SECONDS) * 1000,
          now: options.now,
          logger,
        })
      : gtfsAlertsFeed({
          location: readLocation(publisher.url),
          headers: publisher.headers,
          refreshMs: publisher.refreshSeconds * 1000,
          now: options.now,
          logger,
        }),
  );
}

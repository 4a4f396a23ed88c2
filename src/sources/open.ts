// The one place that opens the configured transit source: the GTFS source (a static schedule
// and GTFS-Realtime) when a feed is set, else the v1.2 API (OC Transpo's, or the embedded demo
// server main started), each with the stop index riders search by name and place.
import type { Clock } from '../domain/clock.js';
import { clockStartingAt } from '../domain/clock-start.js';
import type { StopIndex } from '../domain/stop-index.js';
import type { SourceProfile, TransitSource } from '../domain/transit-source.js';
import type { Logger } from '../log.js';
import { join } from 'node:path';
import { loadStopIndex } from '../stops/index.js';
import { createFeedSet, type Feed } from './feed-set.js';
import { openGtfsFeed, type GtfsFeedSettings } from './gtfs/open-feed.js';
import type { ProgressOutput } from './gtfs/progress-display.js';
import { createTransitClient, V12_PROFILE, type ResponseFormat } from './octranspo-v12/index.js';
import { v12Places } from './octranspo-v12/disruption-places.js';
import { gtfsAlertsFeed } from './gtfs/realtime/alerts-feed.js';
import { readLocation } from './gtfs/net/location.js';
import { withDisruptions } from './with-disruptions.js';
import { octranspoRssFeed } from './octranspo-rss/feed.js';

export interface V12Settings {
  baseUrl: string;
  appId: string;
  apiKey: string;
  format: ResponseFormat;
  timeoutMs: number;
  cacheSeconds: { nextTrips: number; routeSummary: number };
  /** GTFS stops.txt for /stop by name and locations; optional, the source works without. */
  stopsFile?: string;
  /** GTFS-Realtime Service Alerts written against OC Transpo's GTFS (the demo server serves some). */
  alerts?: { url: string; headers: Record<string, string>; refreshSeconds: number };
}

export type SourceSettings = { kind: 'gtfs'; gtfs: GtfsFeedSettings } | { kind: 'octranspo-v12'; v12: V12Settings };

/** One of several feeds (FEEDS_FILE): its source, and the words riders know it by. */
export interface FeedEntry {
  id: string;
  name: string;
  attribution?: string;
  /** This feed's clock starts here (its captures replayed as they were), whatever the bot's. */
  clockStart?: Date;
  source: SourceSettings;
}

export interface OpenSourceOptions {
  dataDir: string;
  now: Clock;
  logger: Logger;
  /** The v1.2 client's own failures are answered on screen in the terminal chat: log them only at debug. */
  quietRequests: boolean;
  /** The terminal chat waits for a first schedule import, showing its progress here. */
  waitForSchedule?: ProgressOutput;
}

export interface OpenedSource {
  source: TransitSource;
  stops?: StopIndex;
  close(): Promise<void>;
}

export async function openTransitSource(settings: SourceSettings, options: OpenSourceOptions): Promise<OpenedSource> {
  if (settings.kind === 'gtfs') {
    const rss = settings.gtfs.rss;
    const feed = await openGtfsFeed(settings.gtfs, {
      dataDir: options.dataDir,
      now: options.now,
      logger: options.logger,
      ...(rss !== undefined
        ? {
            disruptionFeeds: [
              octranspoRssFeed({
                english: rss.english,
                ...(rss.french !== undefined ? { french: rss.french } : {}),
                // A web page's feed, not an API: asked every 2 minutes at most.
                refreshMs: Math.max(settings.gtfs.refreshSeconds, 120) * 1000,
                now: options.now,
                logger: options.logger.child({ component: 'disruptions' }),
              }),
            ],
          }
        : {}),
      ...(options.waitForSchedule !== undefined ? { waitForSchedule: options.waitForSchedule } : {}),
    });
    return { source: feed.transit, stops: feed.stops, close: () => feed.transit.close() };
  }
  const { v12 } = settings;
  const logger =
    options.quietRequests && !options.logger.isLevelEnabled('debug')
      ? options.logger.child({ component: 'transit' }, { level: 'error' })
      : options.logger;
  const source = createTransitClient({
    baseUrl: v12.baseUrl,
    appId: v12.appId,
    apiKey: v12.apiKey,
    format: v12.format,
    timeoutMs: v12.timeoutMs,
    cacheTtlMs: { nextTrips: v12.cacheSeconds.nextTrips * 1000, routeSummary: v12.cacheSeconds.routeSummary * 1000 },
    logger,
    now: options.now,
  });
  const stops = v12.stopsFile !== undefined ? await stopIndexOrNone(v12.stopsFile, options.logger) : undefined;
  const alerts = v12.alerts;
  const disrupted =
    alerts === undefined
      ? source
      : withDisruptions(
          source,
          [
            gtfsAlertsFeed({
              location: readLocation(alerts.url),
              headers: alerts.headers,
              refreshMs: alerts.refreshSeconds * 1000,
              now: options.now,
              logger: options.logger.child({ component: 'disruptions' }),
            }),
          ],
          v12Places(source, stops),
          { now: options.now, logger: options.logger },
        );
  return { source: disrupted, ...(stops !== undefined ? { stops } : {}), close: () => Promise.resolve() };
}

/**
 * Several feeds behind the one port, each opened as a source of its own (its schedule under
 * DATA_DIR/feeds/<id>): one that cannot download or decode leaves the others answering.
 */
export async function openFeeds(entries: readonly FeedEntry[], options: OpenSourceOptions): Promise<OpenedSource> {
  const opened: Array<{ entry: FeedEntry; source: OpenedSource }> = [];
  // One at a time: a terminal waiting for first imports shows one progress bar at a time.
  for (const entry of entries) {
    const logger = options.logger.child({ feed: entry.id });
    // A feed replayed from its own instant reads its own clock: captures of other days replay beside it.
    const now = entry.clockStart !== undefined ? clockStartingAt(entry.clockStart, options.now) : options.now;
    opened.push({
      entry,
      source: await openTransitSource(entry.source, { ...options, now, logger, dataDir: join(options.dataDir, 'feeds', entry.id) }),
    });
  }
  const feeds: Feed[] = opened.map(({ entry, source }) => ({
    id: entry.id,
    name: entry.name,
    ...(entry.attribution !== undefined ? { attribution: entry.attribution } : {}),
    source: source.source,
    ...(source.stops !== undefined ? { stops: source.stops } : {}),
  }));
  const set = createFeedSet(feeds);
  return { source: set, stops: set.stops, close: async () => void (await Promise.all(opened.map(({ source }) => source.close()))) };
}

/** What the configured source says of itself, without serving (`npm run discord:deploy` words its options with it). */
export async function readSourceProfile(
  settings: SourceSettings,
  options: Pick<OpenSourceOptions, 'dataDir' | 'now' | 'logger'>,
): Promise<SourceProfile> {
  if (settings.kind === 'octranspo-v12') return V12_PROFILE;
  // The schedule already imported, if any; nothing is downloaded.
  const feed = await openGtfsFeed(settings.gtfs, { ...options, refresh: false });
  try {
    return feed.transit.profile();
  } finally {
    await feed.transit.close();
  }
}

/** Stops by location and name are a convenience: a file that cannot be read turns them off, not the bot. */
async function stopIndexOrNone(file: string, logger: Logger): Promise<StopIndex | undefined> {
  try {
    return await loadStopIndex(file);
  } catch (err) {
    logger.warn({ err, file }, 'stop index not loaded; /stop by name and locations are off');
    return undefined;
  }
}

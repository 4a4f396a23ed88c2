import type { FeedPollShare } from '../kind.js';
import type { Clock } from '../../domain/clock.js';
import type { StopIndex } from '../../domain/stop-index.js';
import type { Logger } from '../../log.js';
import { readLocation, type Location } from './net/location.js';
import { stoSignedLocation, type StoKeys } from './net/sto-signature.js';
import { progressDisplay, type ProgressOutput } from './progress-display.js';
import { createGtfsSource, type GtfsSource } from './source.js';
import { gtfsAlertsFeed } from './realtime/alerts-feed.js';
import type { DisruptionFeed } from '../disruption-feed.js';
import { withDisruptions } from '../with-disruptions.js';
import type { AccuracySettings } from '../kind.js';
import { createAccuracyRecorder } from './realtime/accuracy-recorder.js';

// Opening the GTFS source from its settings, and making sure a schedule is coming. The terminal
// chat waits for the very first import (showing its progress); chat platforms start at once and
// answer "schedule data is loading" until it is in. Later imports run in the background.

export interface GtfsFeedSettings {
  /** Static GTFS zip: URL or file path. */
  scheduleUrl: string;
  /** TripUpdates: URL or file path; absent, schedule only. */
  tripUpdatesUrl?: string;
  /** VehiclePositions: URL or file path; absent, no vehicle positions. */
  vehiclePositionsUrl?: string;
  /** Service Alerts: URL or file path; absent, no disruptions from this feed. */
  alertsUrl?: string;
  /** Sent with realtime requests; secret. */
  headers: Record<string, string>;
  refreshSeconds: number;
  /** Every realtime request (an http(s) address) signed anew with these, STO's way (net/sto-signature.ts); secret. */
  signing?: StoKeys;
  /** Why a preset reads its schedule alone (no key given), said once at start. */
  scheduleOnly?: string;
}

export interface OpenedGtfsFeed {
  transit: GtfsSource;
  stops: StopIndex;
}

export async function openGtfsFeed(
  settings: GtfsFeedSettings,
  options: {
    dataDir: string;
    now: Clock;
    logger: Logger;
    waitForSchedule?: ProgressOutput;
    refresh?: boolean;
    /** Other publishers of this agency's disruptions (OC Transpo's RSS: sources/publishers.ts). */
    disruptionFeeds?: readonly DisruptionFeed[];
    /** Where its accuracy figures are kept; absent: none recorded. */
    accuracy?: AccuracySettings;
    sharedPolls?: FeedPollShare;
  },
): Promise<OpenedGtfsFeed> {
  if (settings.scheduleOnly !== undefined && options.refresh !== false) options.logger.info(settings.scheduleOnly);
  // A realtime address, signed at each request when the feed signs them (a file is read as it is).
  const realtimeAt = (address: string): Location => {
    const location = readLocation(address);
    return settings.signing !== undefined && location.kind === 'url' ? stoSignedLocation(location.url, settings.signing, options.now) : location;
  };
  const logger = options.logger.child({ component: 'gtfs' });
  // Only a feed with predictions has any to measure.
  const accuracy =
    options.accuracy !== undefined && settings.tripUpdatesUrl !== undefined ? createAccuracyRecorder({ ...options.accuracy, logger }) : undefined;
  const gtfs = await createGtfsSource({
    schedule: readLocation(settings.scheduleUrl),
    ...(settings.tripUpdatesUrl !== undefined ? { tripUpdates: realtimeAt(settings.tripUpdatesUrl) } : {}),
    ...(settings.vehiclePositionsUrl !== undefined ? { vehiclePositions: realtimeAt(settings.vehiclePositionsUrl) } : {}),
    headers: settings.headers,
    refreshSeconds: settings.refreshSeconds,
    dataDir: options.dataDir,
    now: options.now,
    logger,
    ...(accuracy !== undefined ? { accuracy } : {}),
    ...(options.sharedPolls !== undefined ? { sharedPolls: options.sharedPolls } : {}),
  });
  const feeds: DisruptionFeed[] = [
    ...(settings.alertsUrl !== undefined
      ? [
          gtfsAlertsFeed({
            location: realtimeAt(settings.alertsUrl),
            headers: settings.headers,
            refreshMs: settings.refreshSeconds * 1000,
            now: options.now,
            logger: options.logger.child({ component: 'disruptions' }),
          }),
        ]
      : []),
    ...(options.disruptionFeeds ?? []),
  ];
  const transit: GtfsSource = feeds.length === 0 ? gtfs : withDisruptions(gtfs, feeds, gtfs.places, { now: options.now, logger: options.logger });
  const opened = { transit, stops: transit.stops };
  if (options.refresh === false) return opened;
  if (transit.hasSchedule() || options.waitForSchedule === undefined) {
    void transit.refreshSchedule();
    return opened;
  }
  const progress = options.waitForSchedule;
  const display = progressDisplay(progress);
  const stop = transit.onProgress((p) => display.update(p));
  const outcome = await transit.refreshSchedule();
  stop();
  display.end();
  if (outcome === 'failed') progress.write('The schedule could not be loaded (see the log); arrivals will say so until it is.\n');
  return opened;
}

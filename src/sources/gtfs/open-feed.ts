import type { Clock } from '../../domain/clock.js';
import type { Config } from '../../config.js';
import type { Logger } from '../../log.js';
import type { StopIndex } from '../../domain/stop-index.js';
import { readLocation } from './net/location.js';
import { progressDisplay, type ProgressOutput } from './progress-display.js';
import { createGtfsSource, type GtfsSource } from './source.js';

// What main.ts does with GTFS settings: open the source, and make sure a schedule is coming. The
// terminal chat waits for the very first import (showing its progress); chat platforms start at
// once and answer "schedule data is loading" until it is in. Later imports run in the background.

export interface OpenedGtfsFeed {
  transit: GtfsSource;
  stops: StopIndex;
}

export async function openGtfsFeed(
  gtfs: NonNullable<Config['gtfs']>,
  options: { dataDir: string; now: Clock; logger: Logger; waitForSchedule: boolean; progress: ProgressOutput },
): Promise<OpenedGtfsFeed> {
  const transit = await createGtfsSource({
    schedule: readLocation(gtfs.scheduleUrl),
    ...(gtfs.tripUpdatesUrl !== undefined ? { tripUpdates: readLocation(gtfs.tripUpdatesUrl) } : {}),
    headers: gtfs.headers,
    refreshSeconds: gtfs.refreshSeconds,
    dataDir: options.dataDir,
    now: options.now,
    logger: options.logger.child({ component: 'gtfs' }),
  });
  if (transit.hasSchedule() || !options.waitForSchedule) {
    void transit.refreshSchedule();
    return { transit, stops: transit.stops };
  }
  const display = progressDisplay(options.progress);
  const stop = transit.onProgress((p) => display.update(p));
  const outcome = await transit.refreshSchedule();
  stop();
  display.end();
  if (outcome === 'failed') options.progress.write('The schedule could not be loaded (see the log); arrivals will say so until it is.\n');
  return { transit, stops: transit.stops };
}

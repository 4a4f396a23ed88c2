import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCsvRecords, type CsvRecord } from '../../gtfs-format/csv.js';

// The files of a GTFS feed as rows of strings. directions.txt and fleet.txt are this feed's own
// additions (the API's Direction/RouteHeading and BusType have no place in standard GTFS).

const FEED_FILES = ['agency', 'stops', 'routes', 'trips', 'stop_times', 'frequencies', 'calendar', 'calendar_dates', 'directions', 'fleet'] as const;

export type FeedFile = (typeof FEED_FILES)[number];

export type Feed = Record<FeedFile, CsvRecord[]>;

const OPTIONAL: ReadonlySet<FeedFile> = new Set(['frequencies', 'calendar_dates', 'fleet']);

export function readFeed(dir: string): Feed {
  const feed = {} as Feed;
  for (const name of FEED_FILES) {
    const path = join(dir, `${name}.txt`);
    if (!existsSync(path) && OPTIONAL.has(name)) {
      feed[name] = [];
      continue;
    }
    feed[name] = readCsvRecords(readFileSync(path, 'utf8'));
  }
  return feed;
}

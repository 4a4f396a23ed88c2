// The one place that opens the configured feeds: each by its own kind (kinds.ts), with the other
// publishers of its disruptions, behind the one port (feed-set.ts); a list of one is the source
// itself, as a bot of one source always was.
import { join } from 'node:path';
import { clockStartingAt } from '../domain/clock-start.js';
import type { SourceProfile } from '../domain/transit-source.js';
import { createFeedSet, namedProfile, singleFeed, type Feed } from './feed-set.js';
import type { SharedRate } from '../domain/shared-rate.js';
import type { AccuracySettings, FeedPollShare, OpenedSource, OpenSourceOptions, SourceKind } from './kind.js';
import { sourceKindOf, SOURCE_KINDS, type FeedEntry, type SourceSettings } from './kinds.js';
import { openPublishers } from './publishers.js';

/** One feed's source, opened by its kind. */
export function openTransitSource(settings: SourceSettings, options: OpenSourceOptions, kinds = SOURCE_KINDS): Promise<OpenedSource> {
  return sourceKindOf(settings, kinds).open(settings, options);
}

export interface OpenFeedsOptions extends Omit<OpenSourceOptions, 'sharedPolls' | 'accuracy' | 'sharedRate'> {
  /** The fleet's shared rates (the store's, or this instance's own): each feed's request budget under its id. */
  sharedRate?: SharedRate;
  /** Instances sharing a store share each feed's poll: the store's share and this instance's name. */
  sharedPolls?: Omit<FeedPollShare, 'feed'>;
  /** Where every feed's accuracy figures are kept, each under its id; absent: none recorded. */
  accuracy?: Omit<AccuracySettings, 'feed'>;
  /**
   * Where each feed keeps its data: under DATA_DIR/feeds/<id> (FEEDS_FILE), or in DATA_DIR itself
   * (the environment's one feed, where a bot of one source has always kept its schedule).
   */
  folders: 'per-feed' | 'shared';
}

/** Where a feed keeps its data (its schedule). */
function folderOf(entry: FeedEntry, options: Pick<OpenFeedsOptions, 'dataDir' | 'folders'>): string {
  return options.folders === 'shared' ? options.dataDir : join(options.dataDir, 'feeds', entry.id);
}

/**
 * The feeds behind the one port, each opened as a source of its own: one that cannot download or
 * decode leaves the others answering.
 */
export async function openFeeds(
  entries: readonly FeedEntry[],
  options: OpenFeedsOptions,
  kinds: readonly SourceKind[] = SOURCE_KINDS,
): Promise<OpenedSource> {
  const opened: Array<{ entry: FeedEntry; source: OpenedSource }> = [];
  // One at a time: a terminal waiting for first imports shows one progress bar at a time.
  for (const entry of entries) {
    const logger = options.logger.child({ feed: entry.id });
    // A feed replayed from its own instant reads its own clock: captures of other days replay beside it.
    const now = entry.clockStart !== undefined ? clockStartingAt(entry.clockStart, options.now) : options.now;
    const dataDir = folderOf(entry, options);
    const disruptionFeeds = openPublishers(entry.disruptions ?? [], { now, logger });
    // Each feed's shared poll and figures under its own id.
    const { sharedPolls, accuracy, sharedRate, ...common } = options;
    const source = await openTransitSource(
      entry.source,
      {
        ...common,
        now,
        logger,
        dataDir,
        disruptionFeeds,
        ...(sharedPolls !== undefined ? { sharedPolls: { ...sharedPolls, feed: entry.id } } : {}),
        ...(accuracy !== undefined ? { accuracy: { ...accuracy, feed: entry.id } } : {}),
        ...(sharedRate !== undefined ? { sharedRate: { rate: sharedRate, feed: entry.id } } : {}),
      },
      kinds,
    );
    opened.push({ entry, source });
  }
  const feeds = opened.map(({ entry, source }) => ({
    id: entry.id,
    ...(entry.name !== undefined ? { name: entry.name } : {}),
    ...(entry.attribution !== undefined ? { attribution: entry.attribution } : {}),
    source: source.source,
    ...(source.stops !== undefined ? { stops: source.stops } : {}),
  }));
  // Several feeds are each named in answers (the config asks a name of each); a feed alone may leave it to its source.
  const set = feeds.length === 1 ? singleFeed(feeds[0]!) : createFeedSet(feeds.map((feed): Feed => ({ ...feed, name: feed.name ?? feed.id })));
  return {
    source: set,
    ...(set.stops !== undefined ? { stops: set.stops } : {}),
    close: async () => void (await Promise.all(opened.map(({ source }) => source.close()))),
  };
}

/**
 * What the first feed says of itself, without serving (`npm run discord:deploy` words its options
 * with it: riders of a bot of several read the first feed's examples first too).
 */
export async function readSourceProfile(
  entry: FeedEntry,
  options: Pick<OpenFeedsOptions, 'dataDir' | 'folders' | 'now' | 'logger'>,
  kinds: readonly SourceKind[] = SOURCE_KINDS,
): Promise<SourceProfile> {
  const profile = await sourceKindOf(entry.source, kinds).profile(entry.source, { ...options, dataDir: folderOf(entry, options) });
  return namedProfile(profile, entry);
}

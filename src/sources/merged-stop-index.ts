import type { NearbyStop, StopIndex, StopInfo } from '../domain/stop-index.js';

// The stops of several feeds as one index: each stop's code names its feed ("sto:3000") and its
// agency is said, so a search by name or place lists every agency's stops together.

interface IndexedFeed {
  id: string;
  name: string;
  stops?: StopIndex;
}

export function mergedStopIndex(feeds: readonly IndexedFeed[]): StopIndex {
  const indexed = feeds.filter((feed): feed is IndexedFeed & { stops: StopIndex } => feed.stops !== undefined);
  const scope = (feed: IndexedFeed, stop: StopInfo): StopInfo => ({ ...stop, code: `${feed.id}:${stop.code}`, agency: feed.name });
  /** The feed and code of "sto:3000"; a bare code belongs to no one feed here. */
  const split = (code: string) => {
    const at = code.indexOf(':');
    const feed = at > 0 ? indexed.find((f) => f.id === code.slice(0, at)) : undefined;
    return feed === undefined ? undefined : { feed, code: code.slice(at + 1) };
  };
  return {
    get size() {
      return indexed.reduce((n, feed) => n + feed.stops.size, 0);
    },
    nearest(lat, lon, options = {}) {
      const near: NearbyStop[] = indexed.flatMap((feed) => feed.stops.nearest(lat, lon, options).map((n) => ({ ...n, stop: scope(feed, n.stop) })));
      return near.sort((a, b) => a.meters - b.meters).slice(0, options.limit ?? 5);
    },
    search(words, limit = 10) {
      // Each feed's best matches in turn, so one agency's many stops never hide another's.
      const lists = indexed.map((feed) => feed.stops.search(words, limit).map((stop) => scope(feed, stop)));
      const merged: StopInfo[] = [];
      for (let i = 0; merged.length < limit && lists.some((list) => i < list.length); i++) {
        for (const list of lists) if (i < list.length && merged.length < limit) merged.push(list[i]!);
      }
      return merged;
    },
    nameOf(code) {
      const named = split(code);
      return named === undefined ? undefined : named.feed.stops.nameOf(named.code);
    },
    byCode(code) {
      const named = split(code);
      if (named !== undefined) return named.feed.stops.byCode(named.code).map((stop) => scope(named.feed, stop));
      return indexed.flatMap((feed) => feed.stops.byCode(code).map((stop) => scope(feed, stop)));
    },
    byCodePrefix(prefix, limit = 10) {
      return indexed.flatMap((feed) => feed.stops.byCodePrefix(prefix, limit).map((stop) => scope(feed, stop))).slice(0, limit);
    },
  };
}

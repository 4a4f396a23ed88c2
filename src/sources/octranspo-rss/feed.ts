import { isAbsolute, resolve } from 'node:path';
import type { Clock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import { FetchFailure, readCapped, type ByteLocation } from '../capped-fetch.js';
import type { DisruptionFeed } from '../disruption-feed.js';
import { pollDisruptions } from '../polled-disruptions.js';
import { rssDisruptions } from './disruptions.js';
import { parseRss, type RssItem } from './parse.js';

// OC Transpo's updates RSS, English and French, polled at most once per interval. The English
// feed is the one that must answer; the French one only adds its texts (a French feed down leaves
// English words, not "unavailable").

export interface RssFeedOptions {
  /** URL or file path. */
  english: string;
  french?: string;
  refreshMs: number;
  now: Clock;
  logger: Logger;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const MAX_BYTES = 4 * 1024 * 1024;

async function read(where: string, options: RssFeedOptions): Promise<RssItem[]> {
  const location: ByteLocation = /^https?:\/\//i.test(where)
    ? { kind: 'url', url: where }
    : { kind: 'file', path: isAbsolute(where) ? where : resolve(where) };
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(location, {
      fetch: options.fetch ?? globalThis.fetch,
      headers: { accept: 'application/rss+xml, application/xml, text/xml' },
      timeoutMs: options.timeoutMs ?? 10_000,
      maxBytes: MAX_BYTES,
    });
  } catch (err) {
    throw err instanceof FetchFailure ? err : new Error('request failed');
  }
  try {
    return parseRss(new TextDecoder().decode(bytes));
  } catch {
    throw new Error('not an RSS feed');
  }
}

/** A log line names the feed by its address without query. */
function describe(where: string): string {
  try {
    const url = new URL(where);
    return `${url.origin}${url.pathname}`;
  } catch {
    return where;
  }
}

export function octranspoRssFeed(options: RssFeedOptions): DisruptionFeed {
  let frenchProblem: string | undefined;
  return pollDisruptions({
    where: describe(options.english),
    refreshMs: options.refreshMs,
    now: options.now,
    logger: options.logger,
    async load() {
      const [english, french] = await Promise.all([
        read(options.english, options),
        options.french === undefined
          ? Promise.resolve([])
          : read(options.french, options).then(
              (items) => ((frenchProblem = undefined), items),
              (err: unknown) => {
                const message = err instanceof Error ? err.message : 'unreadable';
                if (message !== frenchProblem)
                  options.logger.warn({ feed: describe(options.french!), problem: message }, 'French disruptions unavailable');
                frenchProblem = message;
                return [];
              },
            ),
      ]);
      return rssDisruptions(english, french);
    },
  });
}

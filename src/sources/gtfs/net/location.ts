import { isAbsolute, resolve } from 'node:path';
import type { ByteLocation } from '../../capped-fetch.js';

// GTFS_URL and GTFS_RT_TRIP_UPDATES_URL take an http(s) address or a file path (a recorded feed,
// replayed with CLOCK_START). Logs name a URL without its query: some agencies put the key there
// (a signed address, sto-signature.ts, says what it may show itself).

export type Location = ByteLocation;

export function readLocation(text: string): Location {
  if (/^https?:\/\//i.test(text)) return { kind: 'url', url: text };
  if (/^file:\/\//i.test(text)) return { kind: 'file', path: new URL(text).pathname };
  return { kind: 'file', path: isAbsolute(text) ? text : resolve(text) };
}

/** What a log line may say about a location. */
export function describeLocation(location: Location): string {
  if (location.kind === 'file') return location.path;
  if (location.kind === 'signed') return location.shown;
  try {
    const url = new URL(location.url);
    return `${url.origin}${url.pathname}`;
  } catch {
    return '(a URL)';
  }
}

import { createStopIndex } from '../../stops/stop-index.js';
import type { StopIndex, StopInfo } from '../../domain/stop-index.js';

// The stop index (/stop by name, nearest stops) over the imported schedule's stops. Codes are the
// agency's own (5 digits, letters), so look-ups by code compare them as given rather than as
// OC Transpo's 4-digit numbers; everything else is the shared index.

export function gtfsStopIndex(stops: StopInfo[]): StopIndex {
  const index = createStopIndex(stops);
  const byCode = new Map<string, StopInfo[]>();
  for (const stop of stops) byCode.set(stop.code, [...(byCode.get(stop.code) ?? []), stop]);
  return {
    get size() {
      return index.size;
    },
    nearest: (lat, lon, options) => index.nearest(lat, lon, options),
    search: (words, limit) => index.search(words, limit),
    byCodePrefix: (prefix, limit = 10) => {
      const found: StopInfo[] = [];
      for (const [code, platforms] of byCode) {
        if (found.length >= limit) break;
        if (code.startsWith(prefix)) found.push(platforms[0]!);
      }
      return found;
    },
    byCode: (code) => [...(byCode.get(code.trim()) ?? [])],
    nameOf: (code) => byCode.get(code.trim())?.[0]?.name,
  };
}

/** An index that follows the schedule in use: empty until the first import, renewed with each. */
export function followingStopIndex(current: () => StopIndex | undefined): StopIndex {
  const empty = createStopIndex([]);
  const now = () => current() ?? empty;
  return {
    get size() {
      return now().size;
    },
    nearest: (lat, lon, options) => now().nearest(lat, lon, options),
    search: (words, limit) => now().search(words, limit),
    byCodePrefix: (prefix, limit) => now().byCodePrefix(prefix, limit),
    byCode: (code) => now().byCode(code),
    nameOf: (code) => now().nameOf(code),
  };
}

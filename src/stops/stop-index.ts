import { haversineMeters, METERS_PER_DEGREE_LAT } from '../domain/geo.js';
import { foldText, normalizeStopCode, wordsOf } from './normalize.js';
import { sharedName } from './shared-name.js';
import type { NearbyStop, StopIndex, StopInfo } from '../domain/stop-index.js';

interface Entry {
  stop: StopInfo;
  words: string[];
  folded: string;
}

const DEFAULT_NEAREST_LIMIT = 5;
const DEFAULT_SEARCH_LIMIT = 10;

/** An in-memory index: a linear scan is a fraction of a millisecond for a city's ~6,000 platforms. */
export function createStopIndex(stops: readonly StopInfo[]): StopIndex {
  const entries: Entry[] = stops.map((stop) => ({ stop, words: wordsOf(stop.name), folded: foldText(stop.name) }));
  const byCode = new Map<string, StopInfo[]>();
  for (const { stop } of entries) {
    const platforms = byCode.get(stop.code);
    if (platforms) platforms.push(stop);
    else byCode.set(stop.code, [stop]);
  }
  const names = new Map<string, string>();
  for (const [code, platforms] of byCode) {
    const name = sharedName(platforms.map((p) => p.name));
    if (name !== undefined) names.set(code, name);
  }
  // Coordinates packed apart from the objects: the scan in nearest() reads only these, and stays
  // fast whatever V8 makes of the stop objects' shapes.
  const lats = Float64Array.from(stops, (stop) => stop.lat);
  const lons = Float64Array.from(stops, (stop) => stop.lon);
  // A result stands for the whole stop code: the name riders know, the place of one platform.
  const asStop = (platform: StopInfo): StopInfo => ({ ...platform, name: names.get(platform.code) ?? platform.name });

  return {
    size: byCode.size,

    nameOf(code) {
      const platform = byCode.get(normalizeStopCode(code) ?? '')?.[0];
      return platform === undefined ? undefined : asStop(platform).name;
    },

    byCode(code) {
      const normalized = normalizeStopCode(code);
      return normalized === undefined ? [] : [...(byCode.get(normalized) ?? [])];
    },

    byCodePrefix(prefix, limit = DEFAULT_SEARCH_LIMIT) {
      const found: StopInfo[] = [];
      for (const [code, platforms] of byCode) {
        if (found.length >= limit) break;
        if (code.startsWith(prefix)) found.push(asStop(platforms[0]!));
      }
      return found;
    },

    nearest(lat, lon, options = {}) {
      const limit = options.limit ?? DEFAULT_NEAREST_LIMIT;
      const within = options.withinMeters ?? Infinity;
      // A bounding box rejects most platforms before the trigonometry.
      const dLat = within / METERS_PER_DEGREE_LAT;
      const dLon = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
      const best = new Map<string, NearbyStop>();
      for (let i = 0; i < lats.length; i++) {
        if (Math.abs(lats[i]! - lat) > dLat || Math.abs(lons[i]! - lon) > dLon) continue;
        const meters = haversineMeters(lat, lon, lats[i]!, lons[i]!);
        if (meters > within) continue;
        const stop = stops[i]!;
        const known = best.get(stop.code);
        if (!known || meters < known.meters) best.set(stop.code, { stop, meters });
      }
      return [...best.values()]
        .sort((a, b) => a.meters - b.meters || a.stop.code.localeCompare(b.stop.code))
        .slice(0, limit)
        .map(({ stop, meters }) => ({ stop: asStop(stop), meters }));
    },

    search(text, limit = DEFAULT_SEARCH_LIMIT) {
      const query = wordsOf(text);
      if (query.length === 0) return [];
      const best = new Map<string, { stop: StopInfo; score: number }>();
      for (const entry of entries) {
        const score = matchScore(query, entry);
        if (score < 0) continue;
        const known = best.get(entry.stop.code);
        if (!known || score > known.score) best.set(entry.stop.code, { stop: entry.stop, score });
      }
      return [...best.values()]
        .map(({ stop, score }) => ({ stop: asStop(stop), score }))
        .sort((a, b) => b.score - a.score || a.stop.name.localeCompare(b.stop.name) || a.stop.code.localeCompare(b.stop.code))
        .slice(0, limit)
        .map(({ stop }) => stop);
    },
  };
}

/**
 * -1 when some query word starts no word of the name; otherwise higher for whole-word matches
 * and for names that begin with the first query word ("laurier" ranks "LAURIER / RANGE" above
 * "ELGIN / LAURIER").
 */
function matchScore(query: string[], entry: Entry): number {
  let score = 0;
  for (const word of query) {
    if (entry.words.includes(word)) score += 2;
    else if (entry.words.some((w) => w.startsWith(word))) score += 1;
    else return -1;
  }
  if (entry.folded.trimStart().startsWith(query[0]!)) score += 1;
  return score;
}

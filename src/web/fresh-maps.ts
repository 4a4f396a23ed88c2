import type { DisruptionReading } from '../domain/disruption.js';
import type { RouteMap } from '../domain/route-map.js';
import type { TransitSource } from '../domain/transit-source.js';

// The route's map and disruptions, read once for every open page asking within a short while: 500
// riders' pages polling the same route cost the source one read per interval, and one read in flight
// serves everyone waiting on it. A failed read is not kept.

export interface MapReading {
  readonly map: RouteMap;
  readonly disruptions: DisruptionReading | undefined;
}

const MAX_KEPT = 1000;

export function freshMaps(transit: TransitSource, keepMs: number, nowMs: () => number) {
  const kept = new Map<string, { until: number; reading: Promise<MapReading> }>();

  async function read(route: string, stop: string | undefined): Promise<MapReading> {
    const map = await transit.routeMap!({ route, ...(stop !== undefined ? { stop } : {}) });
    // The disruptions are the route's; a feed that cannot say leaves the map drawn without them.
    const disruptions = await transit.disruptions?.({ route }).catch(() => undefined);
    return { map, disruptions };
  }

  return (route: string, stop: string | undefined): Promise<MapReading> => {
    const key = `${route}\n${stop ?? ''}`;
    const now = nowMs();
    const hit = kept.get(key);
    if (hit !== undefined && hit.until > now) return hit.reading;
    if (kept.size >= MAX_KEPT) {
      for (const [k, entry] of kept) if (entry.until <= now) kept.delete(k);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    }
    const reading = read(route, stop);
    kept.set(key, { until: now + keepMs, reading });
    reading.catch(() => {
      if (kept.get(key)?.reading === reading) kept.delete(key);
    });
    return reading;
  };
}

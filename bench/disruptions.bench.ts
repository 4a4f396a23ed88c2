// Matching a feed's disruptions against every chat that watches a stop or a route, once per feed
// refresh: `npm run bench disruptions`. 1,000 active disruptions (shaped like MiWay's and LTC's:
// route-at-stop pairs, routes, stops, a few agency-wide ones) against 100,000 watches (saved stops
// and subscriptions) of a 6,000-stop, 200-route network. Goal: under 200 ms a refresh, the index's
// memory bounded by the watches. Compared with the scan the index replaces (every watch asked).
import { performance } from 'node:perf_hooks';
import type { Disruption, InformedEntity } from '../src/domain/disruption.js';
import { disruptionAffects, type Place, type PlaceRoute } from '../src/domain/disruption-match.js';
import { createWatchIndex, type Watch } from '../src/domain/disruption-watch.js';

const STOPS = 6_000;
const ROUTES = 200;
const WATCHES = 100_000;
const DISRUPTIONS = 1_000;

let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (n: number) => Math.floor(random() * n);

const route = (r: number, directionId?: number): PlaceRoute => ({
  routeId: `r${r}`,
  routeNo: String(r),
  agencyId: 'agency',
  routeType: 3,
  ...(directionId !== undefined ? { directionId } : {}),
});
// Each stop: two platforms and a station, 1 to 4 routes in one direction each.
const stopPlaces: Place[] = Array.from({ length: STOPS }, (_, s) => ({
  stopIds: new Set([`s${s}a`, `s${s}b`, `st${s}`]),
  stopCode: String(1000 + s),
  routes: Array.from({ length: 1 + pick(4) }, () => route(pick(ROUTES), pick(2))),
  routesKnown: true,
}));

// 70% saved stops (the stop's routes), 30% subscriptions (one of its routes there).
const watches: Watch[] = Array.from({ length: WATCHES }, (_, i) => {
  const place = stopPlaces[pick(STOPS)]!;
  if (i % 10 < 7) return { key: `chat${i}`, place };
  const one = place.routes[pick(place.routes.length)]!;
  return { key: `chat${i}`, place: { ...place, routes: [one] } };
});

function entityFor(i: number): InformedEntity[] {
  const s = pick(STOPS);
  const place = stopPlaces[s]!;
  const kind = i % 100;
  if (kind < 3) return [{ agencyId: 'agency' }];
  if (kind < 60) return place.routes.map((r) => ({ routeId: r.routeId!, stopId: `s${s}a` }));
  if (kind < 85) return [{ routeId: `r${pick(ROUTES)}` }];
  return [{ stopId: `st${s}` }];
}
const disruptions: Disruption[] = Array.from({ length: DISRUPTIONS }, (_, i) => ({
  id: `d${i}`,
  version: 'v1',
  effect: 'detour',
  cause: 'unknown',
  severity: 'unknown',
  header: [],
  description: [],
  entities: entityFor(i),
  periods: [],
}));
const agencies = { ids: new Set(['agency']) };

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const buildStart = performance.now();
const index = createWatchIndex(watches);
const buildMs = performance.now() - buildStart;
gc?.();
const indexMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;

function refresh(): { ms: number; touched: number } {
  const start = performance.now();
  let touched = 0;
  for (const d of disruptions) touched += index.touched(d, agencies).length;
  return { ms: performance.now() - start, touched };
}

refresh(); // warm-up
const runs = Array.from({ length: 7 }, refresh).sort((a, b) => a.ms - b.ms);
const median = runs[3]!;
const peakMb = process.memoryUsage().heapUsed / 1024 / 1024;

const scanStart = performance.now();
let scanned = 0;
for (const d of disruptions.slice(0, 100)) scanned += watches.filter((w) => disruptionAffects(d, w.place, agencies)).length;
const scanMs = ((performance.now() - scanStart) / 100) * DISRUPTIONS;
const indexed100 = disruptions.slice(0, 100).reduce((n, d) => n + index.touched(d, agencies).length, 0);

console.log(`watches ${WATCHES.toLocaleString('en')}, disruptions ${DISRUPTIONS.toLocaleString('en')}, stops ${STOPS}, routes ${ROUTES}`);
console.log(`index built in ${buildMs.toFixed(1)} ms, ${indexMb.toFixed(1)} MB of heap (peak heap ${peakMb.toFixed(0)} MB)`);
console.log(
  `one refresh (all disruptions matched): median ${median.ms.toFixed(1)} ms, best ${runs[0]!.ms.toFixed(1)} ms, worst ${runs[6]!.ms.toFixed(1)} ms; ${median.touched.toLocaleString('en')} (disruption, watch) pairs touched`,
);
console.log(
  `scanning every watch instead: ~${scanMs.toFixed(0)} ms a refresh (${(scanMs / median.ms).toFixed(1)}x the index); same pairs on 100 disruptions: ${scanned === indexed100 ? 'yes' : `NO (${scanned} vs ${indexed100})`}`,
);
// Where the time goes, by what the disruptions name.
const kinds: Record<string, Disruption[]> = { 'agency-wide': [], 'route at stop': [], route: [], stop: [] };
for (const d of disruptions) {
  const e = d.entities[0]!;
  kinds[
    e.agencyId !== undefined
      ? 'agency-wide'
      : e.routeId !== undefined && e.stopId !== undefined
        ? 'route at stop'
        : e.routeId !== undefined
          ? 'route'
          : 'stop'
  ]!.push(d);
}
for (const [kind, list] of Object.entries(kinds)) {
  const start = performance.now();
  let pairs = 0;
  for (const d of list) pairs += index.touched(d, agencies).length;
  console.log(
    `  ${kind.padEnd(14)} ${String(list.length).padStart(4)} disruptions: ${(performance.now() - start).toFixed(1)} ms, ${pairs.toLocaleString('en')} pairs`,
  );
}
console.log(`goal under 200 ms a refresh: ${median.ms < 200 ? 'met' : 'NOT met'}`);

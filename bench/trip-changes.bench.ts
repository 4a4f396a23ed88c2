// Trip changes pushed at city scale: `npm run bench trip-changes`. The demo network repeated 100
// times (3,900 stops, OC Transpo's size) imported into the GTFS schedule database; its own live
// feed at a weekday 08:00 with one trip in 20 cancelled; 5,000 subscriptions in SQLite through the
// store (timed alerts on weekdays spread over 06:00-10:00, "near" windows of an hour or two, each
// at a stop of the network and one of its routes). What one half-minute round of the trip-change
// pushes costs (waiting.ts reading who waits through the index, each waited-at stop looked up once
// with the product's arrivals merge, the changes matched and their marks read), cold (the first
// round reads an hour of minutes) and then steady, beside how many chats wait and stops are asked.
// Rendering is a stub (a reply per change) and the jobs are counted, not delivered: delivery is the
// alerts' own, measured by `npm run bench alerts`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { StopArrivals } from '../src/domain/arrivals.js';
import { fixedClock } from '../src/domain/clock.js';
import type { Subscription } from '../src/domain/subscription.js';
import type { TransitSource } from '../src/domain/transit-source.js';
import { silentLogger } from '../src/log.js';
import { createTripChangePushes } from '../src/pushes/trip-changes/trip-change-pushes.js';
import { createWaiting } from '../src/pushes/trip-changes/waiting.js';
import { loadDemoNetwork } from '../src/sim/demo-network.js';
import { demoTripUpdates } from '../src/sim/trip-updates.js';
import { stopArrivals } from '../src/sources/gtfs/arrivals/stop-arrivals.js';
import { decodeTripUpdates } from '../src/sources/gtfs/realtime/decode.js';
import { createChangedTrips } from '../src/sources/gtfs/realtime/changed-trips.js';
import { routesOfTrips } from '../src/sources/gtfs/changed-routes.js';
import { FeedMessageType } from '../src/gtfs-format/realtime-schema.js';
import { importFeed } from '../src/sources/gtfs/static/import-feed.js';
import { openTimetable } from '../src/sources/gtfs/static/timetable.js';
import { openStore } from '../src/store/index.js';
import { PEAK_MS, writeDemoZip } from './lib/gtfs-lookups.js';

if (process.argv[2] === 'import') {
  await importFeed(process.argv[3]!, process.argv[4]!);
  process.exit(0);
}

const COPIES = Number(process.env.GTFS_BENCH_COPIES ?? 100);
const SUBSCRIPTIONS = 5_000;
const ROUNDS = 6;
const ZONE = 'America/Toronto';
/** The demo feed's entities repeated for each copy of the network, under the copy's trip, route and stop ids. */
function everyCopy(bytes: Uint8Array): Uint8Array {
  type Entity = { id: string; tripUpdate: { trip: { tripId: string; routeId?: string }; stopTimeUpdate?: Array<{ stopId?: string }> } };
  const message = FeedMessageType.toObject(FeedMessageType.decode(bytes), { longs: Number }) as { header: unknown; entity: Entity[] };
  const entity = message.entity.flatMap((e) =>
    Array.from({ length: COPIES }, (_, copy) => {
      const id = (value: string) => (copy === 0 ? value : `${value}~${copy + 1}`);
      const { trip, stopTimeUpdate } = e.tripUpdate;
      return {
        id: id(e.id),
        tripUpdate: {
          ...e.tripUpdate,
          trip: { ...trip, tripId: id(trip.tripId), ...(trip.routeId !== undefined ? { routeId: id(trip.routeId) } : {}) },
          ...(stopTimeUpdate !== undefined
            ? { stopTimeUpdate: stopTimeUpdate.map((u) => ({ ...u, ...(u.stopId !== undefined ? { stopId: id(u.stopId) } : {}) })) }
            : {}),
        },
      };
    }),
  );
  return FeedMessageType.encode(FeedMessageType.fromObject({ header: message.header, entity })).finish();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

const dir = mkdtempSync(join(tmpdir(), 'trip-changes-bench-'));
try {
  const network = loadDemoNetwork();
  const zip = await writeDemoZip(dir, COPIES);
  const db = join(dir, 'feed.sqlite');
  execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'import', zip, db]);
  const timetable = await openTimetable(db);
  // One in 20 of the trips the live feed follows at 08:00 (OC Transpo cancelled about 259 of its weekday trips a day in 2023).
  const cancelled = [...decodeTripUpdates(demoTripUpdates(network, PEAK_MS)).byTripId.keys()].filter((_, i) => i % 20 === 0);
  const feed = decodeTripUpdates(everyCopy(demoTripUpdates(network, PEAK_MS, { cancelled })));
  const changedTrips = createChangedTrips();
  changedTrips.observe(feed);
  const changedRoutes = await routesOfTrips(timetable, changedTrips.trips.keys());
  let lookUps = 0;
  let gate = false;
  const transit: Pick<TransitSource, 'nextTripsAllRoutes' | 'changedRoutes'> = {
    changedRoutes: () => Promise.resolve(gate ? changedRoutes : undefined),
    async nextTripsAllRoutes(code): Promise<StopArrivals> {
      lookUps++;
      const place = await timetable.findStop(code);
      if (place === undefined) throw new Error(`no stop ${code}`);
      return stopArrivals({ timetable, place, nowMs: PEAK_MS, realtime: { status: 'live', feed } });
    },
  };

  // Every stop of every copy with the routes it serves, as the copies name them.
  const stops = [...network.stopCodes.values()].filter((s) => s.routes.length > 0);
  const places = Array.from({ length: COPIES }, (_, copy) =>
    stops.map((s) => ({
      stopNo: copy === 0 ? s.code : String(copy * 10_000 + Number(s.code)),
      routes: [...new Set(s.routes.map((r) => (copy === 0 ? r.route.routeNo : `${r.route.routeNo}-${copy + 1}`)))],
    })),
  ).flat();
  const store = await openStore({ dataDir: dir, namespace: 'bench', logger: silentLogger(), unsyncedWrites: true });
  const weekdays = [1, 2, 3, 4, 5] as Subscription['schedule']['days'];
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    // Spread with a stride coprime to the stop count, so chats are not bunched on the first copies.
    const place = places[(i * 7919) % places.length]!;
    const start = 6 * 60 + ((i * 37) % 240);
    const schedule: Subscription['schedule'] =
      i % 5 === 4
        ? { kind: 'near', withinMinutes: 5, from: start, until: Math.min(start + 60 + (i % 2) * 60, 1439), days: weekdays }
        : { kind: 'at', minute: start, days: weekdays };
    await store.subscriptions.add(
      {
        id: `s${i}`,
        chat: { platform: 'telegram', chatId: String(1000 + i), chatType: 'private' },
        stopNo: place.stopNo,
        routeNo: place.routes[i % place.routes.length]!,
        schedule,
        timeZone: ZONE,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
      100,
    );
  }

  const clock = fixedClock(new Date(PEAK_MS));
  // Who waits, alone: cold (an hour of minutes read from the index), then from memory.
  const alone = createWaiting({ subscriptions: store.subscriptions, platforms: new Set(['telegram']) });
  const waitingMs: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    await alone.at(PEAK_MS + round * 30_000);
    waitingMs.push(performance.now() - started);
  }
  let parts = 0;
  /** Rounds of the pushes as production runs them (gated by the changed routes), or asking every waited-at stop. */
  async function rounds(gated: boolean) {
    gate = gated;
    clock.set(new Date(PEAK_MS));
    const pushes = createTripChangePushes({
      transit,
      waiting: createWaiting({ subscriptions: store.subscriptions, platforms: new Set(['telegram']) }),
      claims: store.claims,
      core: { tripChangeReply: () => Promise.resolve({ kind: 'answer', blocks: [] }) },
      clock,
      logger: silentLogger(),
    });
    const enqueue = (queued: Parameters<Parameters<typeof pushes>[0]>[0]) => {
      parts += queued.reduce((n, job) => n + job.parts.length, 0);
      return Promise.resolve([]);
    };
    const done: Array<{ ms: number; waiting: number; stops: number; jobs: number }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = lookUps;
      const started = performance.now();
      const result = await pushes(enqueue);
      done.push({ ms: performance.now() - started, waiting: result.waiting, stops: lookUps - before, jobs: result.jobs });
      clock.advance(30_000);
    }
    return done;
  }
  const every = await rounds(false);
  const gated = await rounds(true);
  const heapMb = process.memoryUsage().heapUsed / 1e6;
  const line = (name: string, done: Array<{ ms: number; waiting: number; stops: number; jobs: number }>) => {
    const steady = done.slice(1);
    const ms = median(steady.map((r) => r.ms));
    const stopsAsked = median(steady.map((r) => r.stops));
    console.log(
      `${name}: ${stopsAsked.toLocaleString('en')} stops looked up a round; first round ${done[0]!.ms.toFixed(0)} ms, then median ${ms.toFixed(0)} ms of its 30 s (${((ms / Math.max(1, stopsAsked)) * 1000).toFixed(0)} µs a stop) over ${steady.length} rounds`,
    );
  };
  console.log(
    `network: ${COPIES} copies of the demo network (${places.length.toLocaleString('en')} stops); its live feed at a weekday 08:00 in every copy, one trip in 20 it follows cancelled: ${changedTrips.trips.size} trips on ${changedRoutes.size} routes in the snapshot; ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions in SQLite`,
  );
  console.log(`waiting at 08:00: ${every[0]!.waiting.toLocaleString('en')} chats`);
  console.log(
    `who waits (waiting.ts): ${waitingMs[0]!.toFixed(0)} ms cold (an hour of minutes read from the index), then ${waitingMs[1]!.toFixed(0)} and ${waitingMs[2]!.toFixed(0)} ms`,
  );
  line('every waited-at stop asked', every);
  line('only stops waited at on a changed route (the product)', gated);
  console.log(
    `chats told in a round: ${every[0]!.jobs} asking every stop, ${gated[0]!.jobs} gated (the same changes; ${parts} parts over all ${ROUNDS * 2} rounds, queued again each round as nothing here delivers and marks them); heap after: ${heapMb.toFixed(0)} MB`,
  );
  await store.close();
  await timetable.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}

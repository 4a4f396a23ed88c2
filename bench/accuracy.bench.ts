// The bot's own accuracy figures: `npm run bench accuracy`.
// 1. A replay of consecutive snapshots recorded from the simulator (the demo network's trip
//    updates and vehicle positions every 30 s for two hours, made by src/sim as its server serves
//    them): the band scores and bus catch of its predictions. The simulator's buses keep the seeded
//    delay its feed announces, so its predictions come true by construction: the figures check the
//    recording end to end (a bus seen is matched to what was predicted), not a real agency.
// 2. City scale: 2,000 trips x 40 stops (full stop updates, one vehicle per trip, predictions
//    off by a lead-dependent error), what recording costs per refresh beside decoding the
//    snapshot, the calls it holds in memory, and its scores (of that synthetic error).
// 3. A 7-day window in the store (SQLite): 200 routes x 40 stops of counters for 7 days, the file's
//    size, the cost of one snapshot's write and of one /reliability read.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { bandName, type AccuracyIncrement } from '../src/domain/accuracy.js';
import { ETA_BANDS } from '../src/domain/eta-bands.js';
import { FeedMessageType } from '../src/gtfs-format/realtime-schema.js';
import { loadDemoNetwork } from '../src/sim/index.js';
import { demoTripUpdates } from '../src/sim/trip-updates.js';
import { demoVehiclePositions } from '../src/sim/vehicle-positions.js';
import { createAccuracyTracker } from '../src/sources/gtfs/realtime/accuracy-tracker.js';
import { decodeVehiclePositions } from '../src/sources/gtfs/realtime/decode-vehicles.js';
import { decodeTripUpdates } from '../src/sources/gtfs/realtime/decode.js';
import { openStore } from '../src/store/index.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Route-wide scores by band from the increments: share within, share caught. */
function scores(increments: readonly AccuracyIncrement[]): string {
  const sum = (counter: string) => increments.filter((i) => i.stop === undefined && i.counter === counter).reduce((n, i) => n + i.n, 0);
  const lines = ETA_BANDS.map((b) => {
    const band = bandName(b);
    const [scored, accurate, caught] = ['scored', 'accurate', 'caught'].map((c) => sum(`${c}:${band}`)) as [number, number, number];
    return `  ${band.padEnd(5)} min: ${String(scored).padStart(6)} scored, ${pct(accurate, scored)} within the band, bus catch ${pct(caught, scored)}`;
  });
  const all = ETA_BANDS.map((b) => bandName(b));
  const total = (c: string) => all.reduce((n, band) => n + sum(`${c}:${band}`), 0);
  lines.push(
    `  all      : ${String(total('scored')).padStart(6)} scored, ${pct(total('accurate'), total('scored'))} within, bus catch ${pct(total('caught'), total('scored'))}`,
  );
  lines.push(`  trips cancelled ${sum('cancelled')}, vanished ${sum('vanished')} (the vanish watch's, not run here)`);
  return lines.join('\n');
}
const pct = (part: number, whole: number) => (whole === 0 ? '  -  ' : `${((100 * part) / whole).toFixed(1).padStart(5)}%`);

// 1. The simulator's replay.
{
  const network = loadDemoNetwork();
  const start = Date.parse('2027-01-15T07:00:00-05:00');
  const tracker = createAccuracyTracker();
  const increments: AccuracyIncrement[] = [];
  const SNAPSHOTS = 240;
  for (let i = 0; i < SNAPSHOTS; i++) {
    const at = start + i * 30_000;
    increments.push(
      ...tracker.observe({
        trips: decodeTripUpdates(demoTripUpdates(network, at)),
        vehicles: decodeVehiclePositions(demoVehiclePositions(network, at)),
      }),
    );
  }
  console.log(`simulator replay: the demo network's trip updates and vehicle positions, ${SNAPSHOTS} snapshots 30 s apart from 07:00 (Ottawa)`);
  console.log('(its buses keep the delay its feed announces: predictions come true by construction; a check of the recording, not of an agency)');
  console.log(scores(increments));
}

// 2. City scale.
const TRIPS = 2_000;
const STOPS = 40;
const ROUTES = 200;
const STEP_S = 120;
const T0 = 1_800_000_000;

/** A trip's true time at a stop: spread over an 80-minute run, each trip late by its own few minutes. */
const trueAt = (trip: number, stop: number) => T0 - (trip % 80) * 60 + stop * STEP_S + ((trip * 37) % 300) - 60;
/** The feed's prediction made `lead` seconds ahead: off by up to a fifth of the lead, either way, by trip and stop. */
const predicted = (trip: number, stop: number, lead: number) =>
  Math.round(trueAt(trip, stop) + (((trip * 7 + stop * 13) % 41) / 20 - 1) * 0.2 * lead);

function citySnapshot(nowS: number): { trips: Uint8Array; vehicles: Uint8Array } {
  const tripEntities = [];
  const vehicleEntities = [];
  for (let trip = 0; trip < TRIPS; trip++) {
    const next = Array.from({ length: STOPS }, (_, s) => s).find((s) => trueAt(trip, s) >= nowS - 20);
    if (next === undefined) continue;
    const stopped = trueAt(trip, next) <= nowS;
    const tripId = `t${trip}`;
    const descriptor = { tripId, routeId: `r${trip % ROUTES}`, startDate: '20270115' };
    tripEntities.push({
      id: tripId,
      tripUpdate: {
        trip: descriptor,
        stopTimeUpdate: Array.from({ length: STOPS - next }, (_, k) => {
          const s = next + k;
          return {
            stopSequence: s + 1,
            stopId: `s${trip % ROUTES}-${s}`,
            arrival: { time: predicted(trip, s, Math.max(0, trueAt(trip, s) - nowS)) },
          };
        }),
      },
    });
    vehicleEntities.push({
      id: `v${trip}`,
      vehicle: {
        trip: descriptor,
        position: { latitude: 45.4, longitude: -75.7 },
        currentStopSequence: next + 1,
        stopId: `s${trip % ROUTES}-${next}`,
        currentStatus: stopped ? 1 : 2,
        timestamp: stopped ? trueAt(trip, next) : nowS,
      },
    });
  }
  const encode = (entity: unknown[]) =>
    FeedMessageType.encode(FeedMessageType.fromObject({ header: { gtfsRealtimeVersion: '2.0', timestamp: nowS }, entity })).finish();
  return { trips: encode(tripEntities), vehicles: encode(vehicleEntities) };
}

{
  const ROUNDS = 24;
  const snapshots = Array.from({ length: ROUNDS }, (_, i) => citySnapshot(T0 + i * 30));
  const tracker = createAccuracyTracker();
  const decodes: number[] = [];
  const observes: number[] = [];
  const increments: AccuracyIncrement[] = [];
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  let stopUpdates = 0;
  for (const bytes of snapshots) {
    let started = performance.now();
    const trips = decodeTripUpdates(bytes.trips);
    const vehicles = decodeVehiclePositions(bytes.vehicles);
    decodes.push(performance.now() - started);
    stopUpdates = trips.stopUpdates;
    started = performance.now();
    increments.push(...tracker.observe({ trips, vehicles }));
    observes.push(performance.now() - started);
  }
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(
    `\ncity scale: ${TRIPS} trips x ${STOPS} stops on ${ROUTES} routes (${stopUpdates} stop updates in a snapshot), ${ROUNDS} snapshots 30 s apart`,
  );
  console.log(`decode of a snapshot (trip updates and vehicle positions): ${median(decodes).toFixed(1)} ms (median)`);
  console.log(
    `recording it (the tracker's observe): ${median(observes).toFixed(1)} ms (median), ${(median(observes) / median(decodes)).toFixed(2)} of the decode`,
  );
  console.log(
    `calls held in memory: ${tracker.size}; heap after the run ${((heapAfter - heapBefore) / 1e6).toFixed(1)} MB above before it (the last snapshots decoded included)`,
  );
  console.log(`increments per refresh: ${Math.round(increments.length / ROUNDS)} (route-wide and per stop)`);
  console.log('scores of this synthetic feed (errors up to a fifth of the lead):');
  console.log(scores(increments));
}

// 3. Seven days of counters in SQLite.
{
  const dir = mkdtempSync(join(tmpdir(), 'accuracy-bench-'));
  try {
    const store = await openStore({ dataDir: dir, unsyncedWrites: true });
    const CITY_STOPS = 40;
    const fields = ETA_BANDS.flatMap((b) => ['scored', 'accurate', 'caught'].map((c) => `${c}:${bandName(b)}` as AccuracyIncrement['counter']));
    const started = performance.now();
    for (let day = 0; day < 7; day++) {
      const date = `2027-01-${String(9 + day).padStart(2, '0')}`;
      for (let route = 0; route < ROUTES; route++) {
        const increments: AccuracyIncrement[] = [
          { route: `r${route}`, counter: 'cancelled', n: 3 },
          { route: `r${route}`, counter: 'vanished', n: 1 },
        ];
        for (const counter of fields) {
          increments.push({ route: `r${route}`, counter, n: 50 });
          for (let s = 0; s < CITY_STOPS; s++) increments.push({ route: `r${route}`, stop: `s${route}-${s}`, counter, n: 2 });
        }
        await store.accuracy.add('city', date, increments, 8 * 86_400_000);
      }
    }
    const seeding = performance.now() - started;
    // One refresh's worth: what the city-scale replay brought per snapshot, spread over the routes.
    const refresh: AccuracyIncrement[] = Array.from({ length: 600 }, (_, i) => ({
      route: `r${i % ROUTES}`,
      stop: `s${i % ROUTES}-${i % CITY_STOPS}`,
      counter: 'scored:0-3',
      n: 1,
    }));
    const writes: number[] = [];
    const reads: number[] = [];
    const days = Array.from({ length: 7 }, (_, i) => `2027-01-${String(15 - i).padStart(2, '0')}`);
    for (let i = 0; i < 20; i++) {
      let t = performance.now();
      await store.accuracy.add('city', '2027-01-15', refresh, 8 * 86_400_000);
      writes.push(performance.now() - t);
      t = performance.now();
      await store.accuracy.read('city', days, [`r${i}`], [`s${i}-3`]);
      reads.push(performance.now() - t);
    }
    await store.close();
    const rows = 7 * ROUTES * (fields.length * (CITY_STOPS + 1) + 2);
    const bytes = ['arrivals-bot.sqlite', 'arrivals-bot.sqlite-wal']
      .map((f) => {
        try {
          return statSync(join(dir, f)).size;
        } catch {
          return 0;
        }
      })
      .reduce((a, b) => a + b, 0);
    console.log(
      `\n7 days in SQLite: ${ROUTES} routes x ${CITY_STOPS} stops, ${rows} counters (12 per stop and route, cancelled and vanished per route)`,
    );
    console.log(`seeded in ${(seeding / 1000).toFixed(1)} s; the file: ${(bytes / 1e6).toFixed(1)} MB`);
    console.log(
      `one refresh's write (600 increments): ${median(writes).toFixed(1)} ms; one /reliability read (7 days, a route at a stop): ${median(reads).toFixed(2)} ms (medians of 20)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

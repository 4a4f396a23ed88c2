// Our own estimate against the feed's predictions: `npm run bench estimate`. No real capture holds
// consecutive snapshots of trip updates and vehicle positions (/work/shared/data/gtfs-rt has one of
// each per agency), so the replay is recorded from the simulator: the demo network's TripUpdates
// and VehiclePositions every 30 s over 40 minutes of a weekday's morning rush (src/sim/trip-updates.ts,
// vehicle-positions.ts), read through two GTFS sources on the same clock: one with both feeds (the
// feed's predictions), one with the trip updates withheld (positions only: our estimates). At every
// snapshot each stop is asked; each time shown for a trip whose bus the simulator runs is scored
// against when that bus comes (the simulator's own timeline: schedule + the trip's delay) with
// Transit's bands and Cal-ITP's bus catch (src/domain/eta-bands.ts), on the same trips, stops and
// instants, beside the schedule's time on the same ones (what riders had without the estimate).
//   npx tsx bench/estimate.bench.ts [minutes]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import type { Trip } from '../src/domain/arrivals.js';
import { fixedClock } from '../src/domain/clock.js';
import { scorePrediction, BUS_CATCH_FLOOR } from '../src/domain/eta-bands.js';
import { addDays, dateKey } from '../src/gtfs-format/local-date.js';
import { serviceDayStartMs, wallClock } from '../src/gtfs-format/service-time.js';
import { tripOutlook } from '../src/sim/arrivals/live.js';
import { loadDemoNetwork } from '../src/sim/demo-network.js';
import { demoGtfsFiles, zipGtfs } from '../src/sim/gtfs-zip.js';
import { demoTripUpdates } from '../src/sim/trip-updates.js';
import { demoVehiclePositions } from '../src/sim/vehicle-positions.js';
import { createGtfsSource } from '../src/sources/gtfs/source.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

const MINUTES = Number(process.argv[2] ?? 40);
const STEP_MS = 30_000;
/** Wednesday 07:40 in Ottawa: every route runs, the peaks' extra trips included. */
const START = '2026-11-25T07:40:00-05:00';

const network = loadDemoNetwork();
const dir = mkdtempSync(join(tmpdir(), 'estimate-bench-'));
const zip = join(dir, 'gtfs.zip');
writeFileSync(zip, await zipGtfs(demoGtfsFiles(network)));
const tripPath = join(dir, 'trip-updates.pb');
const vehiclePath = join(dir, 'vehicle-positions.pb');

/** When each tracked trip's bus comes to each stop code, by the simulator's timeline: "code|route|direction|HH:MM" -> POSIX s. */
const truth = new Map<string, number | null>();
const routeNos = new Map(network.gtfs.routes.map((r) => [r.route_id ?? '', r.route_short_name ?? '']));
const hhmm = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;
const today = wallClock(Date.parse(START), network.timeZone);
for (const date of [addDays(today, -1), today]) {
  const dayStart = serviceDayStartMs(date, network.timeZone) / 1000;
  const active = network.calendar.activeOn(date);
  for (const trip of network.trips) {
    if (!active.has(trip.serviceId)) continue;
    const outlook = tripOutlook(trip, dateKey(date), network.fleet.get(trip.routeId) ?? []);
    if (!outlook.tracked) continue;
    for (const call of trip.calls) {
      const code = network.stopsById.get(call.stopId)?.code;
      const key = `${code}|${routeNos.get(trip.routeId)}|${trip.directionId}|${hhmm(trip.calls[0]!.seconds)}`;
      // Two trips that read alike (same route, way and start minute) are left out: neither can be told apart.
      truth.set(key, truth.has(key) ? null : dayStart + call.seconds + outlook.delaySeconds);
    }
  }
}

const now = fixedClock(START);
const logger = pino({ level: 'silent' });
const common = {
  schedule: { kind: 'file' as const, path: zip },
  vehiclePositions: { kind: 'file' as const, path: vehiclePath },
  refreshSeconds: 15,
  now,
  logger,
};
const feed = await createGtfsSource({ ...common, tripUpdates: { kind: 'file', path: tripPath }, dataDir: join(dir, 'feed') });
const ours = await createGtfsSource({ ...common, dataDir: join(dir, 'ours') });
await Promise.all([feed.refreshSchedule(), ours.refreshSchedule()]);

interface Tally {
  n: number;
  accurate: number;
  caught: number;
  absError: number;
  /** The bus came this much after the time said, summed (negative: before it). */
  error: number;
}
const tally = (): Tally => ({ n: 0, accurate: 0, caught: 0, absError: 0, error: 0 });
/** Each time said, scored in its own lead's band; none when any of them is outside the bands (over 15 min ahead). */
const scoreAll = (nowS: number, truthS: number, said: Array<[Tally, number]>) => {
  const outcomes = said.map(([, predictedS]) => scorePrediction(predictedS - nowS, truthS - predictedS));
  if (outcomes.some((o) => o === undefined)) return false;
  said.forEach(([t, predictedS], i) => {
    t.n += 1;
    t.accurate += outcomes[i]!.accurate ? 1 : 0;
    t.caught += outcomes[i]!.caught ? 1 : 0;
    t.absError += Math.abs(truthS - predictedS);
    t.error += truthS - predictedS;
  });
  return true;
};
const figures = { feed: tally(), ours: tally(), schedule: tally(), oursAlone: tally() };
let feedShown = 0;
let estimated = 0;
let asked = 0;
const started = performance.now();

const times = (answer: Awaited<ReturnType<typeof feed.nextTripsAllRoutes>>) => {
  const byKey = new Map<string, Trip>();
  for (const route of answer.routes)
    for (const trip of route.trips) byKey.set(`${answer.stopNo}|${route.routeNo}|${route.directionId}|${trip.startTime}`, trip);
  return byKey;
};
const instant = (trip: Trip) => trip.at!.getTime() / 1000;

for (let step = 0; step * STEP_MS < MINUTES * 60_000; step++) {
  const nowMs = now().getTime();
  const nowS = nowMs / 1000;
  writeFileSync(tripPath, demoTripUpdates(network, nowMs));
  writeFileSync(vehiclePath, demoVehiclePositions(network, nowMs));
  for (const code of network.stopCodes.keys()) {
    const [withFeed, withoutFeed] = await Promise.all([feed.nextTripsAllRoutes(code), ours.nextTripsAllRoutes(code)]);
    asked += 2;
    const estimates = times(withoutFeed);
    for (const [key, trip] of times(withFeed)) {
      const truthS = truth.get(key);
      if (truthS === undefined || truthS === null || truthS < nowS) continue;
      const mine = estimates.get(key);
      if (mine?.trust === 'estimated') scoreAll(nowS, truthS, [[figures.oursAlone, instant(mine)]]);
      if ((trip.trust !== 'tracked' && trip.trust !== 'predicted') || scorePrediction(instant(trip) - nowS, 0) === undefined) continue;
      feedShown += 1;
      if (mine?.trust !== 'estimated' || trip.delaySeconds === undefined) continue;
      if (
        !scoreAll(nowS, truthS, [
          [figures.feed, instant(trip)],
          [figures.ours, instant(mine)],
        ])
      )
        continue;
      estimated += 1;
      // The schedule's time on the same ones, where it is still ahead (a late bus's is often past: left out).
      scoreAll(nowS, truthS, [[figures.schedule, instant(trip) - trip.delaySeconds]]);
    }
  }
  now.advance(STEP_MS);
}
const elapsed = performance.now() - started;
await Promise.all([feed.close(), ours.close()]);
rmSync(dir, { recursive: true, force: true });

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`);
const line = (name: string, t: Tally) =>
  `${name.padEnd(48)} ${String(t.n).padStart(6)}  ${pct(t.accurate, t.n).padStart(7)}  ${pct(t.caught, t.n).padStart(7)}  ${mean(t.absError, t.n).padStart(5)} s  ${mean(t.error, t.n).padStart(5)} s`;
const mean = (sum: number, n: number) => (n === 0 ? '0' : (sum / n).toFixed(0));
console.log(
  `replay: the simulator's demo network (recorded, no real capture has consecutive snapshots), ${MINUTES} min from ${START}, ` +
    `a snapshot every ${STEP_MS / 1000} s, ${network.stopCodes.size} stops asked at each (${asked} answers in ${(elapsed / 1000).toFixed(1)} s)`,
);
console.log(
  `the feed's predictions within 15 min of a bus not yet come: ${feedShown}; with our estimate (within 15 min too) for the same trip, stop and instant: ${estimated} (${pct(estimated, feedShown)})`,
);
console.log(
  `${'on the same trips, stops and instants'.padEnd(48)} ${'n'.padStart(6)}  ${'in band'.padStart(7)}  ${'catch'.padStart(7)}  |error|  came later by`,
);
console.log(line("the feed's own predictions", figures.feed));
console.log(line('our estimate, trip updates withheld', figures.ours));
console.log(line("the schedule's time, where still ahead", figures.schedule));
console.log(line('every estimate of ours within 15 min', figures.oursAlone));
console.log(
  `Cal-ITP's floor is ${BUS_CATCH_FLOOR * 100}% bus catch. The simulator's buses keep one delay per trip and its trip updates carry it, ` +
    `so its predictions are exact by construction (the ceiling); its fixes are stamped their age (12-60 s, now and then 1-3 min) ` +
    `before the place they give, which reads every bus that much earlier on its trip than a real tracker's fix would.`,
);

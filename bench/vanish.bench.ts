// Vanished trips at city scale: `npm run bench vanish`. A TripUpdates feed of 1,500 trips with 40
// stop updates each (2 minutes apart, the trips at every stage of their runs), and the next
// snapshot with 5% of the trips gone: what comparing a snapshot with the last costs beside decoding
// it (medians over rounds; the machine is shared), and how many calls the memory holds.
import { performance } from 'node:perf_hooks';
import { FeedMessageType } from '../src/gtfs-format/realtime-schema.js';
import { decodeTripUpdates } from '../src/sources/gtfs/realtime/decode.js';
import { createVanishWatch } from '../src/sources/gtfs/realtime/vanished-trips.js';

const TRIPS = 1_500;
const STOPS = 40;
const ROUNDS = 30;
const T0 = 1_800_000_000;

function feedBytes(timestamp: number, keep: (trip: number) => boolean): Uint8Array {
  const entity = [];
  for (let trip = 0; trip < TRIPS; trip++) {
    if (!keep(trip)) continue;
    // Trips spread over the 80 minutes of a run: some near its start, some near its end.
    const start = T0 - (trip % 80) * 60;
    entity.push({
      id: `t${trip}`,
      tripUpdate: {
        trip: { tripId: `t${trip}`, startDate: '20270115' },
        stopTimeUpdate: Array.from({ length: STOPS }, (_, s) => ({
          stopSequence: s + 1,
          stopId: `s${trip % 300}-${s}`,
          arrival: { time: start + s * 120 },
        })),
      },
    });
  }
  return FeedMessageType.encode(FeedMessageType.fromObject({ header: { gtfsRealtimeVersion: '2.0', timestamp: timestamp }, entity })).finish();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const first = decodeTripUpdates(feedBytes(T0, () => true));
const bytes = feedBytes(T0 + 30, (trip) => trip % 20 !== 0);
const decodes: number[] = [];
const observes: number[] = [];
let watch = createVanishWatch();
for (let round = 0; round < ROUNDS; round++) {
  let started = performance.now();
  const second = decodeTripUpdates(bytes);
  decodes.push(performance.now() - started);
  watch = createVanishWatch();
  watch.observe(first, undefined);
  started = performance.now();
  watch.observe(second, undefined);
  observes.push(performance.now() - started);
}
const vanished = Array.from({ length: TRIPS }, (_, trip) => trip).filter((trip) =>
  Array.from({ length: STOPS }, (_, s) => watch.vanished(`t${trip}`, '20270115', { stopId: `s${trip % 300}-${s}`, stopSequence: s + 1 })).some(
    (found) => found !== undefined,
  ),
).length;
console.log(`feed: ${TRIPS} trips x ${STOPS} stop updates, ${(bytes.length / 1e6).toFixed(2)} MB; next snapshot without ${TRIPS / 20} of them`);
console.log(`decode of a snapshot: ${median(decodes).toFixed(1)} ms (median of ${ROUNDS})`);
console.log(
  `comparing it with the last (observe): ${median(observes).toFixed(2)} ms, ${(median(observes) / median(decodes)).toFixed(3)} of the decode`,
);
console.log(`calls remembered after it: ${watch.size} (of ${TRIPS * STOPS} stop updates); trips vanished: ${vanished}`);

// One poll per feed for a fleet: `npm run bench shared-polls`. A city's TripUpdates (1,500 trips,
// 40 stop updates each) served by a local agency that honours ETag and counts requests; 1, 2 and 3
// instances on the machine's Redis (REDIS_URL, else 127.0.0.1:6379) read it each interval, as
// riders and the pushes' half-minute round do. Printed: the agency's requests per interval (goal:
// 1 whatever the number of instances), the bytes it sent, and what an interval costs the
// instances (the poller's request and publish, the others' read from Redis and decode).
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@keyv/redis';
import { systemClock } from '../src/domain/clock.js';
import { FeedMessageType } from '../src/gtfs-format/realtime-schema.js';
import { createRealtimePoller } from '../src/sources/gtfs/realtime/poller.js';
import { openStore } from '../src/store/index.js';
import { createLogger } from '../src/log.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const INTERVAL_MS = 1_000;
const INTERVALS = 4;

function cityFeed(timestamp: number): Uint8Array {
  const entity = Array.from({ length: 1_500 }, (_, trip) => ({
    id: `t${trip}`,
    tripUpdate: {
      trip: { tripId: `t${trip}`, startDate: '20270115' },
      stopTimeUpdate: Array.from({ length: 40 }, (_, s) => ({
        stopSequence: s + 1,
        stopId: `s${trip % 300}-${s}`,
        arrival: { time: timestamp + s * 120 },
      })),
    },
  }));
  return FeedMessageType.encode(FeedMessageType.fromObject({ header: { gtfsRealtimeVersion: '2.0', timestamp }, entity })).finish();
}

let body = cityFeed(Math.floor(Date.now() / 1000));
const sent = { requests: 0, bytes: 0 };
const server = createServer((req, res) => {
  sent.requests += 1;
  const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
  if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
  sent.bytes += body.byteLength;
  res.writeHead(200, { etag }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/TripUpdates`;

const probe = createClient({ url: REDIS_URL, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
probe.on('error', () => undefined);
const redisAnswers = await probe.connect().then(
  () => true,
  () => false,
);
if (!redisAnswers) {
  console.log(`Redis does not answer at ${REDIS_URL}: nothing measured.`);
  server.close();
  process.exit(0);
}

const namespace = `bench-shared-polls-${randomUUID().slice(0, 8)}`;
const dir = mkdtempSync(join(tmpdir(), 'bench-shared-polls-'));
const logger = createLogger('error');
console.log(`TripUpdates of ${(body.byteLength / 1e6).toFixed(2)} MB, a new one every other interval; interval ${INTERVAL_MS} ms`);
console.log('instances | agency requests per interval | MB sent by the agency | interval, slowest instance (ms)');
for (const [count, shared] of [
  [1, true],
  [2, true],
  [3, true],
  [3, false],
] as const) {
  const stores = await Promise.all(
    Array.from({ length: count }, () => openStore({ dataDir: dir, namespace: `${namespace}-${count}-${shared}`, redisUrl: REDIS_URL })),
  );
  const pollers = stores.map((store, i) =>
    createRealtimePoller({
      location: { kind: 'url', url },
      headers: {},
      refreshMs: INTERVAL_MS,
      now: systemClock,
      logger,
      ...(shared ? { share: { polls: store.pollShare!, feed: 'bench:trip-updates', holder: `instance-${i}` } } : {}),
    }),
  );
  const perInterval: number[] = [];
  const slowest: number[] = [];
  const bytesBefore = sent.bytes;
  for (let i = 0; i < INTERVALS; i++) {
    if (i % 2 === 1) body = cityFeed(Math.floor(Date.now() / 1000));
    const before = sent.requests;
    const times = await Promise.all(
      pollers.map(async (poller) => {
        const start = performance.now();
        await poller.read();
        return performance.now() - start;
      }),
    );
    perInterval.push(sent.requests - before);
    slowest.push(Math.max(...times));
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS + 50));
  }
  console.log(
    `${count}${shared ? '' : ', each alone'} | ${perInterval.join(', ')} | ${((sent.bytes - bytesBefore) / 1e6).toFixed(2)} | ${slowest.map((ms) => ms.toFixed(0)).join(', ')}`,
  );
  await Promise.all(stores.map((store) => store.close()));
}
for await (const keys of probe.scanIterator({ MATCH: `${namespace}*`, COUNT: 1000 })) if (keys.length > 0) await probe.del(keys);
await probe.close();
server.close();
rmSync(dir, { recursive: true, force: true });

// One poll per feed for a fleet: three instances on one Redis read the same trip updates each
// interval, and the agency (a local server counting requests, honouring ETag) is asked once per
// interval whatever the number of instances; an unchanged feed answers 304 and is not decoded
// again; the instance that polls dies and another takes over once its lease runs out; a refusal
// is every instance's failure, still one request per interval.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.js';
import { createRealtimePoller, type RealtimePoller } from '../../src/sources/gtfs/realtime/poller.js';
import { decodeInSlices } from '../../src/sources/gtfs/realtime/sliced-decode.js';
import { systemClock } from '../../src/domain/clock.js';
import type { PollShare } from '../../src/domain/poll-share.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../support/redis.js';
import { capturingLogger, encodeFeed, tempDir } from './gtfs/helpers.js';

const INTERVAL_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function feedAt(seconds: number, tripId = 'T1'): Uint8Array {
  return encodeFeed({
    header: { gtfsRealtimeVersion: '2.0', timestamp: seconds },
    entity: [{ id: tripId, tripUpdate: { trip: { tripId }, stopTimeUpdate: [{ stopSequence: 1, arrival: { time: seconds + 300 } }] } }],
  });
}

/** The agency: one feed at a time, ETag-validated; every request counted by what it answered. */
async function agency() {
  let body = feedAt(Math.floor(Date.now() / 1000));
  let refusing = false;
  const answered = { ok: 0, notModified: 0, refused: 0 };
  const server: Server = createServer((req, res) => {
    if (refusing) {
      answered.refused += 1;
      res.writeHead(503).end();
      return;
    }
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (req.headers['if-none-match'] === etag) {
      answered.notModified += 1;
      res.writeHead(304, { etag }).end();
      return;
    }
    answered.ok += 1;
    res.writeHead(200, { etag, 'content-type': 'application/x-protobuf' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/TripUpdates`,
    answered,
    requests: () => answered.ok + answered.notModified + answered.refused,
    publish: (next: Uint8Array) => void (body = next),
    refuse: (on: boolean) => void (refusing = on),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeRedis('one poll per feed across instances', () => {
  let namespace: string;
  let dir: ReturnType<typeof tempDir>;
  let stores: Store[];
  let server: Awaited<ReturnType<typeof agency>>;

  beforeEach(async () => {
    namespace = freshNamespace('shared-polls');
    dir = tempDir();
    server = await agency();
    stores = await Promise.all([0, 1, 2].map(() => openStore({ dataDir: dir.path, namespace, redisUrl: REDIS_URL })));
  });
  afterEach(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await server.close();
    await deleteNamespace(namespace);
    dir.remove();
  });

  function instances(count: number, refreshMs = INTERVAL_MS) {
    const decodes = Array.from({ length: count }, () => 0);
    const leases = { last: -1 };
    const sharing = (store: Store, i: number): PollShare => ({
      ...store.pollShare!,
      lease: async (feed, holder, ms) => {
        const taken = await store.pollShare!.lease(feed, holder, ms);
        if (taken) leases.last = i;
        return taken;
      },
    });
    const pollers = stores.slice(0, count).map((store, i): RealtimePoller =>
      createRealtimePoller({
        location: { kind: 'url', url: server.url },
        headers: {},
        refreshMs,
        timeoutMs: 1_000,
        now: systemClock,
        logger: capturingLogger().logger,
        share: { polls: sharing(store, i), feed: 'default:trip-updates:test', holder: `instance-${i}` },
        decode: (bytes, slicing) => {
          decodes[i]! += 1;
          return decodeInSlices(bytes, slicing);
        },
      }),
    );
    return { pollers, decodes, leases };
  }

  /** Agency requests in each of `intervals` intervals, every poller reading at once in each. */
  async function requestsPerInterval(pollers: readonly RealtimePoller[], intervals: number): Promise<number[]> {
    const counts: number[] = [];
    for (let i = 0; i < intervals; i += 1) {
      const before = server.requests();
      const readings = await Promise.all(pollers.map((poller) => poller.read()));
      expect(readings.map((r) => r.status)).toEqual(pollers.map(() => 'live'));
      counts.push(server.requests() - before);
      await sleep(INTERVAL_MS + 20);
    }
    return counts;
  }

  it('asks the agency once per interval with 1, 2 or 3 instances', async () => {
    for (const count of [1, 2, 3]) {
      const { pollers } = instances(count);
      expect(await requestsPerInterval(pollers, 2)).toEqual([1, 1]);
    }
  });

  it('decodes an unchanged feed once per instance: the agency answers 304, a new feed is read by all', async () => {
    const { pollers, decodes } = instances(3);
    await requestsPerInterval(pollers, 3);
    expect(server.answered.ok).toBe(1);
    expect(server.answered.notModified).toBeGreaterThanOrEqual(2);
    expect(decodes).toEqual([1, 1, 1]);
    const later = Math.floor(Date.now() / 1000) + 1;
    server.publish(feedAt(later, 'T2'));
    await requestsPerInterval(pollers, 1);
    const readings = await Promise.all(pollers.map((poller) => poller.read()));
    expect(readings.map((r) => r.feed?.timestamp)).toEqual([later, later, later]);
    expect(decodes).toEqual([2, 2, 2]);
  });

  it('when the polling instance dies, the survivors are answered by one of them taking its lease', async () => {
    const { pollers, leases } = instances(3);
    await Promise.all(pollers.map((poller) => poller.read()));
    const holder = leases.last;
    const survivors = pollers.filter((_, i) => i !== holder);
    expect(survivors).toHaveLength(2);
    await sleep(INTERVAL_MS + 20);
    // The dead instance's lease runs out within its request's deadline; the survivors ask once between them.
    expect(await requestsPerInterval(survivors, 2)).toEqual([1, 1]);
  });

  it('an instance that read another’s poll asks again an interval after that poll, not after its read', async () => {
    const { pollers, leases } = instances(2);
    await pollers[0]!.read();
    expect(leases.last).toBe(0);
    await sleep(INTERVAL_MS * 0.6);
    const before = server.requests();
    // The second instance reads the first one's poll, 0.6 of an interval old, without asking.
    expect((await pollers[1]!.read()).status).toBe('live');
    expect(server.requests()).toBe(before);
    // The first dies; 1.1 intervals after its poll the second asks in its place (its own read was
    // only half an interval ago): the fleet's feed is never more than an interval old.
    await sleep(INTERVAL_MS * 0.5);
    await pollers[1]!.read();
    expect(server.requests()).toBe(before + 1);
    expect(leases.last).toBe(1);
  });

  it('a refusal is every instance’s failure, still asked once per interval', async () => {
    const { pollers } = instances(3);
    server.refuse(true);
    const before = server.requests();
    await Promise.all(pollers.map((poller) => poller.read()));
    expect(server.requests() - before).toBe(1);
    expect(pollers.map((poller) => poller.problem?.kind)).toEqual(['http', 'http', 'http']);
    expect(pollers.map((poller) => poller.problem?.status)).toEqual([503, 503, 503]);
  });
});

describe('one instance alone', () => {
  it('asks conditionally: an unchanged feed answers 304 and is not decoded again', async () => {
    const server = await agency();
    let decodes = 0;
    const poller = createRealtimePoller({
      location: { kind: 'url', url: server.url },
      headers: {},
      refreshMs: 50,
      now: systemClock,
      logger: capturingLogger().logger,
      decode: (bytes, slicing) => {
        decodes += 1;
        return decodeInSlices(bytes, slicing);
      },
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await poller.read()).status).toBe('live');
        await sleep(60);
      }
      expect(server.answered).toEqual({ ok: 1, notModified: 2, refused: 0 });
      expect(decodes).toBe(1);
    } finally {
      await server.close();
    }
  });
});

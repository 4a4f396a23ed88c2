// The disruption pushes after the feed changed, through the product's own path:
// `npm run bench disruption-pushes`. 20,000 chats in SQLite (a temp DATA_DIR), each watching 5
// places of a 6,000-stop network (4 saved stops, a subscription to a route at a stop: 100,000
// watches); the source is the real one's disruption side (sources/with-disruptions.ts: its
// Service Alerts feed, matched through a PlaceResolver over the network), 200 active disruptions
// (route-at-stop pairs, routes, stops). Measured in the same run, on the same store and source:
// the pushes as they were (bench/lib/scan-every-chat.ts: every chat's records streamed from the
// store, the source asked once per watched place) against the product's (src/pushes/disruptions/:
// the watch list in memory, each disruption matched once against every watched place). For each: the first
// look (every disruption new), then one disruption changing (the others already sent), then the
// next change with everything sent. Then the worst case for memory: 10,000 disruptions of the
// whole network (each touches every stop) and 2,000 chats watching: the heap the look takes at
// most, and what it built (sent marks read, pushes rendered).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createDisruptionPushes, type DisruptionPushes } from '../src/pushes/disruptions/disruption-pushes.js';
import type { AlertJob } from '../src/pushes/delivery/job.js';
import { fixedClock } from '../src/domain/clock.js';
import type { Disruption, InformedEntity } from '../src/domain/disruption.js';
import type { Place, PlaceResolver } from '../src/domain/disruption-match.js';
import type { TransitSource } from '../src/domain/transit-source.js';
import { openStore, type Store } from '../src/store/index.js';
import { withDisruptions } from '../src/sources/with-disruptions.js';
import type { DisruptionFeed } from '../src/sources/disruption-feed.js';
import { createScanEveryChat } from './lib/scan-every-chat.js';
import { chatTypeOf } from '../src/chat/platforms.js';

const STOPS = 6_000;
const ROUTES = 200;
const CHATS = 20_000;
const SAVED_PER_CHAT = 4;
const DISRUPTIONS = 200;
const clock = fixedClock('2026-11-18T13:00:00Z');

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (n: number) => Math.floor(random() * n);

const places: Place[] = Array.from({ length: STOPS }, (_, s) => ({
  stopIds: new Set([`s${s}`]),
  stopCode: String(1000 + s),
  routes: Array.from({ length: 1 + pick(4) }, () => {
    const r = pick(ROUTES);
    return { routeId: `r${r}`, routeNo: String(r), agencyId: 'agency' };
  }),
  routesKnown: true,
}));
/** The network as the schedule answers the matcher: a stop (and one route there), a route. */
const resolver: PlaceResolver & { asked: number } = {
  asked: 0,
  stop(code, route) {
    resolver.asked++;
    const place = places[Number(code) - 1000];
    if (place === undefined) return Promise.resolve(undefined);
    return Promise.resolve(route === undefined ? place : { ...place, routes: place.routes.filter((r) => r.routeNo === route) });
  },
  route: (text) => Promise.resolve({ stopIds: new Set(), routes: [{ routeId: `r${text}`, routeNo: text, agencyId: 'agency' }], routesKnown: true }),
  agencies: () => Promise.resolve({ ids: new Set(['agency']) }),
};
function entities(i: number): InformedEntity[] {
  const s = pick(STOPS);
  if (i % 4 === 0) return [{ routeId: `r${pick(ROUTES)}` }];
  if (i % 4 === 1) return [{ stopId: `s${s}` }];
  return places[s]!.routes.map((r) => ({ routeId: r.routeId!, stopId: `s${s}` }));
}
let disruptions: Disruption[] = Array.from({ length: DISRUPTIONS }, (_, i) => ({
  id: `d${i}`,
  version: 'v1',
  effect: 'detour',
  cause: 'unknown',
  severity: 'unknown',
  header: [{ language: 'en', text: `Disruption ${i}` }],
  description: [],
  entities: entities(i),
  periods: [],
}));
const feed: DisruptionFeed = { requests: 0, read: () => Promise.resolve({ status: 'ok', disruptions }) };
const notAsked = () => Promise.reject(new Error('not asked by the pushes'));
/** A source that answers nothing but its disruptions (the pushes ask nothing else). */
const bare = {
  identifiers: { readStop: notAsked, readRoute: notAsked },
  profile: notAsked,
  routeSummary: notAsked,
  nextTrips: notAsked,
  nextTripsAllRoutes: notAsked,
  stopDetails: notAsked,
} as unknown as TransitSource;
/** The source's disruption side as the product opens it. */
const source = (): TransitSource => withDisruptions(bare, [feed], resolver, { now: clock });

const reply = { title: 'disruption', blocks: [], kind: 'answer' as const };
const pushesOver = (store: Store, transit: TransitSource, make: typeof createDisruptionPushes) =>
  make({
    transit,
    savedStops: store.savedStops,
    subscriptions: store.subscriptions,
    changes: store,
    chats: store.chats,
    claims: store.claims,
    core: { disruptionReply: () => Promise.resolve(reply) },
    platforms: new Set(['telegram']),
    chatTypeOf,
    clock,
    logger: pino({ level: 'silent' }),
    instance: 'bench',
  });

const roots: string[] = [];
/** A store of its own, the same chats and watches in it (the same draws). */
async function seededStore(): Promise<Store> {
  const root = mkdtempSync(join(tmpdir(), 'arrivals-bench-pushes-'));
  roots.push(root);
  const store = await openStore({ dataDir: root, unsyncedWrites: true });
  seed = 1234;
  for (let i = 0; i < CHATS; i += 500)
    await Promise.all(
      Array.from({ length: Math.min(500, CHATS - i) }, async (_, j) => {
        const chatId = String(i + j);
        const stops = Array.from({ length: SAVED_PER_CHAT + 1 }, () => places[pick(STOPS)]!);
        for (let slot = 0; slot < SAVED_PER_CHAT; slot++)
          await store.keyv.set(`chat:telegram:${chatId}:stops:slot:${slot}`, JSON.stringify({ stopNo: stops[slot]!.stopCode, savedAt: 1 }));
        await store.subscriptions.add(
          {
            id: 'a1',
            chat: { platform: 'telegram', chatId, chatType: 'private' },
            stopNo: stops[SAVED_PER_CHAT]!.stopCode!,
            routeNo: stops[SAVED_PER_CHAT]!.routes[0]!.routeNo!,
            schedule: { kind: 'at', minute: 450, days: [1, 2, 3, 4, 5] },
            timeZone: 'America/Toronto',
            createdAt: '2026-01-01T00:00:00.000Z',
          },
          10,
        );
      }),
    );
  return store;
}

try {
  const original = disruptions;
  const figures: number[][] = [];
  for (const [name, make] of [
    ['before (every chat streamed from the store, the source asked per place)', createScanEveryChat as typeof createDisruptionPushes],
    ['after (the watch list in memory, each disruption matched once)', createDisruptionPushes],
  ] as const) {
    disruptions = original;
    const store = await seededStore();
    if (figures.length === 0) {
      const streamStart = performance.now();
      let watches = 0;
      for await (const _ of store.savedStops.everySaved()) watches++;
      for await (const _ of store.subscriptions.every()) watches++;
      const streamMs = performance.now() - streamStart;
      console.log(
        `chats ${CHATS.toLocaleString('en')} (SQLite), watches ${watches.toLocaleString('en')} (${SAVED_PER_CHAT} saved stops and a route at a stop each), stops ${STOPS.toLocaleString('en')}, active disruptions ${DISRUPTIONS}`,
      );
      console.log(`the store's stream of every chat's records alone: ${streamMs.toFixed(0)} ms`);
    }
    const pushes = pushesOver(store, source(), make);
    resolver.asked = 0;
    const first = await timed(pushes);
    await markSent(store, first.jobs);
    const askedFirst = resolver.asked;
    // One disruption changes (its text: a new version); every other one was sent already.
    disruptions = original.map((d) => (d.id === 'd2' ? { ...d, version: 'v2' } : d));
    resolver.asked = 0;
    const one = await timed(pushes);
    await markSent(store, one.jobs);
    const askedOne = resolver.asked;
    disruptions = [...disruptions, { ...original[1]!, id: 'extra', entities: [{ stopId: 'nowhere' }] }];
    const none = await timed(pushes);
    await pushes.letGo();
    await store.close();
    figures.push([first.ms, one.ms, none.ms]);
    console.log(`${name}:`);
    console.log(
      `  first look, all ${DISRUPTIONS} new: ${first.ms.toFixed(0)} ms; ${first.jobs.length.toLocaleString('en')} chats, ${parts(first.jobs).toLocaleString('en')} pushes; places asked of the schedule ${askedFirst.toLocaleString('en')}`,
    );
    console.log(
      `  one disruption changed: ${one.ms.toFixed(0)} ms; ${one.jobs.length.toLocaleString('en')} chats, ${parts(one.jobs).toLocaleString('en')} pushes; places asked of the schedule ${askedOne.toLocaleString('en')}`,
    );
    console.log(`  the next change, everything sent: ${none.ms.toFixed(0)} ms, ${none.jobs.length} jobs`);
  }
  const [before, after] = figures as [number[], number[]];
  console.log(
    `before/after: first look ${(before[0]! / after[0]!).toFixed(1)}x, one changed ${(before[1]! / after[1]!).toFixed(1)}x, nothing to send ${(before[2]! / after[2]!).toFixed(1)}x (goal: a change reaches its chats in under 200 ms)`,
  );
} finally {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
}

async function markSent(store: Store, jobs: AlertJob[]): Promise<void> {
  for (const job of jobs) await Promise.all(job.parts.map((p) => store.claims.claim(p.key, 'sent')));
}

function parts(jobs: AlertJob[]): number {
  return jobs.reduce((n, j) => n + j.parts.length, 0);
}

async function timed(pushes: DisruptionPushes): Promise<{ ms: number; jobs: AlertJob[] }> {
  const start = performance.now();
  const jobs = await lookOnce(pushes);
  return { ms: performance.now() - start, jobs };
}

await networkWide();

/** 10,000 agency-wide disruptions (the feed's limit) and 2,000 chats, one saved stop each. */
async function networkWide(): Promise<void> {
  const WIDE = 10_000;
  const WATCHERS = 2_000;
  const wide: Disruption[] = Array.from({ length: WIDE }, (_, i) => ({
    ...disruptions[0]!,
    id: `w${i}`,
    severity: (['info', 'warning', 'severe', 'unknown'] as const)[i % 4]!,
    header: [{ language: 'en', text: `Network disruption ${i}` }],
    entities: [{ agencyId: 'agency' }],
  }));
  // The product's source side over a feed carrying them.
  const wideFeed: DisruptionFeed = { requests: 0, read: () => Promise.resolve({ status: 'ok', disruptions: wide }) };
  const wideSource = withDisruptions(bare, [wideFeed], resolver, { now: clock });
  const dir = mkdtempSync(join(tmpdir(), 'arrivals-bench-pushes-wide-'));
  try {
    const store = await openStore({ dataDir: dir, unsyncedWrites: true });
    for (let i = 0; i < WATCHERS; i += 500)
      await Promise.all(
        Array.from({ length: Math.min(500, WATCHERS - i) }, (_, j) =>
          store.keyv.set(`chat:telegram:${i + j}:stops:slot:0`, JSON.stringify({ stopNo: String(1000 + ((i + j) % STOPS)), savedAt: 1 })),
        ),
      );
    let marksRead = 0;
    let rendered = 0;
    const pushes = createDisruptionPushes({
      transit: wideSource,
      savedStops: store.savedStops,
      subscriptions: store.subscriptions,
      chats: store.chats,
      claims: {
        ...store.claims,
        holder: (key) => (key.startsWith('disruptions:sent:') && marksRead++, store.claims.holder(key)),
        holders: (keys) => ((marksRead += keys.filter((key) => key.startsWith('disruptions:sent:')).length), store.claims.holders!(keys)),
      },
      core: { disruptionReply: () => (rendered++, Promise.resolve(reply)) },
      platforms: new Set(['telegram']),
      chatTypeOf,
      clock,
      logger: pino({ level: 'silent' }),
      instance: 'bench',
    });
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = heapBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
    const lookStart = performance.now();
    const jobs = await lookOnce(pushes);
    const lookMs = performance.now() - lookStart;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    await store.close();
    const pairs = WIDE * WATCHERS;
    console.log(
      `network-wide: ${WIDE.toLocaleString('en')} disruptions x ${WATCHERS.toLocaleString('en')} chats (${pairs.toLocaleString('en')} pairs): ` +
        `heap ${(heapBefore / 1024 / 1024).toFixed(0)} MB before, ${(peak / 1024 / 1024).toFixed(0)} MB at most (+${((peak - heapBefore) / 1024 / 1024).toFixed(1)} MB); ` +
        `${lookMs.toFixed(0)} ms; ${jobs.length.toLocaleString('en')} jobs, ${rendered.toLocaleString('en')} pushes rendered, ` +
        `${marksRead.toLocaleString('en')} sent marks read (${((marksRead / pairs) * 100).toFixed(2)}% of the pairs)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One look of the pushes: the jobs it queues (taken as safe at once, as BullMQ would). */
async function lookOnce(pushes: DisruptionPushes): Promise<AlertJob[]> {
  const jobs: AlertJob[] = [];
  await pushes((batch) => {
    jobs.push(...batch);
    return Promise.resolve(batch.map(() => ({ state: 'queued' as const, handled: Promise.resolve() })));
  });
  return jobs;
}

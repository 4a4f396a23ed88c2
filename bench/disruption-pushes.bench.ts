// One look of the disruption pushes after the feed changed: `npm run bench disruption-pushes`.
// 20,000 chats in SQLite (a temp DATA_DIR), each with one saved stop of a 6,000-stop network,
// 200 active disruptions (route-at-stop pairs, routes, stops); every chat's records streamed from
// the store, each distinct stop asked once of a source matching with the real matcher, the "sent"
// marks read, one job per touched chat. Reported: the whole look, the store's stream alone, the
// heap it took; then a second look after every job was marked sent (nothing to queue).
// Then the worst case for memory: 10,000 disruptions of the whole network (each touches every
// stop) and 2,000 chats watching: the heap the look takes at most, and what it built (sent marks
// read, pushes rendered).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createDisruptionPushes, type DisruptionPushes } from '../src/alerts/disruption-pushes.js';
import type { AlertJob } from '../src/alerts/occurrence.js';
import { fixedClock } from '../src/domain/clock.js';
import { compareBySeverity, type Disruption, type DisruptionQuery, type DisruptionReading, type InformedEntity } from '../src/domain/disruption.js';
import { disruptionAffects, type Place } from '../src/domain/disruption-match.js';
import { openStore } from '../src/store/index.js';

const STOPS = 6_000;
const ROUTES = 200;
const CHATS = 20_000;
const DISRUPTIONS = 200;

let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = (n: number) => Math.floor(random() * n);

const places: Place[] = Array.from({ length: STOPS }, (_, s) => ({
  stopIds: new Set([`s${s}`]),
  stopCode: String(1000 + s),
  routes: Array.from({ length: 1 + pick(4) }, () => ({ routeId: `r${pick(ROUTES)}`, routeNo: String(pick(ROUTES)), agencyId: 'agency' })),
  routesKnown: true,
}));
function entities(i: number): InformedEntity[] {
  const s = pick(STOPS);
  if (i % 4 === 0) return [{ routeId: `r${pick(ROUTES)}` }];
  if (i % 4 === 1) return [{ stopId: `s${s}` }];
  return places[s]!.routes.map((r) => ({ routeId: r.routeId!, stopId: `s${s}` }));
}
const disruptions: Disruption[] = Array.from({ length: DISRUPTIONS }, (_, i) => ({
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
const agencies = { ids: new Set(['agency']) };
const transit = {
  disruptions(query: DisruptionQuery): Promise<DisruptionReading> {
    if (query.stop === undefined) return Promise.resolve({ status: 'ok', disruptions });
    const place = places[Number(query.stop) - 1000]!;
    return Promise.resolve({ status: 'ok', disruptions: disruptions.filter((d) => disruptionAffects(d, place, agencies)) });
  },
};

const root = mkdtempSync(join(tmpdir(), 'arrivals-bench-pushes-'));
try {
  const store = await openStore({ dataDir: root, unsyncedWrites: true });
  for (let i = 0; i < CHATS; i += 500)
    await Promise.all(
      Array.from({ length: Math.min(500, CHATS - i) }, (_, j) =>
        store.keyv.set(`chat:telegram:${i + j}:stops:slot:0`, JSON.stringify({ stopNo: String(1000 + pick(STOPS)), savedAt: 1 })),
      ),
    );

  const streamStart = performance.now();
  let streamed = 0;
  for await (const _ of store.savedStops.everySaved()) streamed++;
  const streamMs = performance.now() - streamStart;

  const reply = { title: 'disruption', blocks: [], kind: 'answer' as const };
  const pushes = createDisruptionPushes({
    transit,
    savedStops: store.savedStops,
    subscriptions: store.subscriptions,
    chats: store.chats,
    claims: store.claims,
    core: { disruptionReply: () => Promise.resolve(reply) },
    platforms: new Set(['telegram']),
    clock: fixedClock('2026-11-18T13:00:00Z'),
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
  const parts = jobs.reduce((n, j) => n + j.parts.length, 0);

  // Every part marked sent, as delivery would; then the next change of the feed (one more, elsewhere).
  for (const job of jobs) await Promise.all(job.parts.map((p) => store.claims.claim(p.key, 'sent')));
  disruptions.push({ ...disruptions[1]!, id: 'extra', entities: [{ stopId: 'nowhere' }] });
  const againStart = performance.now();
  const again = await lookOnce(pushes);
  const againMs = performance.now() - againStart;
  await store.close();

  console.log(
    `chats ${CHATS.toLocaleString('en')} (one saved stop each, SQLite), stops ${STOPS.toLocaleString('en')}, active disruptions ${DISRUPTIONS}`,
  );
  console.log(`store stream alone: ${streamed.toLocaleString('en')} saved stops in ${streamMs.toFixed(0)} ms`);
  console.log(
    `one look after a change: ${lookMs.toFixed(0)} ms; ${jobs.length.toLocaleString('en')} chats touched, ${parts.toLocaleString('en')} pushes queued; heap +${((peak - heapBefore) / 1024 / 1024).toFixed(1)} MB at most`,
  );
  console.log(`the next change, everything already sent: ${againMs.toFixed(0)} ms, ${again.length} jobs`);
} finally {
  rmSync(root, { recursive: true, force: true });
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
  const wideSource = {
    disruptions(query: DisruptionQuery): Promise<DisruptionReading> {
      if (query.stop === undefined) return Promise.resolve({ status: 'ok', disruptions: wide });
      // As a reader answers: a fresh list of those touching the place, most severe first.
      const place = places[Number(query.stop) - 1000]!;
      return Promise.resolve({ status: 'ok', disruptions: wide.filter((d) => disruptionAffects(d, place, agencies)).sort(compareBySeverity) });
    },
  };
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
    const reply = { title: 'disruption', blocks: [], kind: 'answer' as const };
    const pushes = createDisruptionPushes({
      transit: wideSource,
      savedStops: store.savedStops,
      subscriptions: store.subscriptions,
      chats: store.chats,
      claims: { ...store.claims, holder: (key) => (key.startsWith('disruptions:sent:') && marksRead++, store.claims.holder(key)) },
      core: { disruptionReply: () => (rendered++, Promise.resolve(reply)) },
      platforms: new Set(['telegram']),
      clock: fixedClock('2026-11-18T13:00:00Z'),
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

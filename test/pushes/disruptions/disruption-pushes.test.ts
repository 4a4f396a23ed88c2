// Who gets which disruption: the selection behind the pushes, on in-memory stores and claims and a
// source whose disruptions the test sets (each stop or stop-and-route answers what touches it).
import { describe, expect, it } from 'vitest';
import { disruptionSentKey } from '../../../src/pushes/claim-keys.js';
import { createDisruptionPushes, MAX_PUSHES_PER_CHAT, type DisruptionPushes } from '../../../src/pushes/disruptions/disruption-pushes.js';
import type { AlertJob } from '../../../src/pushes/delivery/job.js';
import type { ChatRef, Platform } from '../../../src/domain/chat.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { compareBySeverity, type Disruption, type DisruptionQuery, type DisruptionReading } from '../../../src/domain/disruption.js';
import type { WatchedPlace, WatchReading } from '../../../src/domain/disruption-watch.js';
import { noticingWatchChanges } from '../../../src/store/watch-changes.js';
import { memoryStores } from '../../core/fakes.js';
import { at, capturingLogger, memoryClaims, subscription } from '../fakes.js';
import { chatTypeOf } from '../../../src/chat/platforms.js';

const clock = fixedClock('2026-11-18T13:00:00Z');

function disruption(id: string, extra: Partial<Disruption> = {}): Disruption {
  return {
    id,
    version: 'v1',
    effect: 'detour',
    cause: 'construction',
    severity: 'warning',
    header: [{ language: 'en', text: `${id} header` }],
    description: [],
    entities: [],
    periods: [],
    ...extra,
  };
}

/**
 * A source whose disruptions touch the stops (and "stop route" pairs) the table names: the network
 * read whole, and matched against the watched places it is given (a stop and route pair is touched
 * by the stop's too), as TransitSource.watching does.
 */
function source(table: Record<string, Disruption[]>, state: { unavailable?: boolean } = {}) {
  const asked: DisruptionQuery[] = [];
  const watched: Array<ReadonlyMap<string, WatchedPlace>> = [];
  const all = () => [...new Map(Object.values(table).flatMap((list) => list.map((d) => [d.id, d] as const))).values()].sort(compareBySeverity);
  return {
    asked,
    watched,
    table,
    disruptions(query: DisruptionQuery): Promise<DisruptionReading> {
      asked.push(query);
      if (state.unavailable === true) return Promise.resolve({ status: 'unavailable' });
      if (query.stop === undefined) return Promise.resolve({ status: 'ok', disruptions: all() });
      const key = query.route !== undefined ? `${query.stop} ${query.route}` : query.stop;
      return Promise.resolve({ status: 'ok', disruptions: [...(table[key] ?? []), ...(query.route !== undefined ? (table[query.stop] ?? []) : [])] });
    },
    watching(places: ReadonlyMap<string, WatchedPlace>): Promise<WatchReading> {
      watched.push(places);
      if (state.unavailable === true) return Promise.resolve({ status: 'unavailable' });
      const at = (p: WatchedPlace) => [...(p.route !== undefined ? (table[`${p.stop} ${p.route}`] ?? []) : []), ...(table[p.stop] ?? [])];
      return Promise.resolve({
        status: 'ok',
        disruptions: all(),
        touched: (d: Disruption) => [...places].filter(([, p]) => at(p).some((x) => x.id === d.id)).map(([key]) => key),
      });
    },
  };
}

function setup(table: Record<string, Disruption[]>, platforms: Platform[] = ['telegram']) {
  const stores = memoryStores();
  const claims = memoryClaims();
  const transit = source(table);
  const pushes = createDisruptionPushes({
    transit,
    savedStops: stores.savedStops,
    subscriptions: stores.subscriptions,
    chats: stores.chats,
    claims,
    core: {
      disruptionReply: (chat, d, place) =>
        Promise.resolve({ title: `${chat.chatId} ${place.stopNo} ${place.routeNo ?? '-'}`, blocks: [{ lines: [d.id] }], kind: 'answer' as const }),
    },
    platforms: new Set(platforms),
    chatTypeOf,
    clock,
    logger: capturingLogger().logger,
    instance: 'test',
  });
  return { stores, claims, transit, pushes: () => jobsOf(pushes) };
}

/** One look: the jobs it queued (taken as safe at once, as BullMQ would). */
async function jobsOf(pushes: DisruptionPushes): Promise<AlertJob[]> {
  const jobs: AlertJob[] = [];
  const { handled } = await pushes((batch) => {
    jobs.push(...batch);
    return Promise.resolve(batch.map(() => ({ state: 'queued' as const, handled: Promise.resolve() })));
  });
  await handled;
  return jobs;
}

const chat = (chatId: string, platform: Platform = 'telegram'): ChatRef => ({ platform, chatId });
const partsOf = (jobs: AlertJob[], chatId: string) =>
  jobs.filter((j) => j.chat.chatId === chatId).flatMap((j) => j.parts.map((p) => p.reply.blocks[0]!.lines[0]));

describe('disruption pushes: who gets what', () => {
  it('a saved stop and a subscription touched get it; a stop not touched gets nothing; each place asked once', async () => {
    const detour = disruption('detour95');
    const { stores, transit, pushes } = setup({ '3017': [detour], '3020 95': [disruption('moved')] });
    await stores.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    await stores.savedStops.add(chat('43'), { stopNo: '3017' }, 10);
    await stores.savedStops.add(chat('44'), { stopNo: '7687' }, 10);
    await stores.subscriptions.add(subscription(at('07:30'), { chatId: '45', stopNo: '3020', routeNo: '95' }), 10);
    const jobs = await pushes();
    expect(partsOf(jobs, '42')).toEqual(['detour95']);
    expect(partsOf(jobs, '43')).toEqual(['detour95']);
    expect(partsOf(jobs, '44')).toEqual([]);
    expect(partsOf(jobs, '45')).toEqual(['moved']);
    expect(jobs.find((j) => j.chat.chatId === '45')!.parts[0]!.reply.title).toBe('45 3020 95');
    // The network once, then its disruptions matched once against the distinct places watched: no question per chat or per place.
    expect(transit.asked).toEqual([{}]);
    expect(transit.watched).toHaveLength(1);
    expect([...transit.watched[0]!.values()]).toEqual(expect.arrayContaining([{ stop: '3017' }, { stop: '7687' }, { stop: '3020', route: '95' }]));
    expect(transit.watched[0]!.size).toBe(3);
    expect(jobs.every((j) => j.parts.every((p) => p.disruption === true))).toBe(true);
  });

  it("one disruption touching two of a chat's places is one part", async () => {
    const detour = disruption('detour95');
    const { stores, pushes } = setup({ '3017': [detour], '3020': [detour] });
    await stores.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    await stores.savedStops.add(chat('42'), { stopNo: '3020' }, 10);
    expect(partsOf(await pushes(), '42')).toEqual(['detour95']);
  });

  it('already sent (this version): not again; a new version: again; the same snapshot: not even looked at', async () => {
    const { stores, claims, transit, pushes } = setup({ '3017': [disruption('detour95')] });
    await stores.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    await claims.claim(disruptionSentKey(chat('42'), { id: 'detour95', version: 'v1' }), 'sent');
    expect(await pushes()).toEqual([]);
    const asked = transit.asked.length;
    expect(await pushes()).toEqual([]);
    expect(transit.asked.length).toBe(asked + 1);
    transit.table['3017'] = [disruption('detour95', { version: 'v2' })];
    const jobs = await pushes();
    expect(partsOf(jobs, '42')).toEqual(['detour95']);
    expect(jobs[0]!.parts[0]!.key).toBe(disruptionSentKey(chat('42'), { id: 'detour95', version: 'v2' }));
  });

  it('/disruptions off: nothing; a chat refused by its platform: nothing; a paused alert does not count', async () => {
    const { stores, pushes } = setup({ '3017': [disruption('detour95')], '3020 95': [disruption('moved')] });
    await stores.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    await stores.chats.setDisruptionPushes(chat('42'), 'off');
    await stores.savedStops.add(chat('46'), { stopNo: '3017' }, 10);
    await stores.chats.setDisruptionPushes(chat('46'), 'refused');
    await stores.savedStops.add(chat('43'), { stopNo: '3017' }, 10);
    await stores.subscriptions.add(subscription(at('07:30'), { chatId: '43', stopNo: '3020', paused: 'refused' }), 10);
    await stores.subscriptions.add(subscription(at('07:30'), { chatId: '44', stopNo: '3020', paused: 'user' }), 10);
    await stores.subscriptions.add(subscription(at('07:30'), { chatId: '45', stopNo: '3020' }), 10);
    const jobs = await pushes();
    expect(jobs.map((j) => j.chat.chatId)).toEqual(['45']);
  });

  it(`at most ${MAX_PUSHES_PER_CHAT} at once, the most severe first`, async () => {
    const many = Array.from({ length: MAX_PUSHES_PER_CHAT + 2 }, (_, i) => disruption(`d${i}`, { severity: i === 6 ? 'severe' : 'info' }));
    const { stores, pushes } = setup({ '3017': many });
    await stores.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    const parts = partsOf(await pushes(), '42');
    expect(parts).toHaveLength(MAX_PUSHES_PER_CHAT);
    expect(parts[0]).toBe('d6');
  });

  it('only chats of the platforms this instance serves; a feed that cannot be read pushes nothing', async () => {
    const { stores, pushes } = setup({ '3017': [disruption('detour95')] }, ['discord']);
    await stores.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    await stores.savedStops.add(chat('777', 'discord'), { stopNo: '3017' }, 10);
    expect((await pushes()).map((j) => `${j.chat.platform}:${j.chat.chatId}`)).toEqual(['discord:777']);

    const down = setup({ '3017': [disruption('detour95')] });
    await down.stores.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    const broken = createDisruptionPushes({
      transit: source({}, { unavailable: true }),
      savedStops: down.stores.savedStops,
      subscriptions: down.stores.subscriptions,
      chats: down.stores.chats,
      claims: down.claims,
      core: { disruptionReply: () => Promise.reject(new Error('not called')) },
      platforms: new Set(['telegram']),
      chatTypeOf,
      clock,
      logger: capturingLogger().logger,
      instance: 'test',
    });
    expect(await jobsOf(broken)).toEqual([]);
  });
});

describe('disruption pushes: memory bounded by chats x 5, whatever the feed holds', () => {
  const WIDE = 300;
  const CHATS = 40;
  const severities = ['info', 'warning', 'severe', 'unknown'] as const;
  /** Disruptions of the whole network: each touches every stop. */
  const wide = Array.from({ length: WIDE }, (_, i) => disruption(`w${String(i).padStart(3, '0')}`, { severity: severities[i % 4]! }));
  const everywhere = (): Record<string, Disruption[]> => Object.fromEntries(Array.from({ length: CHATS }, (_, c) => [String(4000 + c), wide]));

  it(`${WIDE} network-wide disruptions, ${CHATS} chats: ${MAX_PUSHES_PER_CHAT} each, the most severe, reading a mark only for what is kept`, async () => {
    const { stores, claims, pushes } = setup(everywhere());
    for (let c = 0; c < CHATS; c++) await stores.savedStops.add(chat(String(c)), { stopNo: String(4000 + c) }, 10);
    // Chat 0 was sent the two most severe already.
    const mostSevere = [...wide].sort(compareBySeverity);
    for (const d of mostSevere.slice(0, 2)) await claims.claim(disruptionSentKey(chat('0'), d), 'sent');
    let marksRead = 0;
    const holder = claims.holder.bind(claims);
    claims.holder = (key) => (key.startsWith('disruptions:sent:') && marksRead++, holder(key));

    const jobs = await pushes();
    expect(jobs).toHaveLength(CHATS);
    expect(partsOf(jobs, '1')).toEqual(mostSevere.slice(0, MAX_PUSHES_PER_CHAT).map((d) => d.id));
    expect(partsOf(jobs, '0')).toEqual(mostSevere.slice(2, 2 + MAX_PUSHES_PER_CHAT).map((d) => d.id));
    // Every chat x disruption pair would be 12,000 marks; what is kept is 5 a chat, and chat 0's 2 sent.
    expect(marksRead).toBe(CHATS * MAX_PUSHES_PER_CHAT + 2);
  });
});

describe('disruption pushes: a scan is never lost with the instance that took it', () => {
  const detour = disruption('detour95');
  /** Two instances on the same claims and stores; `a` takes the scan and its queue never answers (it died). */
  async function twoInstances(leaseMs: number) {
    const one = setup({ '3017': [detour] });
    await one.stores.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    const make = (instance: string) =>
      createDisruptionPushes({
        transit: one.transit,
        savedStops: one.stores.savedStops,
        subscriptions: one.stores.subscriptions,
        chats: one.stores.chats,
        claims: one.claims,
        core: { disruptionReply: (c, d) => Promise.resolve({ title: c.chatId, blocks: [{ lines: [d.id] }], kind: 'answer' as const }) },
        platforms: new Set(['telegram']),
        chatTypeOf,
        clock,
        logger: capturingLogger().logger,
        instance,
        scanLeaseMs: leaseMs,
      });
    return { ...one, a: make('a'), b: make('b') };
  }
  const dies = () => new Promise<never>(() => undefined);

  it('held by an instance that died: taken over once its lease lapses, not taken as seen', async () => {
    const { a, b } = await twoInstances(150);
    void a(dies);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await jobsOf(b)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(partsOf(await jobsOf(b), '42')).toEqual(['detour95']);
  });

  it('let go on a graceful stop: taken at once; once done, not scanned again', async () => {
    const { a, b, transit } = await twoInstances(60_000);
    const stuck = await a(() => Promise.resolve([{ state: 'queued' as const, handled: new Promise<void>(() => undefined) }]));
    expect(stuck.jobs).toBe(1);
    expect(await jobsOf(b)).toEqual([]);
    await a.letGo();
    expect(partsOf(await jobsOf(b), '42')).toEqual(['detour95']);
    const asked = transit.asked.length;
    // Done: a look from either instance reads the network and nothing more.
    expect(await jobsOf(a)).toEqual([]);
    expect(await jobsOf(b)).toEqual([]);
    expect(transit.asked.length).toBe(asked + 2);
  });
});

describe('disruption pushes: /disruptions on takes effect at once', () => {
  it('a chat turning its pushes back on is offered what is active at the next look, the feed unchanged; nothing twice', async () => {
    const stores = memoryStores();
    // This process's repositories: their writes (a save, /disruptions on) are heard.
    const mine = noticingWatchChanges(stores.savedStops, stores.subscriptions, stores.lifecycle, stores.chats);
    const claims = memoryClaims();
    const transit = source({ '3017': [disruption('detour95')], '3020': [disruption('moved', { severity: 'severe' })] });
    const pushes = createDisruptionPushes({
      transit,
      savedStops: mine.savedStops,
      subscriptions: mine.subscriptions,
      changes: mine,
      chats: mine.chats,
      claims,
      core: { disruptionReply: (_, d) => Promise.resolve({ blocks: [{ lines: [d.id] }], kind: 'answer' as const }) },
      platforms: new Set(['telegram']),
      chatTypeOf,
      clock,
      logger: capturingLogger().logger,
      instance: 'test',
    });
    /** A look, its parts marked sent as delivery would. */
    const look = async () => {
      const jobs = await jobsOf(pushes);
      for (const part of jobs.flatMap((j) => j.parts)) await claims.claim(part.key, 'sent');
      return jobs;
    };
    await mine.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    await mine.savedStops.add(chat('42'), { stopNo: '3020' }, 10);
    await mine.savedStops.add(chat('43'), { stopNo: '3017' }, 10);
    await mine.chats.setDisruptionPushes(chat('42'), 'off');
    const first = await look();
    expect(partsOf(first, '42')).toEqual([]);
    expect(partsOf(first, '43')).toEqual(['detour95']);
    expect(await look()).toEqual([]);

    await mine.chats.setDisruptionPushes(chat('42'), 'on');
    const back = await look();
    expect(partsOf(back, '42')).toEqual(['moved', 'detour95']);
    expect(partsOf(back, '43')).toEqual([]);
    // Its own job id: a queue that still knows the snapshot's jobs does not take it for one of them.
    expect(back[0]!.id).not.toBe(first[0]!.id.replace('.43.', '.42.'));
    expect(await look()).toEqual([]);

    // Turned on again with everything sent: offered, and nothing goes twice.
    await mine.chats.setDisruptionPushes(chat('42'), 'on');
    expect(await look()).toEqual([]);
    await pushes.letGo();
  });
});

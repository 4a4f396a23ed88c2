import type { LeaveSchedule } from '../../src/domain/alert-kinds/index.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../src/domain/subscription.js';
import type { LocalMinute } from '../../src/domain/local-minute.js';
import { StoreError, type OpenStoreOptions, type SubscribeOutcome } from '../../src/store/index.js';
import { type ChatRef } from '../../src/domain/chat.js';
import { at, near, subscription } from '../pushes/fakes.js';
import { forEachBackend, itCutting } from './backends.js';
import { createBotCore } from '../../src/core/create-core.js';
import { fakeTransit, memoryStores, route, stopArrivals, trip } from '../core/fakes.js';
import { capturingLogger } from './log-lines.js';
import { failingRecordWrites, outage } from './outage.js';
import { rawBackend } from './raw-backend.js';
import { chatSubscriptionsKey, indexKeysAt, indexKeysOf, subscriptionKey } from '../../src/store/subscription-keys.js';

const chat: ChatRef = { platform: 'telegram', chatId: '42' };
const TORONTO = 'America/Toronto';
const ids = (subs: Subscription[]) => subs.map((s) => s.id).sort();
/** A minute of Monday 23 November 2026 and the instant it happens (in Toronto), as a tick asks the index for it. */
const monday = (minute: number): [LocalMinute, Date] => [
  { date: '2026-11-23', minute, weekday: 1 },
  new Date(Date.parse('2026-11-23T05:00:00Z') + minute * 60_000),
];
const sub = (id: string, extra: Parameters<typeof subscription>[1] = {}) => subscription(at('07:30'), { id, ...extra });

/** Several processes adding at once; each line of outcomes in order. */
async function addTogether(store: OpenStoreOptions, batches: Subscription[][], max: number): Promise<SubscribeOutcome[][]> {
  const children = batches.map((subs) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/store/subscriptions-child.ts', JSON.stringify({ store, subs, max })], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => lines.push(line));
    const ready = new Promise<void>((resolve) => child.stdout.on('data', () => lines.includes('ready') && resolve()));
    return { child, lines, ready, closed: once(child, 'close') };
  });
  await Promise.all(children.map((c) => c.ready));
  for (const c of children) c.child.stdin.end('go\n');
  await Promise.all(children.map((c) => c.closed));
  return children.map((c) => JSON.parse(c.lines.at(-1)!) as SubscribeOutcome[]);
}

forEachBackend((backend) => {
  describe('subscriptions', () => {
    it('adds, lists in the order made, and reads back exactly what was added', async () => {
      const { subscriptions } = await backend.open();
      const first = sub('aaaa', { createdAt: '2026-01-02T00:00:00.000Z', oneShot: true });
      const second = subscription(near(5, '07:00', '09:00', [1, 2]), { id: 'bbbb', createdAt: '2026-01-01T00:00:00.000Z', routeNo: '95' });
      expect(await subscriptions.add(first, 20)).toBe('added');
      expect(await subscriptions.add(second, 20)).toBe('added');
      expect(await subscriptions.list(chat)).toEqual([second, first]);
      expect(await subscriptions.list({ platform: 'discord', chatId: '42' })).toEqual([]);
    });

    it("keeps a near alert's direction; one without (as every earlier version wrote it) reads back as any direction and still fires", async () => {
      const { subscriptions } = await backend.open();
      const window = near(5, '07:00', '09:00', [6]) as Extract<Subscription['schedule'], { kind: 'near' }>;
      const towards = subscription({ ...window, direction: { id: 0, name: 'Orléans' } }, { id: 'east', routeNo: '95' });
      const earlier = subscription(window, { id: 'anyw', routeNo: '95', createdAt: '2026-11-14T12:00:00.000Z' });
      await subscriptions.add(towards, 20);
      await subscriptions.add(earlier, 20);
      const listed = await subscriptions.list(chat);
      const [east, any] = ['east', 'anyw'].map((id) => listed.find((s) => s.id === id)!) as [Subscription, Subscription];
      expect(east.schedule).toEqual({ ...window, direction: { id: 0, name: 'Orléans' } });
      expect(any.schedule).not.toHaveProperty('direction');
      // Saturday 21 November 2026, 08:05 in Toronto: the westbound bus is 4 min away.
      const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: () => new Date('2026-11-21T13:05:00Z') });
      const arrivals = stopArrivals([
        route('95', [trip(9)], { directionId: 0, heading: 'Orléans' }),
        route('95', [trip(4)], { directionId: 1, heading: 'Barrhaven Centre' }),
      ]);
      expect((await core.alertReply(any, { arrivals }))?.blocks[0]?.lines[0]).toMatch(/^🚌 Route 95 to Barrhaven Centre is 4 min from/);
      expect(await core.alertReply(east, { arrivals })).toBeUndefined();
    });

    it("says 'id-taken' for an id the chat has, and 'full' at the cap", async () => {
      const { subscriptions } = await backend.open();
      expect(await subscriptions.add(sub('a'), 2)).toBe('added');
      expect(await subscriptions.add(sub('a', { stopNo: '9999' }), 2)).toBe('id-taken');
      expect(await subscriptions.add(sub('b'), 2)).toBe('added');
      expect(await subscriptions.add(sub('c'), 2)).toBe('full');
      expect((await subscriptions.list(chat)).map((s) => s.stopNo)).toEqual(['3017', '3017']);
    });

    it('keeps all of 20 concurrent adds, and exactly the cap of 25', async () => {
      const { subscriptions } = await backend.open();
      const outcomes = await Promise.all(Array.from({ length: 25 }, (_, i) => subscriptions.add(sub(`c${i}`), 20)));
      expect(outcomes.filter((o) => o === 'added')).toHaveLength(20);
      expect(outcomes.filter((o) => o === 'full')).toHaveLength(5);
      expect(await subscriptions.list(chat)).toHaveLength(20);
    });

    it('two processes adding to one chat at once lose nothing and keep the cap', async () => {
      await backend.open();
      const batch = (p: string) => Array.from({ length: 10 }, (_, i) => sub(`${p}${i}`));
      const [a, b] = await addTogether(backend.options(), [batch('p'), batch('q')], 15);
      const all = [...a!, ...b!];
      expect(all.filter((o) => o === 'added')).toHaveLength(15);
      expect(all.filter((o) => o === 'full')).toHaveLength(5);
      const { subscriptions } = await backend.open();
      expect(await subscriptions.list(chat)).toHaveLength(15);
    });

    it('finds what is due at a minute through the index: timed at it, windows around it, by zone', async () => {
      const { subscriptions } = await backend.open();
      await subscriptions.add(sub('t730'), 20);
      await subscriptions.add(sub('t731', { schedule: at('07:31') }), 20);
      await subscriptions.add(sub('paris', { timeZone: 'Europe/Paris' }), 20);
      await subscriptions.add(subscription(near(5, '07:40', '09:10'), { id: 'win' }), 20);
      const due = async (minute: string, zone = TORONTO) =>
        ids(await subscriptions.dueAt(zone, ...monday(Number(minute.slice(0, 2)) * 60 + Number(minute.slice(3)))));
      expect(await due('07:30')).toEqual(['t730']);
      expect(await due('07:39')).toEqual([]);
      expect(await due('07:40')).toEqual(['win']);
      expect(await due('08:59')).toEqual(['win']);
      expect(await due('09:10')).toEqual(['win']);
      expect(await due('09:11')).toEqual([]);
      expect(await due('07:30', 'Europe/Paris')).toEqual(['paris']);
      expect((await subscriptions.zones()).sort()).toEqual(['America/Toronto', 'Europe/Paris']);
    });

    it('pauses and resumes: a paused one is listed, not due', async () => {
      const { subscriptions } = await backend.open();
      await subscriptions.add(sub('a'), 20);
      await subscriptions.add(sub('b'), 20);
      expect(await subscriptions.setPaused(chat, 'a', 'user')).toBe(true);
      expect(await subscriptions.setPaused(chat, 'zz', 'user')).toBe(false);
      expect(ids(await subscriptions.dueAt(TORONTO, ...monday(450)))).toEqual(['b']);
      expect((await subscriptions.list(chat)).map((s) => s.paused)).toEqual(['user', undefined]);
      await subscriptions.setPaused(chat, 'a', undefined);
      expect(ids(await subscriptions.dueAt(TORONTO, ...monday(450)))).toEqual(['a', 'b']);
      expect((await subscriptions.list(chat))[0]).not.toHaveProperty('paused');
    });

    it("re-times a leave-now alert's walk, read back after a restart; any other alert is left as it was", async () => {
      const first = await backend.open();
      const leave: LeaveSchedule = { kind: 'leave', from: 480, until: 540, days: [1, 2, 3, 4, 5], place: 'home', walkSeconds: 600 };
      await first.subscriptions.add(subscription(leave, { id: 'go', chatId: chat.chatId }), 20);
      await first.subscriptions.add(sub('a'), 20);
      expect(await first.subscriptions.setWalk(chat, 'go', 500)).toBe(true);
      expect(await first.subscriptions.setWalk(chat, 'a', 500)).toBe(false);
      expect(await first.subscriptions.setWalk(chat, 'zz', 500)).toBe(false);
      await first.close();
      const again = await backend.open();
      const stored = await again.subscriptions.list(chat);
      expect(stored.find((s) => s.id === 'go')!.schedule).toEqual({ ...leave, walkSeconds: 500 });
      expect(stored.find((s) => s.id === 'a')).toEqual(sub('a'));
    });

    it('removes one from the list and the index', async () => {
      const { subscriptions } = await backend.open();
      await subscriptions.add(sub('a'), 1);
      expect(await subscriptions.remove(chat, 'a')).toBe(true);
      expect(await subscriptions.remove(chat, 'a')).toBe(false);
      expect(await subscriptions.list(chat)).toEqual([]);
      expect(await subscriptions.dueAt(TORONTO, ...monday(450))).toEqual([]);
      expect(await subscriptions.add(sub('b'), 1)).toBe('added');
    });

    it('keeps its records across a restart', async () => {
      const first = await backend.open();
      await first.subscriptions.add(sub('a'), 20);
      await first.close();
      const second = await backend.open();
      expect(ids(await second.subscriptions.dueAt(TORONTO, ...monday(450)))).toEqual(['a']);
    });

    it('skips a corrupt record, logging it once, and goes on', async () => {
      const { lines, logger } = capturingLogger();
      const store = await backend.open({ logger });
      await store.subscriptions.add(sub('a'), 20);
      await store.subscriptions.add(sub('b'), 20);
      await store.keyv.set('chat:telegram:42:sub:a', { id: 'a', schedule: 'every day, roughly' });
      expect(ids(await store.subscriptions.list(chat))).toEqual(['b']);
      expect(ids(await store.subscriptions.dueAt(TORONTO, ...monday(450)))).toEqual(['b']);
      const reported = lines.filter((l) => l.msg === 'store: skipped a corrupt record');
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatchObject({ key: 'chat:telegram:42:sub:a' });
    });

    itCutting(backend)('a record write that fails after the id was taken leaves nothing behind: the cap counts only what is listed', async () => {
      const { store, heal } = await failingRecordWrites(backend);
      await store.subscriptions.add(sub('lost'), 20).catch(() => undefined);
      await heal();
      const { subscriptions } = await backend.open();
      const listed = (await subscriptions.list(chat)).length;
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => subscriptions.add(sub(`n${i}`), 20)));
      expect(listed + outcomes.filter((o) => o === 'added').length).toBe(20);
      expect(await subscriptions.list(chat)).toHaveLength(20);
    });

    it('ids an earlier version left without a record are cleaned by readers: not listed, not counted, not due', async () => {
      const raw = await rawBackend(backend);
      try {
        const ghosts = Array.from({ length: 20 }, (_, i) => sub(`g${i}`));
        for (const ghost of ghosts) {
          await raw.sets.add(chatSubscriptionsKey(chat), [ghost.id]);
          for (const index of indexKeysOf(ghost)) await raw.sets.add(index, [subscriptionKey(chat, ghost.id)]);
        }
        const { subscriptions } = await backend.open();
        expect(await subscriptions.list(chat)).toEqual([]);
        expect(await subscriptions.add(sub('real'), 20)).toBe('added');
        expect(ids(await subscriptions.list(chat))).toEqual(['real']);
        expect(ids(await subscriptions.dueAt(TORONTO, ...monday(450)))).toEqual(['real']);
        // Every kind's index at that minute holds the real one alone, whichever kind it is.
        const [chatIds, ...indexes] = await raw.sets.members([chatSubscriptionsKey(chat), ...indexKeysAt(TORONTO, 450)]);
        expect(chatIds).toEqual(['real']);
        expect(indexes.flat()).toEqual([subscriptionKey(chat, 'real')]);
      } finally {
        await raw.close();
      }
    });

    it('one-shots whose window ended count against no cap: a new subscription made after them takes their place', async () => {
      const { subscriptions } = await backend.open();
      for (let i = 0; i < 20; i++) {
        await subscriptions.add(
          subscription(near(5, '22:50', '23:50', [0]), {
            id: `o${i}`,
            oneShot: true,
            endsAt: '2026-11-23T04:51:00.000Z',
            createdAt: '2026-11-23T03:50:00.000Z',
          }),
          20,
        );
      }
      expect(await subscriptions.add(sub('early', { createdAt: '2026-11-23T04:00:00.000Z' }), 20)).toBe('full');
      expect(await subscriptions.add(sub('later', { createdAt: '2026-11-24T12:00:00.000Z' }), 20)).toBe('added');
      expect(ids(await subscriptions.list(chat))).toEqual(['later']);
    });

    itCutting(backend)('refuses with a StoreError while the backend is away', async () => {
      const { store, cut } = await outage(backend);
      await store.subscriptions.add(sub('a'), 20);
      await cut();
      await expect(store.subscriptions.dueAt(TORONTO, ...monday(450))).rejects.toBeInstanceOf(StoreError);
      await expect(store.subscriptions.add(sub('b'), 20)).rejects.toBeInstanceOf(StoreError);
    });
  });
});

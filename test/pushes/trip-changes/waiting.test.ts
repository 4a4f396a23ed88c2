import { describe, expect, it } from 'vitest';
import { createWaiting } from '../../../src/pushes/trip-changes/waiting.js';
import { changesFor } from '../../../src/pushes/trip-changes/trip-change-pushes.js';
import type { LiveMessage } from '../../../src/domain/store-ports.js';
import { memoryStores, route, stopArrivals, trip } from '../../core/fakes.js';
import { at, near, subscription } from '../fakes.js';

// Monday 23 Nov 2026, 08:00 in Ottawa.
const NOW = Date.parse('2026-11-23T13:00:00Z');
const ottawa = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00-05:00`);

async function waitingWith(subs: ReturnType<typeof subscription>[], live: LiveMessage[] = []) {
  const stores = memoryStores();
  for (const sub of subs) await stores.subscriptions.add(sub, 100);
  return createWaiting({
    subscriptions: stores.subscriptions,
    liveMessages: { list: (platform) => Promise.resolve(live.filter((m) => m.platform === platform)) },
    platforms: new Set(['telegram']),
  });
}

const liveMessage = (extra: Partial<LiveMessage>): LiveMessage => ({
  id: 'telegram.50.1',
  platform: 'telegram',
  chatId: '50',
  chatType: 'private',
  messageId: '1',
  request: { name: 'next', options: { stop: '3017', route: '95' } },
  until: new Date(NOW + 5 * 60_000).toISOString(),
  ...extra,
});

describe('who waits for trips now', () => {
  it('a timed alert within the hour after its time, a "near" window open now; not an alert still to come, nor one whose hour passed, nor a paused one', async () => {
    const waiting = await waitingWith([
      subscription(at('07:45'), { id: 'hour', chatId: '42' }),
      subscription(at('06:30'), { id: 'passed', chatId: '43' }),
      subscription(at('10:00'), { id: 'later', chatId: '44' }),
      subscription(near(5, '07:30', '08:30'), { id: 'near', chatId: '45' }),
      subscription(at('07:50'), { id: 'paused', chatId: '46', paused: 'user' }),
      subscription(at('07:50', [0, 6]), { id: 'weekend', chatId: '47' }),
    ]);
    const waiters = await waiting.at(NOW);
    expect(Object.fromEntries(waiters.map((w) => [w.subId, new Date(w.untilMs).toISOString()]))).toEqual({
      hour: new Date(ottawa('08:45')).toISOString(),
      // The window's end, and the alert's own minutes of warning after it.
      near: new Date(ottawa('08:36')).toISOString(),
    });
    // Read again a round later: the past minutes come from memory, the answer is the same.
    expect((await waiting.at(NOW + 30_000)).map((w) => w.subId).sort()).toEqual(['hour', 'near']);
  });

  it('a live board of the stop, a 📍 or a 🚌 of one trip; not one whose period ended', async () => {
    const waiting = await waitingWith(
      [],
      [
        liveMessage({ kind: 'board' }),
        liveMessage({ id: 'telegram.51.2', chatId: '51', request: { name: 'where', options: { stop: '3017', route: '95', trip: '0806' } } }),
        liveMessage({ id: 'telegram.52.3', chatId: '52', kind: 'board', until: new Date(NOW - 1).toISOString() }),
        liveMessage({
          id: 'telegram.53.4',
          chatId: '53',
          kind: 'track',
          request: { name: 'track', options: { stop: '3017', route: '95', trip: '0812' } },
        }),
      ],
    );
    const waiters = await waiting.at(NOW);
    expect(waiters.map((w) => [w.chat.chatId, w.stopNo, w.routeNo, w.tripKey, w.subId])).toEqual([
      ['50', '3017', '95', undefined, ''],
      ['51', '3017', '95', '0806', ''],
      ['53', '3017', '95', '0812', ''],
    ]);
  });
});

describe('the trips a waiter hears of', () => {
  const now = new Date(NOW);
  const arrivals = stopArrivals([
    route('95', [
      trip(7, { startTime: '08:06', trust: 'scheduled', vanishedAt: new Date(NOW - 60_000) }),
      trip(12, { startTime: '08:12', cancelled: true }),
      trip(18, { startTime: '08:18', trust: 'tracked' }),
      trip(70, { startTime: '09:10', skipped: true }),
    ]),
    route('97', [trip(3, { startTime: '07:40', cancelled: true })]),
  ]);
  const waiter = { chat: { platform: 'telegram' as const, chatId: '42', chatType: 'private' as const }, stopNo: '3017', subId: 's1' };

  it('the cancelled, vanished and skipping trips of its route due within its wait, each with the next trip that comes', () => {
    const changes = changesFor({ ...waiter, routeNo: '95', untilMs: ottawa('08:45') }, arrivals, now);
    expect(changes.map((c) => [c.kind, c.trip.startTime, c.next?.startTime])).toEqual([
      ['vanished', '08:06', '08:18'],
      ['cancelled', '08:12', '08:18'],
    ]);
  });

  it('a 📍 hears of its own trip only, whenever it is due; a waiter of every route of each', () => {
    expect(changesFor({ ...waiter, routeNo: '95', untilMs: NOW, tripKey: '0910' }, arrivals, now).map((c) => c.kind)).toEqual(['skipped']);
    expect(changesFor({ ...waiter, untilMs: ottawa('08:45') }, arrivals, now).map((c) => `${c.routeNo} ${c.kind}`)).toEqual([
      '95 vanished',
      '95 cancelled',
      '97 cancelled',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { createTripChangePushes } from '../../../src/pushes/trip-changes/trip-change-pushes.js';
import type { Waiter } from '../../../src/pushes/trip-changes/waiting.js';
import type { AlertJob } from '../../../src/pushes/delivery/job.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { route, stopArrivals, trip } from '../../core/fakes.js';
import { capturingLogger, memoryClaims } from '../fakes.js';

const NOW = '2026-11-23T13:00:00Z';
const chat = (chatId: string) => ({ platform: 'telegram' as const, chatId, chatType: 'private' as const });
const waiter = (chatId: string, stopNo: string, routeNo: string, subId = 's1'): Waiter => ({
  chat: chat(chatId),
  stopNo,
  routeNo,
  subId,
  untilMs: Date.parse(NOW) + 3_600_000,
});

function setup(changed: ReadonlySet<string> | undefined) {
  const asked: string[] = [];
  const claims = memoryClaims();
  const queued: AlertJob[] = [];
  const pushes = createTripChangePushes({
    transit: {
      changedRoutes: () => Promise.resolve(changed),
      nextTripsAllRoutes: (stopNo) => {
        asked.push(stopNo);
        return Promise.resolve(
          stopArrivals(
            [
              route('95', [trip(5, { startTime: '07:55', cancelled: true }), trip(12, { startTime: '08:02' })]),
              route('97', [trip(8, { startTime: '07:40', skipped: true })]),
            ],
            stopNo,
          ),
        );
      },
    },
    waiting: { at: () => Promise.resolve([waiter('42', '3017', '95'), waiter('43', '3020', '97', ''), waiter('44', '3021', '97')]) },
    claims,
    core: { tripChangeReply: (_chat, change) => Promise.resolve({ kind: 'answer', blocks: [{ lines: [`${change.routeNo} ${change.kind}`] }] }) },
    clock: fixedClock(NOW),
    logger: capturingLogger().logger,
  });
  const enqueue = (jobs: AlertJob[]) => (queued.push(...jobs), Promise.resolve([]));
  return { pushes: () => pushes(enqueue), asked, claims, queued };
}

describe('a round of trip changes', () => {
  it('looks up only the stops waited at on a route the feed changed; one job per chat, a live-borne part marked so', async () => {
    const s = setup(new Set(['97']));
    expect(await s.pushes()).toEqual({ waiting: 3, stops: 2, jobs: 2 });
    expect(s.asked.sort()).toEqual(['3020', '3021']);
    expect(s.queued.map((j) => [j.chat.chatId, j.parts.map((p) => [p.subId, p.live === true, p.reply.blocks[0]!.lines[0]])])).toEqual([
      ['43', [['', true, '97 skipped']]],
      ['44', [['s1', false, '97 skipped']]],
    ]);
  });

  it('asks every waited-at stop when the source cannot tell; a change already marked sent is not queued again', async () => {
    const s = setup(undefined);
    await s.pushes();
    expect(s.asked.sort()).toEqual(['3017', '3020', '3021']);
    const sent = s.queued.find((j) => j.chat.chatId === '42')!.parts[0]!.key;
    expect(sent).toMatch(/^trips:sent:telegram:42:3017:95:07:55:2026-11-23T13:05Z:cancelled$/);
    await s.claims.claim(sent, 'test', 60_000);
    s.queued.length = 0;
    await s.pushes();
    expect(s.queued.map((j) => j.chat.chatId).sort()).toEqual(['43', '44']);
  });
});

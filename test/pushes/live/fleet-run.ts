// Several instances, in one process, editing the same live pins together: each with its own store
// on one Redis namespace (as instances behind a balancer are), its own grammY client and live
// updater, all against one fake Bot API, which stamps each edit as it receives it. For the
// fleet-edits test and bench: how many edits the Bot API sees in its busiest second.
import { performance } from 'node:perf_hooks';
import { Bot } from 'grammy';
import { pino } from 'pino';
import { createBotCore } from '../../../src/core/index.js';
import { TELEGRAM_EDIT_LIMITS } from '../../../src/chat/telegram/limits.js';
import { telegramLiveEditor } from '../../../src/chat/telegram/live-location.js';
import { systemClock } from '../../../src/domain/clock.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { fleetBudget } from '../../../src/pushes/fleet-budget.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { createRedactor } from '../../../src/util/redact.js';
import { fakeTransit, memoryStores } from '../../core/fakes.js';
import { startFakeBotApi } from '../../chat/telegram/fake-bot-api.js';
import { trackedBusBoard } from '../../chat/tracked-bus.js';
import { movableLine } from '../../chat/live-line.js';

const TOKEN = '123456789:AAH-fake_Token-value-for-tests_only';

export interface FleetRun {
  /** When the Bot API received each edit, ms on its own clock. */
  edits: number[];
  /** Edits the instances made, as their rounds counted them. */
  moved: number;
}

/**
 * One round of `pins` live pins by `instances` instances at once; `shared`: their edits drawn from
 * the fleet's bucket. `pictures`: 🔴 /line pictures instead of pins, the bus a little further at
 * every question (each a new picture, rasterised by resvg and uploaded with editMessageMedia).
 */
export async function fleetRound(options: {
  redisUrl: string;
  namespace: string;
  instances: number;
  pins: number;
  shared: boolean;
  pictures?: boolean;
}): Promise<FleetRun> {
  const api = await startFakeBotApi({ token: TOKEN });
  const stores: Store[] = [];
  try {
    for (let i = 0; i < options.instances; i++)
      stores.push(await openStore({ dataDir: '/nonexistent', redisUrl: options.redisUrl, namespace: options.namespace }));
    const edits: number[] = [];
    const edited = options.pictures === true ? 'editMessageMedia' : 'editMessageLiveLocation';
    api.onCall((call) => void (call.method === edited && edits.push(performance.now())));
    // The bus moves at every question: each round moves every pin, changes every picture.
    let lat = 45.4;
    let at = 1;
    const line = movableLine();
    const transit = {
      ...fakeTransit({ next: { 'next 3017 95': () => trackedBusBoard(systemClock, (lat += 1e-5), 3) } }),
      routeLine: (route: string, stop?: string) => (line.move((at += 0.02), 5), line.transit.routeLine!(route, stop)),
    };
    const core = createBotCore({ transit, ...memoryStores(), now: systemClock, drawPng: line.drawPng });
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    for (let i = 0; i < options.pins; i++) {
      const chatId = 200_000 + i;
      if (options.pictures === true) api.knowPhoto(chatId, i + 1, '🛤 Route 95');
      else api.knowLiveLocation(chatId, i + 1, 45.4, -75.735);
      await stores[0]!.liveMessages.put({
        id: `telegram.${chatId}.${i + 1}`,
        platform: 'telegram',
        chatId: String(chatId),
        chatType: 'private',
        messageId: String(i + 1),
        ...(options.pictures === true
          ? { kind: 'picture' as const, request: { name: 'line' as const, options: { route: '95', stop: '3017' } } }
          : { request: { name: 'where' as const, options: { stop: '3017', route: '95', trip: '0740' } } }),
        until,
      });
    }
    const logger = pino({ level: 'silent' });
    const updaters = stores.map((store, i) =>
      createLiveUpdater({
        core,
        messages: store.liveMessages,
        claims: store.claims,
        editors: [telegramLiveEditor(new Bot(TOKEN, { client: { apiRoot: api.apiRoot } }).api, createRedactor([TOKEN]))],
        budget: createEditBudget(TELEGRAM_EDIT_LIMITS, systemClock),
        ...(options.shared && store.sharedRate !== undefined
          ? { fleet: { telegram: fleetBudget(store.sharedRate, 'telegram', { perSecond: TELEGRAM_EDIT_LIMITS.perSecond }, logger) } }
          : {}),
        clock: systemClock,
        intervalMs: 30_000,
        instanceId: `instance-${i}`,
        logger,
      }),
    );
    const rounds = await Promise.all(updaters.map((updater) => updater.round()));
    return { edits, moved: rounds.reduce((n, r) => n + r.moved, 0) };
  } finally {
    await Promise.all(stores.map((store) => store.close()));
    await api.close();
  }
}

/** The most edits received within any one second (a sliding window over the Bot API's stamps). */
export function busiestSecond(stamps: readonly number[]): number {
  const sorted = [...stamps].sort((a, b) => a - b);
  let busiest = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  return busiest;
}

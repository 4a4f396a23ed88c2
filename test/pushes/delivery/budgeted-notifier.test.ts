// A 429 Telegram answers one instance's alert send holds every instance: the send goes through
// the real grammY client against the fake Bot API (a retry_after past auto-retry's bound: the send
// fails, to be retried later), and the other instance, on the same Redis, finds the platform's one
// budget held for the retry_after.
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { createTelegramBot } from '../../../src/chat/telegram/index.js';
import { systemClock } from '../../../src/domain/clock.js';
import { budgetedNotifier } from '../../../src/pushes/delivery/budgeted-notifier.js';
import { fleetBudget } from '../../../src/pushes/fleet-budget.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { fakeTransit, memoryStores } from '../../core/fakes.js';
import { startFakeBotApi } from '../../chat/telegram/fake-bot-api.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../../support/redis.js';

const TOKEN = '123456789:AAH-budgeted_notifier-test';
const opened: Array<{ close(): Promise<void> }> = [];
const namespaces: string[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
  for (const namespace of namespaces.splice(0)) await deleteNamespace(namespace);
});

describeRedis('an alert send met with a 429', () => {
  it('holds the other instance’s sends and edits for its retry_after', async () => {
    const api = await startFakeBotApi({ token: TOKEN });
    opened.push(api);
    const namespace = freshNamespace('budgeted-notifier');
    namespaces.push(namespace);
    const stores: Store[] = [];
    for (let i = 0; i < 2; i++) stores.push(await openStore({ dataDir: '/nonexistent', redisUrl: REDIS_URL, namespace }));
    opened.push(...stores);
    const logger = pino({ level: 'silent' });
    const [a, b] = stores.map((store) => fleetBudget(store.sharedRate!, 'telegram', { perSecond: 29 }, logger)) as [
      ReturnType<typeof fleetBudget>,
      ReturnType<typeof fleetBudget>,
    ];
    const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: systemClock });
    const telegram = createTelegramBot({
      token: TOKEN,
      apiRoot: api.apiRoot,
      logger,
      core,
      lifecycle: stores[0]!.lifecycle,
      retry: { maxDelaySeconds: 1 },
    });
    const notifier = budgetedNotifier(telegram.notifier, a);

    api.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 30', retry_after: 30 });
    const result = await notifier.send('42', { kind: 'answer', title: 'BASELINE (3017)', blocks: [] });
    expect(result.status).toBe('temporary-failure');
    // The hold goes to Redis beside the send's answer: asked until it is there.
    let wait = 0;
    for (let i = 0; i < 50 && wait === 0; i++) wait = await b.take();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(30_000);
  }, 15_000);
});

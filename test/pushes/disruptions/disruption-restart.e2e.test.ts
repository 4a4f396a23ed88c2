// A disruption push pending when the bot goes down is delivered after it comes back, once: the
// bot's alert side as real processes (instance.ts: the real store, scheduler and Telegram notifier)
// against the fake Telegram Bot API. On SQLite: the push refused by a 502, the process killed
// (SIGKILL) or stopped, started again on the same DATA_DIR. On Redis: the instance that took the
// scan dies before queueing anything, and the other one delivers. The scan's lease is shortened
// (a production lease lasts minutes); delivered within it, never twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/index.js';
import { startFakeBotApi, type FakeBotApi } from '../../chat/telegram/fake-bot-api.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../../support/redis.js';
import { testSettings } from '../fakes.js';
import type { InstanceOptions } from '../instance.js';
import { startInstance, type Instance } from '../instances.js';

const TOKEN = '123456789:AAH-disruption_restart-test';
const LEASE_MS = 4_000;
const DETOUR = { id: 'detour95', header: 'Route 95 detoured around Albert St', stops: ['3017'] };
/** The instances open their store under a namespace; on SQLite a fixed one (each test has its own DATA_DIR). */
const SQLITE_NAMESPACE = 'restart';
const root = mkdtempSync(join(tmpdir(), 'arrivals-disruption-restart-'));

let api: FakeBotApi;
const started: Instance[] = [];
beforeAll(async () => (api = await startFakeBotApi({ token: TOKEN })));
afterAll(async () => {
  for (const instance of started) await instance.kill();
  await api.close();
  rmSync(root, { recursive: true, force: true });
});

const toChat = (chatId: string) => api.callsOf('sendMessage').filter((c) => String(c.params.chat_id) === chatId);
/** Messages Telegram accepted (a refused call is recorded too, with its error as the answer). */
const deliveredTo = (chatId: string) => toChat(chatId).filter((c) => typeof c.answer === 'object' && c.answer !== null && 'message_id' in c.answer);

function options(name: string, store: { dataDir: string } | { namespace: string }, extra: Partial<InstanceOptions> = {}): InstanceOptions {
  return {
    name,
    ...('dataDir' in store ? { dataDir: store.dataDir, namespace: SQLITE_NAMESPACE } : { redisUrl: REDIS_URL, namespace: store.namespace }),
    platformUrl: 'http://127.0.0.1:9/unused',
    telegram: { apiRoot: api.apiRoot, token: TOKEN },
    // Wednesday 18 Nov 2026, 08:00 in Ottawa: no alert is due.
    now: '2026-11-18T13:00:00Z',
    settings: testSettings(),
    tuning: { disruptionScanLeaseMs: LEASE_MS, backoffMs: 200, sendingLeaseMs: 2_000 },
    disruptions: [DETOUR],
    ...extra,
  };
}

async function start(opts: InstanceOptions): Promise<Instance> {
  const instance = await startInstance(opts);
  started.push(instance);
  return instance;
}

/** Ticks until the chat got a message (within `ms`: the lease and a start's few seconds), then twice more; when it got it. */
async function tickUntilDelivered(instance: Instance, chatId: string, ms: number): Promise<number> {
  const end = performance.now() + ms;
  let ticks = 0;
  while (deliveredTo(chatId).length === 0 && performance.now() < end) {
    instance.tick();
    await instance.ticked(++ticks);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const at = performance.now();
  for (let i = 0; i < 2; i++) {
    instance.tick();
    await instance.ticked(++ticks);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  return at;
}

async function saveStop(store: { dataDir: string } | { namespace: string }, chatId: string): Promise<void> {
  const opened = await openStore(
    'dataDir' in store
      ? { dataDir: store.dataDir, namespace: SQLITE_NAMESPACE }
      : { dataDir: '/nonexistent', redisUrl: REDIS_URL, namespace: store.namespace },
  );
  await opened.savedStops.add({ platform: 'telegram', chatId }, { stopNo: '3017' }, 10);
  await opened.close();
}

describe('a disruption push refused by a 502, the bot down, started again on the same SQLite store', () => {
  it('killed: delivered once by the next start, once the dead scan lapses', async () => {
    const store = { dataDir: join(root, 'killed') };
    await saveStop(store, '42');
    api.failAlways('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    const first = await start(options('first', store));
    const scanned = performance.now();
    first.tick();
    await api.waitForCall('sendMessage', (c) => String(c.params.chat_id) === '42', 10_000);
    await first.kill();
    expect(deliveredTo('42')).toEqual([]);

    api.failAlways('sendMessage', undefined);
    const second = await start(options('second', store));
    const deliveredAt = await tickUntilDelivered(second, '42', 30_000);
    expect(deliveredTo('42')).toHaveLength(1);
    expect(String(deliveredTo('42')[0]!.params.text)).toContain('Route 95 detoured around Albert St');
    // Not before the dead instance's lease lapsed: until then its scan is left to it.
    expect(deliveredAt - scanned).toBeGreaterThan(LEASE_MS);
    await second.stop();
  }, 60_000);

  it('stopped: the next start delivers it at its first tick, once', async () => {
    const store = { dataDir: join(root, 'stopped') };
    await saveStop(store, '43');
    api.failAlways('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    // A lease far longer than the test: only letting it go on the stop can explain a delivery.
    const long = { tuning: { disruptionScanLeaseMs: 10 * 60_000, backoffMs: 200, sendingLeaseMs: 2_000 } };
    const first = await start(options('first', store, long));
    first.tick();
    await api.waitForCall('sendMessage', (c) => String(c.params.chat_id) === '43', 10_000);
    await first.stop();

    api.failAlways('sendMessage', undefined);
    const second = await start(options('second', store, long));
    second.tick();
    await second.ticked(1);
    await api.waitForCall('sendMessage', (c) => String(c.params.chat_id) === '43' && 'message_id' in Object(c.answer), 10_000);
    second.tick();
    await second.ticked(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(deliveredTo('43')).toHaveLength(1);
    await second.stop();
  }, 60_000);
});

describeRedis('two instances on one Redis: the one that took the scan dies', () => {
  const namespace = freshNamespace('disruption-restart');
  afterAll(() => deleteNamespace(namespace));

  it('before queueing anything: the other delivers the push once, after the lease lapses', async () => {
    const store = { namespace };
    await saveStop(store, '44');
    const [dying, survivor] = await Promise.all([start(options('dying', store, { stallStopDisruptions: true })), start(options('survivor', store))]);
    const scanned = performance.now();
    dying.tick();
    await dying.printed('asked 3017');
    // The survivor looks while the scan is held: nothing yet, and the snapshot not taken as seen.
    survivor.tick();
    await survivor.ticked(1);
    await dying.kill();
    expect(toChat('44')).toEqual([]);

    const deliveredAt = await tickUntilDelivered(survivor, '44', 30_000);
    expect(deliveredTo('44')).toHaveLength(1);
    expect(toChat('44')).toHaveLength(1);
    expect(deliveredAt - scanned).toBeGreaterThan(LEASE_MS);
    await survivor.stop();
  }, 60_000);
});

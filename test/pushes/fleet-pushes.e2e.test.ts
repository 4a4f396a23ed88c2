// Three instances on one Redis pushing alerts due in one minute and a round of live pins at once,
// through real HTTP to the fake Bot API, which stamps each request as it arrives: sends and edits
// drawn from the platform's one budget in Redis keep every second under Telegram's limit (about
// 30); each instance with its own budget goes well over. Then one group pushed by two instances
// (an alert and 30 live pins in it, one round each, within a minute): the chat's pace shared in Redis keeps it within Telegram's 20
// a minute to a group; each instance's own lets through more. Counts only, no timing asserted.
import { afterEach, expect, it } from 'vitest';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../support/redis.js';
import { busiestSecond } from './live/fleet-run.js';
import { fleetPushes, type FleetPushOptions } from './fleet-pushes.js';

/** Telegram's own figures: a bot's messages a second, and a group's a minute. */
const TELEGRAM_PER_SECOND = 30;
const GROUP_PER_MINUTE = 20;

const namespaces: string[] = [];
afterEach(async () => {
  for (const namespace of namespaces.splice(0)) await deleteNamespace(namespace);
});

function run(options: Omit<FleetPushOptions, 'redisUrl' | 'namespace'>) {
  const namespace = freshNamespace('fleet-pushes');
  namespaces.push(namespace);
  return fleetPushes({ ...options, redisUrl: REDIS_URL, namespace });
}

describeRedis("alerts and live edits of a fleet, through the platform's one budget", () => {
  it('three instances stay within Telegram’s limit in every second, sends and edits together; each its own budget does not', async () => {
    const shared = await run({ instances: 3, alerts: 60, pins: 60, shared: true });
    const sends = shared.requests.filter((r) => r.kind === 'send');
    expect(new Set(sends.map((r) => r.chatId)).size).toBe(60);
    expect(sends).toHaveLength(60);
    expect(shared.moved).toBe(60);
    expect(busiestSecond(shared.requests.map((r) => r.at))).toBeLessThanOrEqual(TELEGRAM_PER_SECOND);

    const alone = await run({ instances: 3, alerts: 60, pins: 60, shared: false });
    expect(alone.moved).toBe(60);
    expect(busiestSecond(alone.requests.map((r) => r.at))).toBeGreaterThan(TELEGRAM_PER_SECOND);
  }, 60_000);

  it('one group pushed by two instances gets at most 20 a minute; each instance’s own pace lets more through', async () => {
    const group = { chatId: '-100123', chatType: 'group' as const };
    // A short gap between two messages, so that the minute, not the gap, is what holds the group back.
    const settings = { chatIntervalMs: 50, groupPerMinute: GROUP_PER_MINUTE };
    // One instance's round, then the other's in the next round's slot, within the same minute.
    const shared = await run({ instances: 2, alerts: 1, pins: 30, shared: true, chat: group, settings, oneAfterAnother: true });
    // The alert and the edits share the group's minute: whichever came first, 20 in all, the rest wait.
    expect(shared.requests.length).toBeLessThanOrEqual(GROUP_PER_MINUTE);
    expect(shared.requests.length).toBeGreaterThanOrEqual(GROUP_PER_MINUTE - 1);
    expect(shared.deferred).toBeGreaterThan(0);

    const alone = await run({ instances: 2, alerts: 1, pins: 30, shared: false, chat: group, settings, oneAfterAnother: true });
    // Each instance lets its own 20 through.
    expect(alone.requests.length).toBeGreaterThan(GROUP_PER_MINUTE * 1.5);
  }, 60_000);
});

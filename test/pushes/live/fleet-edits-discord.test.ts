// Three instances on one Redis redrawing 120 live Discord embeds in the same round, each through
// its own REST client (discord.js, which keeps 50 requests a second per client) against the fake
// Discord, which stamps each PATCH as it arrives: drawn from the fleet's one bucket for Discord,
// no second at the fake holds more than Discord's 50; each instance on its own budget goes over.
import { pino } from 'pino';
import { afterEach, expect, it } from 'vitest';
import { createBotCore } from '../../../src/core/index.js';
import { DISCORD_EDIT_LIMITS, DISCORD_PUSHES_PER_SECOND } from '../../../src/chat/discord/limits.js';
import { discordLiveEditor } from '../../../src/chat/discord/live-messages.js';
import { createRest } from '../../../src/chat/discord/rest-options.js';
import { systemClock } from '../../../src/domain/clock.js';
import { fleetBudget } from '../../../src/pushes/fleet-budget.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import { openStore, type Store } from '../../../src/store/index.js';
import { fakeTransit, memoryStores } from '../../core/fakes.js';
import { startFakeDiscord, snowflake } from '../../chat/discord/fake-discord.js';
import { TOKEN } from '../../chat/discord/harness.js';
import { trackedBusBoard } from '../../chat/tracked-bus.js';
import { deleteNamespace, describeRedis, freshNamespace, REDIS_URL } from '../../support/redis.js';
import { busiestSecond } from './fleet-run.js';

const EMBEDS = 120;
const INSTANCES = 3;
/** Discord's own figure: a bot's requests a second. */
const DISCORD_PER_SECOND = 50;

const namespaces: string[] = [];
afterEach(async () => {
  for (const namespace of namespaces.splice(0)) await deleteNamespace(namespace);
});

/** One round of EMBEDS live embeds by INSTANCES instances at once: when the fake Discord received each PATCH. */
async function discordRound(shared: boolean): Promise<{ edits: number[]; moved: number }> {
  const namespace = freshNamespace('fleet-edits-discord');
  namespaces.push(namespace);
  const discord = await startFakeDiscord({ token: TOKEN });
  const stores: Store[] = [];
  try {
    for (let i = 0; i < INSTANCES; i++) stores.push(await openStore({ dataDir: '/nonexistent', redisUrl: REDIS_URL, namespace }));
    const edits: number[] = [];
    let lat = 45.4;
    const transit = fakeTransit({ next: { 'next 3017 95': () => trackedBusBoard(systemClock, (lat += 1e-5), 3) } });
    const core = createBotCore({ transit, ...memoryStores(), now: systemClock });
    const until = new Date(Date.now() + 60 * 60_000).toISOString();
    for (let i = 0; i < EMBEDS; i++) {
      const [channelId, messageId] = [snowflake(), snowflake()];
      discord.messages.set(messageId, { id: messageId, channel_id: channelId, content: '', embeds: [], components: [], flags: 0, history: [] });
      await stores[0]!.liveMessages.put({
        id: `discord.${channelId}.${messageId}`,
        platform: 'discord',
        chatId: channelId,
        chatType: 'channel',
        messageId,
        channelId,
        request: { name: 'where', options: { stop: '3017', route: '95', trip: '0740' } },
        until,
      });
    }
    const logger = pino({ level: 'silent' });
    const updaters = stores.map((store, i) =>
      createLiveUpdater({
        core,
        messages: store.liveMessages,
        claims: store.claims,
        editors: [discordLiveEditor(createRest(TOKEN, { apiRoot: discord.apiRoot }), (text) => text, logger)],
        budget: createEditBudget(DISCORD_EDIT_LIMITS, systemClock),
        ...(shared && store.sharedRate !== undefined
          ? { fleet: { discord: fleetBudget(store.sharedRate, 'discord', { perSecond: DISCORD_PUSHES_PER_SECOND }, logger) } }
          : {}),
        clock: systemClock,
        intervalMs: 30_000,
        instanceId: `instance-${i}`,
        logger,
      }),
    );
    const started = discord.calls.length;
    const rounds = await Promise.all(updaters.map((updater) => updater.round()));
    for (const call of discord.calls.slice(started)) if (call.method === 'PATCH' && call.status === 200) edits.push(call.at);
    return { edits, moved: rounds.reduce((n, r) => n + r.moved, 0) };
  } finally {
    await Promise.all(stores.map((store) => store.close()));
    await discord.close();
  }
}

describeRedis("live Discord edits of three instances on one Redis, through the fleet's bucket", () => {
  it('stay within Discord’s 50 a second at the fake Discord; each instance’s budget alone does not', async () => {
    const fleet = await discordRound(true);
    expect(fleet.moved).toBe(EMBEDS);
    expect(fleet.edits).toHaveLength(EMBEDS);
    expect(busiestSecond(fleet.edits)).toBeLessThanOrEqual(DISCORD_PER_SECOND);

    const alone = await discordRound(false);
    expect(alone.moved).toBe(EMBEDS);
    expect(busiestSecond(alone.edits)).toBeGreaterThan(DISCORD_PER_SECOND);
  }, 40_000);
});

// 🛎 on the fake Discord (gateway and REST), end to end on the demo network: /off 3017 95 3020 in
// a server channel, typed once the rider is aboard, follows the bus they are on (the soonest at
// LAURIER no longer to come at BASELINE) in its one embed, edited through the channel; the
// channel hears once that its stop is next (when the bus leaves MACKENZIE KING, the stop before)
// and once that it is there; the embed's last edit says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createBotCore } from '../../../src/core/create-core.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { startSimServer } from '../../../src/sim/index.js';
import { openStore } from '../../../src/store/index.js';
import { createGtfsSource } from '../../../src/sources/gtfs/source.js';
import { createLiveUpdater } from '../../../src/pushes/live/live-updater.js';
import { createEditBudget } from '../../../src/pushes/live/edit-budget.js';
import { DISCORD_EDIT_LIMITS } from '../../../src/chat/discord/limits.js';
import { LIVE_ROUND_MS } from '../../../src/pushes/timer.js';
import { startHarness } from '../../chat/discord/harness.js';
import { GUILD, slash } from '../../chat/discord/interactions.js';
import { capturingLogger } from '../fakes.js';

const KEY = 'track-discord-key';
const root = mkdtempSync(join(tmpdir(), 'arrivals-track-discord-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('🛎 on Discord', () => {
  it('follows the bus the rider is on to LAURIER, says once that it is next and once that it is there', async () => {
    const clock = fixedClock('2026-11-18T13:00:00Z');
    const sim = await startSimServer({ now: clock, apiKey: KEY });
    const transit = await createGtfsSource({
      schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
      tripUpdates: { kind: 'url', url: `${sim.url}/gtfs-rt/trip-updates` },
      vehiclePositions: { kind: 'url', url: `${sim.url}/gtfs-rt/vehicle-positions` },
      headers: { 'Ocp-Apim-Subscription-Key': KEY },
      refreshSeconds: 30,
      dataDir: join(root, 'feed'),
      now: clock,
      logger: capturingLogger().logger,
    });
    expect(await transit.refreshSchedule()).toBe('imported');
    const store = await openStore({ dataDir: join(root, 'data') });
    const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
    const h = await startHarness({ core, clock, liveMessages: store.liveMessages });
    const updater = createLiveUpdater({
      core,
      messages: store.liveMessages,
      claims: store.claims,
      editors: [h.bot.liveEditor],
      budget: createEditBudget(DISCORD_EDIT_LIMITS, clock),
      notifiers: [h.bot.notifier],
      clock,
      intervalMs: LIVE_ROUND_MS,
      instanceId: 'test',
      logger: capturingLogger().logger,
      sleep: (ms) => Promise.resolve(void clock.advance(ms)),
    });
    const posted = () => h.discord.callsTo('POST', new RegExp(`/channels/${GUILD.channelId}/messages$`)).map((c) => JSON.stringify(c.body));
    try {
      const token = h.discord.interact(slash('off', { stop: '3017', route: '95', off: '3020' }));
      await vi.waitFor(async () => expect(await store.liveMessages.list('discord')).toHaveLength(1), { timeout: 5000 });
      const answer = h.discord.original(token)!;
      expect(JSON.stringify(answer)).toMatch(/10 min \(08:10\) to your stop LAURIER \(3020\)/);
      const [record] = await store.liveMessages.list('discord');
      expect(record).toMatchObject({ kind: 'track', messageId: answer.id, request: { name: 'track', options: { trip: '0748', off: '3020' } } });

      const beforeLaurier: boolean[] = [];
      const noticesAt: number[] = [];
      for (let round = 0; round < 24; round++) {
        clock.advance(LIVE_ROUND_MS);
        const board = await transit.nextTrips('3000', '95');
        beforeLaurier.push(board.routes.some((r) => r.trips.some((t) => t.startTime === '07:48')));
        const sent = posted().length;
        await updater.round();
        for (let i = 0; i < 50 && posted().length === sent && round > 15; i++) await new Promise((r) => setTimeout(r, 5));
        for (let n = posted().length; n > sent; n--) noticesAt.push(round);
      }
      const told = posted();
      expect(told).toHaveLength(2);
      expect(told[0]).toContain('🛎 Your stop is next: LAURIER (3020)');
      expect(told[1]).toContain('🛎 You are at your stop: LAURIER (3020). Get off here.');
      // Each under its own nonce, enforced: sent again after a failure whose message was made, it shows once.
      const bodies = h.discord.callsTo('POST', new RegExp(`/channels/${GUILD.channelId}/messages$`)).map((c) => c.body);
      expect(bodies.map((b) => b.enforce_nonce)).toEqual([true, true]);
      expect(new Set(bodies.map((b) => b.nonce)).size).toBe(2);
      expect(beforeLaurier[noticesAt[0]! - 1]).toBe(true);
      expect(beforeLaurier[noticesAt[0]!]).toBe(false);
      const edits = h.discord
        .callsTo('PATCH', new RegExp(`^/channels/${answer.channel_id}/messages/${answer.id}$`))
        .map((c) => JSON.stringify(c.body));
      expect(edits.length).toBeGreaterThan(3);
      expect(edits.at(-1)).toContain('🚌 No longer followed: you are at your stop.');
      expect(await store.liveMessages.list('discord')).toEqual([]);
    } finally {
      await h.close();
      await store.close();
      await transit.close();
      await sim.close();
    }
  }, 60_000);
});

// Trip changes pushed to a Discord channel, against the local fake Discord (gateway and REST): the
// simulator's demo network as a GTFS zip and its trip updates over real HTTP, an alert made in the
// channel with /subscribe through the gateway, the pushes' realtime rounds. The channel hears once
// that its trip is cancelled and once that another vanished, in the channel's language, and never
// again while the feed keeps saying so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drivenPushes } from '../driven-pushes.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { startSimServer } from '../../../src/sim/index.js';
import { openStore } from '../../../src/store/index.js';
import { createGtfsSource } from '../../../src/sources/gtfs/source.js';
import { startHarness } from '../../chat/discord/harness.js';
import { GUILD, slash } from '../../chat/discord/interactions.js';
import { capturingLogger } from '../fakes.js';

const KEY = 'trip-changes-discord-key';
// Wednesday 18 Nov 2026, 08:00 in Ottawa: route 95 leaves 3017 every 6 minutes.
const START = '2026-11-18T13:00:00Z';
const VANISHING = '95-eastbound-weekday-0806';
const MANAGE_CHANNELS = 16n;
const CANCELLED = '95-eastbound-weekday-0812';
const root = mkdtempSync(join(tmpdir(), 'arrivals-trip-changes-discord-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('trip changes pushed to a Discord channel', () => {
  it('once when its trip is cancelled, once when another vanishes, in the channel’s language', async () => {
    const clock = fixedClock(START);
    const sim = await startSimServer({ now: clock, apiKey: KEY });
    const transit = await createGtfsSource({
      schedule: { kind: 'url', url: `${sim.url}/gtfs/static.zip` },
      tripUpdates: { kind: 'url', url: `${sim.url}/gtfs-rt/trip-updates` },
      headers: { 'Ocp-Apim-Subscription-Key': KEY },
      refreshSeconds: 30,
      dataDir: join(root, 'feed'),
      now: clock,
      logger: capturingLogger().logger,
    });
    expect(await transit.refreshSchedule()).toBe('imported');
    const store = await openStore({ dataDir: join(root, 'data') });
    const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
    const h = await startHarness({ core, clock });
    const pushes = drivenPushes({ core, store, transit, notifiers: [h.bot.notifier], clock, logger: capturingLogger().logger });
    const posted = () => h.discord.callsTo('POST', new RegExp(`/channels/${GUILD.channelId}/messages$`)).map((c) => JSON.stringify(c.body));
    /** The feed moves on half a minute, these trips changed; one realtime round, then its sends. */
    async function feedSays(changes: Parameters<typeof sim.setTripChanges>[0], expected: number) {
      sim.setTripChanges(changes);
      clock.advance(31_000);
      await pushes.realtime!();
      for (let i = 0; i < 100 && posted().length < expected; i++) await new Promise((resolve) => setTimeout(resolve, 30));
    }
    try {
      for (const [name, options] of [
        ['lang', { language: 'fr' }],
        ['subscribe', { stop: '3017', route: '95', time: '07:45' }],
      ] as const) {
        const payload = slash(name, options);
        // A channel's alerts are its administrators' to change.
        (payload.member as { permissions: string }).permissions = String(MANAGE_CHANNELS);
        const id = h.discord.interact(payload);
        // Answered in the interaction's callback, or deferred and then edited: either way, its answer.
        const answered = name === 'lang' ? /français/ : /Alerte \w+ créée/;
        for (let i = 0; i < 200 && !answered.test(JSON.stringify(h.discord.original(id) ?? {})); i++)
          await new Promise((resolve) => setTimeout(resolve, 25));
        expect(JSON.stringify(h.discord.original(id))).toMatch(answered);
      }
      expect(posted()).toEqual([]);
      await pushes.realtime!();
      await feedSays({ cancelled: [CANCELLED] }, 1);
      await feedSays({ cancelled: [CANCELLED], dropped: [VANISHING] }, 2);
      await feedSays({ cancelled: [CANCELLED], dropped: [VANISHING] }, 3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const told = posted();
      expect(told).toHaveLength(2);
      expect(told[0]).toMatch(/Le 95 prévu à 08:12 à l'arrêt 3017 est annulé/);
      expect(told[1]).toMatch(/disparu du suivi/);
    } finally {
      await pushes.stop();
      await h.close();
      await store.close();
      await transit.close();
      await sim.close();
    }
  }, 60_000);
});

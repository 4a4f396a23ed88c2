// A Discord channel subscribed with /subscribe, against the local fake Discord (gateway and REST):
// a member without Manage Channels is refused, one with it subscribes the channel, and the alert
// is posted to the channel once, at its minute, through the adapter's REST notifier.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPushes } from '../../../src/pushes/start-pushes.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { openStore } from '../../../src/store/index.js';
import { fakeTransit, route, stopArrivals, trip } from '../../core/fakes.js';
import { startHarness } from '../../chat/discord/harness.js';
import { GUILD, slash } from '../../chat/discord/interactions.js';
import { capturingLogger, testSettings } from '../fakes.js';
import { chatTypeOf } from '../../../src/chat/platforms.js';

const root = mkdtempSync(join(tmpdir(), 'arrivals-alerts-discord-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MANAGE_CHANNELS = 16n;
const EPHEMERAL = 64;

/** A slash command from a member whose permissions in the channel are `permissions`. */
function slashAs(permissions: bigint, options: Record<string, string>) {
  const payload = slash('subscribe', options);
  (payload.member as { permissions: string }).permissions = String(permissions);
  return payload;
}

describe('a Discord channel subscription', () => {
  it('needs Manage Channels, checked when the command runs; its alert is posted once at its minute', async () => {
    // Monday 23 Nov 2026, 07:29 in Ottawa (12:29Z).
    const clock = fixedClock('2026-11-23T12:29:00Z');
    const transit = fakeTransit({
      summary: { 'summary 3017': stopArrivals([route('95', [])], '3017', 'BASELINE') },
      all: { 'all 3017': stopArrivals([route('95', [trip(4), trip(19)])], '3017', 'BASELINE') },
    });
    const store = await openStore({ dataDir: join(root, 'data') });
    const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
    const h = await startHarness({ core, lifecycle: store.lifecycle, clock });
    const log = capturingLogger();
    const scheduler = startPushes({
      core,
      store,
      transit,
      notifiers: [h.bot.notifier],
      chatTypeOf,
      settings: testSettings(),
      clock,
      logger: log.logger,
      timer: false,
    });
    try {
      const refused = h.discord.interact(slashAs(1071698660929n, { stop: '3017', route: '95', time: '07:30' }));
      await h.discord.waitForCall('POST', /webhooks\/\d+\/[^/]+$/, (c) => c.path.includes(refused));
      expect(h.discord.followUps(refused)[0]).toMatchObject({ content: "Only this group's administrators can change its alerts.", flags: EPHEMERAL });

      const allowed = h.discord.interact(slashAs(1071698660929n | MANAGE_CHANNELS, { stop: '3017', route: '95', time: '07:30' }));
      await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(allowed));
      expect(JSON.stringify(h.discord.original(allowed))).toMatch(/Alert [a-z0-9]{4} set: route 95 at 3017 at 07:30, every day/);

      const posted = () => h.discord.callsTo('POST', new RegExp(`/channels/${GUILD.channelId}/messages$`));
      for (const at of ['2026-11-23T12:29:30Z', '2026-11-23T12:30:00Z', '2026-11-23T12:30:40Z', '2026-11-23T12:31:00Z']) {
        clock.set(at);
        await scheduler.tick();
        await scheduler.tick.settled();
      }
      expect(posted()).toHaveLength(1);
      expect(JSON.stringify(posted()[0]!.body)).toContain('BASELINE (3017)');
    } finally {
      await scheduler.stop();
      await h.close();
      await store.close();
    }
  });
});

// Disruptions pushed to a Discord channel, against the local fake Discord (gateway and REST) and
// the demo server's Service Alerts over real HTTP: the channel that saved a stop gets each
// disruption touching it once (the same snapshot again pushes nothing; a changed one once more),
// and once one of its members with Manage Channels says /disruptions off (one without is refused),
// nothing more.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { drivenPushes } from '../driven-pushes.js';
import { createBotCore } from '../../../src/core/create-core.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { DEMO_DISRUPTIONS, startSimServer } from '../../../src/sim/index.js';
import { openStore } from '../../../src/store/index.js';
import { startHarness } from '../../chat/discord/harness.js';
import { GUILD, slash } from '../../chat/discord/interactions.js';
import { capturingLogger } from '../fakes.js';
import { openDemoWithDisruptions } from '../../disruptions/helpers.js';

const root = mkdtempSync(join(tmpdir(), 'arrivals-disruptions-discord-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const MANAGE_CHANNELS = 16n;
const EPHEMERAL = 64;
const MEMBER = 1071698660929n;

function slashAs(permissions: bigint, name: string, options: Record<string, string>) {
  const payload = slash(name, options);
  (payload.member as { permissions: string }).permissions = String(permissions);
  return payload;
}

const detourSaying = (text: string) =>
  DEMO_DISRUPTIONS.map((e) => (e.id === 'detour95' ? { ...e, alert: { ...e.alert, headerText: { translation: [{ text, language: 'en' }] } } } : e));

describe('disruptions pushed to a Discord channel', () => {
  it('once each, once more when changed, nothing after /disruptions off (administrators only)', async () => {
    const clock = fixedClock('2026-11-18T13:00:00Z');
    const sim = await startSimServer({ now: clock });
    const opened = await openDemoWithDisruptions(sim.url, clock);
    const transit = opened.source;
    const store = await openStore({ dataDir: join(root, 'data') });
    const core = createBotCore({ transit, chats: store.chats, savedStops: store.savedStops, subscriptions: store.subscriptions, now: clock });
    const h = await startHarness({ core, clock });
    const scheduler = drivenPushes({ core, store, transit, notifiers: [h.bot.notifier], clock, logger: capturingLogger().logger });
    /** Until the feed reads what the demo server now serves (the poll refreshes in the background). */
    async function fresh(unlike: string): Promise<string> {
      for (let i = 0; i < 100; i++) {
        const reading = await transit.disruptions!({});
        const ids =
          reading.status === 'ok'
            ? reading.disruptions
                .map((d) => `${d.id}:${d.version}`)
                .sort()
                .join()
            : '';
        if (ids !== '' && ids !== unlike) return ids;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the feed never refreshed');
    }
    const tick = async () => {
      await scheduler.tick();
      await scheduler.tick.settled();
    };
    const posted = () => h.discord.callsTo('POST', new RegExp(`/channels/${GUILD.channelId}/messages$`));
    try {
      const saved = h.discord.interact(slashAs(MEMBER, 'save', { stop: '3017' }));
      await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(saved));

      const demo = await fresh('');
      await tick();
      clock.set('2026-11-18T13:01:00Z');
      await tick();
      expect(posted()).toHaveLength(1);
      const first = JSON.stringify(posted()[0]!.body);
      expect(first).toContain('Disruption at your stop 3017');
      expect(first).toContain('Route 95 detoured around Albert St');
      expect(first).not.toContain('Laurier');

      sim.setDisruptions(detourSaying('Route 95 detoured around Albert St and Kent St'));
      clock.set('2026-11-18T13:05:00Z');
      const changed = await fresh(demo);
      await tick();
      clock.set('2026-11-18T13:06:00Z');
      await tick();
      expect(posted()).toHaveLength(2);
      expect(JSON.stringify(posted()[1]!.body)).toContain('Albert St and Kent St');

      const refused = h.discord.interact(slashAs(MEMBER, 'disruptions', { pushes: 'off' }));
      // Answered at once (it asks no transit service): in the interaction's callback.
      await h.discord.waitForCall('POST', /\/callback$/, (c) => c.path.includes(refused));
      expect(h.discord.original(refused)).toMatchObject({ content: "Only this group's administrators can change its alerts.", flags: EPHEMERAL });
      const off = h.discord.interact(slashAs(MEMBER | MANAGE_CHANNELS, 'disruptions', { pushes: 'off' }));
      await h.discord.waitForCall('POST', /\/callback$/, (c) => c.path.includes(off));
      expect(JSON.stringify(h.discord.original(off))).toContain('no longer be pushed');

      sim.setDisruptions(detourSaying('Route 95 back on Albert St from Monday'));
      clock.set('2026-11-18T13:10:00Z');
      await fresh(changed);
      await tick();
      expect(posted()).toHaveLength(2);
    } finally {
      await scheduler.stop();
      await h.close();
      await store.close();
      await sim.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { fixedClock } from '../../src/domain/clock.js';
import { createTransitClient } from '../../src/sources/octranspo-v12/index.js';
import { startSimServer } from '../../src/sim/index.js';
import { memoryStores, privateChat } from '../core/fakes.js';

// The offline demo (the v1.2 source on the embedded server): a rider presses 📍 and sees the bus
// on a map; a minute later the same bus is further along its route.

describe('where is my bus, on the built-in demo', () => {
  it('the map link follows the bus as the clock runs', async () => {
    const now = fixedClock('2026-03-10T08:00:00-04:00');
    const server = await startSimServer({ now, apiKey: 'demo-key-0000' });
    try {
      const transit = createTransitClient({
        baseUrl: server.url,
        appId: 'arrivals-demo',
        apiKey: 'demo-key-0000',
        timeoutMs: 5000,
        retryDelayMs: 1,
        cacheTtlMs: { nextTrips: 0, routeSummary: 0, gtfs: 0 },
      });
      const core = createBotCore({ transit, ...memoryStores(), now });
      const board = await core.handleText('3017', privateChat());
      const buttons = board!.buttons!.flat().filter((b) => b.command.name === 'where');
      expect(buttons.length).toBeGreaterThan(0);
      const link = /https:\/\/www\.openstreetmap\.org\/\?mlat=[-\d.]+&mlon=[-\d.]+#map=17\/[-\d./]+/;
      const mapOf = async (command: (typeof buttons)[number]['command']) => renderPlainText(await core.run(command, privateChat())).match(link)?.[0];
      const before = await Promise.all(buttons.map((b) => mapOf(b.command)));
      // Every live bus is on the map (the demo's fixes are fresh).
      expect(before.every((l) => l !== undefined)).toBe(true);
      now.advance(60_000);
      const after = await Promise.all(buttons.map((b) => mapOf(b.command)));
      // A minute later the buses on the road are elsewhere (those waiting at their terminal are not).
      const moved = before.filter((l, i) => after[i] !== undefined && after[i] !== l);
      expect(moved.length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});

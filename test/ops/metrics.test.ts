import { afterEach, describe, expect, it } from 'vitest';
import { createOps } from '../../src/ops/ops.js';
import type { OpsServer } from '../../src/ops/server.js';
import { startPushes, type Pushes } from '../../src/pushes/start-pushes.js';
import { createBotCore } from '../../src/core/create-core.js';
import { fixedClock } from '../../src/domain/clock.js';
import { at, capturingLogger, memoryClaims, recordingNotifier, subscription, testSettings } from '../pushes/fakes.js';
import { DEFAULT_ARRIVALS } from '../pushes/harness.js';
import { fakeTransit, memoryStores } from '../core/fakes.js';
import { chatTypeOf } from '../../src/chat/platforms.js';

let scheduler: Pushes | undefined;
let server: OpsServer | undefined;
afterEach(async () => {
  await scheduler?.stop();
  await server?.close();
});

describe('/metrics and /healthz', () => {
  it('counts what a tick found, sent and asked upstream; liveness follows the ticks', async () => {
    const clock = fixedClock('2026-11-23T12:30:04Z');
    const stores = memoryStores();
    await stores.subscriptions.add(subscription(at('07:30')), 20);
    const transit = fakeTransit({ all: { 'all 3017': DEFAULT_ARRIVALS() } });
    const core = createBotCore({ transit, ...stores, now: clock });
    const notifier = recordingNotifier(clock);
    const ops = createOps({ clock, feeds: () => [] });
    scheduler = startPushes({
      core,
      store: { subscriptions: stores.subscriptions, claims: memoryClaims(), lifecycle: stores.lifecycle },
      transit,
      notifiers: [notifier],
      chatTypeOf,
      settings: testSettings(),
      clock,
      logger: capturingLogger().logger,
      metrics: ops.metrics,
      timer: false,
    });
    server = await ops.serve({ port: 0, logger: capturingLogger().logger });
    const base = `http://127.0.0.1:${server.port}`;

    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await scheduler.tick();
    await scheduler.tick.settled();
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toContain('alerts_due_total 1');
    expect(metrics).toContain('alerts_sent_total{platform="telegram"} 1');
    expect(metrics).toContain('alerts_tick_upstream_calls 1');
    expect(metrics).toContain('alerts_queue_depth 0');
    expect(metrics).toContain('alerts_lateness_seconds_bucket{le="5",platform="telegram"} 1');
    expect(metrics).toContain('process_resident_memory_bytes');

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, lastTick: '2026-11-23T12:30:04.000Z' });
    expect((await fetch(`${base}/livez`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    clock.advance(4 * 60_000);
    // No tick for 3 minutes: the timer stopped turning, which a restart mends.
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    expect((await fetch(`${base}/livez`)).status).toBe(503);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect((await fetch(`${base}/other`)).status).toBe(404);
  });
});

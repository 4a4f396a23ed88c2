import { afterEach, describe, expect, it } from 'vitest';
import { startAlertScheduler, type AlertScheduler } from '../../src/alerts/scheduler.js';
import { createBotCore } from '../../src/core/create-core.js';
import { fixedClock } from '../../src/domain/clock.js';
import { at, capturingLogger, memoryClaims, recordingNotifier, subscription, testSettings } from '../alerts/fakes.js';
import { DEFAULT_ARRIVALS } from '../alerts/harness.js';
import { fakeTransit, memoryStores } from '../core/fakes.js';
import { chatTypeOf } from '../../src/chat/platforms.js';

let scheduler: AlertScheduler | undefined;
afterEach(async () => scheduler?.stop());

describe('/metrics and /healthz', () => {
  it('counts what a tick found, sent and asked upstream; health follows the ticks', async () => {
    const clock = fixedClock('2026-11-23T12:30:04Z');
    const stores = memoryStores();
    await stores.subscriptions.add(subscription(at('07:30')), 20);
    const transit = fakeTransit({ all: { 'all 3017': DEFAULT_ARRIVALS() } });
    const core = createBotCore({ transit, ...stores, now: clock });
    const notifier = recordingNotifier(clock);
    scheduler = await startAlertScheduler({
      core,
      store: { subscriptions: stores.subscriptions, claims: memoryClaims(), lifecycle: stores.lifecycle },
      transit,
      notifiers: [notifier],
      chatTypeOf,
      settings: testSettings(),
      clock,
      logger: capturingLogger().logger,
      cron: false,
      metricsPort: 0,
    });
    const base = `http://127.0.0.1:${scheduler.metricsPort}`;

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
    clock.advance(4 * 60_000);
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    expect((await fetch(`${base}/other`)).status).toBe(404);
  });
});

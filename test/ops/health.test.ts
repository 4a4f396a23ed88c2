// Liveness apart from readiness: a feed without its schedule never fails liveness (a probe would
// restart the bot for nothing); it holds readiness back until its schedule is in.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import { healthAnswer } from '../../src/domain/health.js';
import type { FeedStatus } from '../../src/domain/transit-source.js';
import { createHealth } from '../../src/ops/health.js';

describe('health', () => {
  it('is live while the ticks turn, whatever the feeds; ready once every feed has its schedule', () => {
    const clock = fixedClock('2026-11-23T12:30:00Z');
    const ticks: { last?: number } = {};
    let feeds: FeedStatus[] = [{ feed: 'oc', schedule: 'loading', realtime: 'none' }];
    const health = createHealth({ clock, lastTick: () => ticks.last, feeds: () => feeds });
    expect(health.live()).toEqual({ ok: true, lastTick: null });
    expect(health.ready()).toMatchObject({ ok: false, feeds: [{ feed: 'oc', schedule: 'loading' }] });
    feeds = [{ feed: 'oc', schedule: 'failed', realtime: 'none' }];
    expect(health.live().ok).toBe(true);
    expect(health.ready().ok).toBe(false);
    feeds = [{ feed: 'oc', schedule: 'ready', realtime: 'ok' }];
    expect(health.ready()).toMatchObject({ ok: true, lastTick: null });

    clock.advance(2 * 60_000);
    ticks.last = clock().getTime();
    clock.advance(2 * 60_000);
    expect(health.live()).toEqual({ ok: true, lastTick: '2026-11-23T12:32:00.000Z' });
    clock.advance(60_000);
    // Three minutes without a finished tick: the timer is stuck, which a restart mends.
    expect(health.live().ok).toBe(false);
    expect(health.ready().ok).toBe(false);
  });

  it('says a refused realtime feed in words on every probe, failing none; a feed merely not answering is left to /readyz', () => {
    const clock = fixedClock('2026-11-23T12:30:00Z');
    const refused = { kind: 'refused', message: 'HTTP 403: STO refused the signed request', at: '2026-11-23T12:29:00.000Z' } as const;
    const feeds: FeedStatus[] = [
      { feed: 'sto', schedule: 'ready', realtime: 'failing', realtimeProblem: refused },
      {
        feed: 'oc',
        schedule: 'ready',
        realtime: 'failing',
        realtimeProblem: { kind: 'unavailable', message: 'timeout', at: '2026-11-23T12:29:30.000Z' },
      },
    ];
    const health = createHealth({ clock, lastTick: () => undefined, feeds: () => feeds });
    const said = ['sto: realtime refused since 2026-11-23T12:29:00.000Z: HTTP 403: STO refused the signed request'];
    expect(health.live()).toEqual({ ok: true, lastTick: null, problems: said });
    expect(health.ready()).toMatchObject({
      ok: true,
      problems: said,
      feeds: [{ realtimeProblem: refused }, { realtimeProblem: { kind: 'unavailable' } }],
    });
  });

  it('/healthz and /livez answer liveness, /readyz readiness; any other path is not a probe', () => {
    const health = { live: () => ({ ok: true }), ready: () => ({ ok: false, feeds: [] }) };
    expect(healthAnswer('/healthz', health)).toEqual({ status: 200, body: '{"ok":true}' });
    expect(healthAnswer('/livez', health)).toEqual({ status: 200, body: '{"ok":true}' });
    expect(healthAnswer('/readyz', health)).toEqual({ status: 503, body: '{"ok":false,"feeds":[]}' });
    expect(healthAnswer('/metrics', health)).toBeUndefined();
    expect(healthAnswer('/toString', health)).toBeUndefined();
  });
});

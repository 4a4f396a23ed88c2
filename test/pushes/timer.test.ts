// The pushes' one timer, fired by hand at the instants the test chooses (node-cron's place): the
// minute's tick at :00, a live round at :00 and :30, one start and one stop for both.
import { describe, expect, it } from 'vitest';
import { createPushesTimer, LIVE_ROUND_MS, type Schedule } from '../../src/pushes/timer.js';
import { capturingLogger } from './fakes.js';

function handFired() {
  let fire: ((at: Date) => void) | undefined;
  const state = { expression: '', destroyed: false };
  const schedule: Schedule = (expression, f) => {
    state.expression = expression;
    fire = f;
    return { destroy: () => void (state.destroyed = true) };
  };
  return { schedule, state, fire: (iso: string) => fire!(new Date(iso)) };
}

/** Work that counts its runs and finishes only when told. */
function work() {
  const runs = { minute: 0, live: 0 };
  const pending: Array<() => void> = [];
  const job = (kind: keyof typeof runs) => () => {
    runs[kind] += 1;
    return new Promise<void>((resolve) => pending.push(resolve));
  };
  return { runs, minute: job('minute'), liveRound: job('live'), finish: () => pending.splice(0).forEach((resolve) => resolve()) };
}

describe('the pushes timer', () => {
  it('fires every half-minute: the tick at the minute, a live round at both; one tick at start', async () => {
    const cron = handFired();
    const w = work();
    const timer = createPushesTimer({ minute: w.minute, liveRound: w.liveRound }, { logger: capturingLogger().logger, schedule: cron.schedule });
    timer.start();
    expect(cron.state.expression).toBe(`*/${LIVE_ROUND_MS / 1000} * * * * *`);
    // A restart may have missed minutes: the tick runs at once, the live messages wait for their round.
    expect(w.runs).toEqual({ minute: 1, live: 0 });
    cron.fire('2026-11-23T12:30:00.000Z');
    expect(w.runs).toEqual({ minute: 2, live: 1 });
    cron.fire('2026-11-23T12:30:30.000Z');
    expect(w.runs).toEqual({ minute: 2, live: 2 });
    cron.fire('2026-11-23T12:31:00.000Z');
    expect(w.runs).toEqual({ minute: 3, live: 3 });
    w.finish();
    await timer.stop();
  });

  it('reads the realtime feeds every half-minute, whether or not there are live messages', async () => {
    const cron = handFired();
    const w = work();
    let reads = 0;
    const timer = createPushesTimer(
      { minute: w.minute, realtimeRound: () => Promise.resolve(void (reads += 1)) },
      { logger: capturingLogger().logger, schedule: cron.schedule },
    );
    timer.start();
    cron.fire('2026-11-23T12:30:00.000Z');
    cron.fire('2026-11-23T12:30:30.000Z');
    expect(reads).toBe(2);
    w.finish();
    await timer.stop();
  });

  it('without live editors, only ticks', () => {
    const cron = handFired();
    const w = work();
    const timer = createPushesTimer({ minute: w.minute }, { logger: capturingLogger().logger, schedule: cron.schedule });
    timer.start();
    cron.fire('2026-11-23T12:30:00.000Z');
    cron.fire('2026-11-23T12:30:30.000Z');
    expect(w.runs).toEqual({ minute: 2, live: 0 });
    w.finish();
  });

  it('stop ends the firing and resolves once the tick and the round under way have finished', async () => {
    const cron = handFired();
    const w = work();
    const timer = createPushesTimer({ minute: w.minute, liveRound: w.liveRound }, { logger: capturingLogger().logger, schedule: cron.schedule });
    timer.start();
    cron.fire('2026-11-23T12:30:00.000Z');
    let stopped = false;
    const stopping = timer.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cron.state.destroyed).toBe(true);
    expect(stopped).toBe(false);
    w.finish();
    await stopping;
    expect(stopped).toBe(true);
    // A fire that node-cron had already started when it was destroyed starts nothing.
    cron.fire('2026-11-23T12:30:30.000Z');
    expect(w.runs).toEqual({ minute: 2, live: 1 });
  });
});

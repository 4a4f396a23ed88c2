import { describe, expect, it } from 'vitest';
import { createPolledFeed } from '../../src/sources/polled-feed.js';

// The one polling every feed shares (trip updates, vehicle positions, GTFS-Realtime alerts, RSS):
// at most one request per interval and one out at a time, the last good answer kept through a
// failure, the operator told once per change of trouble.

function setup(answers: Array<string | Error>) {
  let nowMs = 0;
  const told: string[] = [];
  let release: (() => void) | undefined;
  let held = false;
  const feed = createPolledFeed<string>({
    async load() {
      if (held) await new Promise<void>((done) => (release = done));
      const answer = answers.shift() ?? new Error('no more answers');
      if (answer instanceof Error) throw answer;
      return answer;
    },
    refreshMs: 60_000,
    now: () => new Date(nowMs),
    onFailure: (problem) => told.push(`failing: ${problem.message}`),
    onRecovery: () => told.push('answering again'),
  });
  return {
    feed,
    told,
    at: (ms: number) => (nowMs = ms),
    hold: () => (held = true),
    release: () => ((held = false), release?.()),
  };
}

describe('a polled feed', () => {
  it('asks once per interval, and callers during a request share it', async () => {
    const { feed, at, hold, release } = setup(['one', 'two']);
    hold();
    const first = feed.refreshIfDue();
    expect(feed.refreshIfDue()).toBe(first);
    release();
    await first;
    expect(feed.refreshIfDue()).toBeUndefined();
    at(59_999);
    expect(feed.refreshIfDue()).toBeUndefined();
    at(60_000);
    await feed.refreshIfDue();
    expect([feed.requests, feed.last]).toEqual([2, { value: 'two', at: 60_000 }]);
  });

  it('keeps the last good answer through failures, and tells of each change of trouble once', async () => {
    const { feed, told, at } = setup(['one', new Error('HTTP 503'), new Error('HTTP 503'), new Error('timeout'), 'two']);
    await feed.refreshIfDue();
    for (const ms of [60_000, 120_000, 180_000]) {
      at(ms);
      await feed.refreshIfDue();
      expect(feed.last).toEqual({ value: 'one', at: 0 });
    }
    expect(feed.problem?.message).toBe('timeout');
    at(240_000);
    await feed.refreshIfDue();
    expect([feed.last?.value, feed.problem]).toEqual(['two', undefined]);
    expect(told).toEqual(['failing: HTTP 503', 'failing: timeout', 'answering again']);
  });

  it('asks again at once when the clock is set back, instead of waiting out the interval', async () => {
    const { feed, at } = setup(['one', 'two']);
    at(600_000);
    await feed.refreshIfDue();
    at(300_000);
    await feed.refreshIfDue();
    expect(feed.last?.value).toBe('two');
  });
});

import { describe, expect, it } from 'vitest';
import type { Deliver, DeliveryOutcome } from '../../src/alerts/deliver.js';
import { createLocalQueue } from '../../src/alerts/local-queue.js';
import { noMetrics } from '../../src/alerts/metrics-sink.js';
import { queuedKey, type AlertJob } from '../../src/alerts/occurrence.js';
import { spacedNotifier } from '../../src/alerts/spaced-notifier.js';
import { capturingLogger, memoryClaims } from './fakes.js';

const job = (id: string, chatId = id): AlertJob => ({ id, chat: { platform: 'telegram', chatId, chatType: 'private' }, dueAt: 0, parts: [] });

function queueWith(deliver: Deliver, claims = memoryClaims()) {
  const log = capturingLogger();
  const queue = createLocalQueue({ deliver, claims, instance: 'me', logger: log.logger, metrics: noMetrics, backoffMs: 2, attempts: 3 });
  return { queue, claims, log };
}

describe('the in-process queue', () => {
  it("delivers each job once; the same id again is a repeat; another process's hold leaves it alone", async () => {
    const delivered: string[] = [];
    const { queue, claims } = queueWith((j) => (delivered.push(j.id), Promise.resolve<DeliveryOutcome>({ kind: 'sent', messages: 1 })));
    await claims.claim(queuedKey('b'), 'other process', 60_000);
    const results = await queue.enqueue([job('a'), job('b')]);
    expect(results.map((r) => r.state)).toEqual(['queued', 'held-elsewhere']);
    await (results[0] as { handled: Promise<void> }).handled;
    expect((await queue.enqueue([job('a')]))[0]!.state).toBe('repeat');
    expect(delivered).toEqual(['a']);
    await queue.close();
  });

  it('waits without spending an attempt; retries with a bound, then gives up', async () => {
    const outcomes: Record<string, DeliveryOutcome[]> = {
      w: [
        { kind: 'wait', ms: 5 },
        { kind: 'wait', ms: 5 },
        { kind: 'wait', ms: 5 },
        { kind: 'sent', messages: 1 },
      ],
      r: [
        { kind: 'retry', reason: 'x' },
        { kind: 'retry', reason: 'x' },
        { kind: 'retry', reason: 'x' },
        { kind: 'sent', messages: 1 },
      ],
    };
    const calls: string[] = [];
    const { queue, log } = queueWith((j) => (calls.push(j.id), Promise.resolve(outcomes[j.id]!.shift()!)));
    const results = await queue.enqueue([job('w'), job('r')]);
    await Promise.all(results.map((r) => (r as { handled: Promise<void> }).handled));
    expect(calls.filter((id) => id === 'w')).toHaveLength(4);
    expect(calls.filter((id) => id === 'r')).toHaveLength(3);
    expect(log.lines.filter((l) => l.msg === 'alert given up after repeated temporary failures')).toHaveLength(1);
    await queue.close();
  });

  it('a deliver that throws counts as a temporary failure', async () => {
    let n = 0;
    const { queue } = queueWith(() => {
      if (++n === 1) throw new Error('boom');
      return Promise.resolve({ kind: 'sent', messages: 1 });
    });
    const [result] = await queue.enqueue([job('a')]);
    await (result as { handled: Promise<void> }).handled;
    expect(n).toBe(2);
    await queue.close();
  });

  it('on close, lets go of what it had not sent, so the next process can take it at once', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { queue, claims } = queueWith(() => gate.then((): DeliveryOutcome => ({ kind: 'sent', messages: 1 })));
    const jobs = Array.from({ length: 12 }, (_, i) => job(`j${i}`));
    await queue.enqueue(jobs);
    expect(await queue.depth()).toBe(12);
    const closing = queue.close();
    release();
    await closing;
    const held = await Promise.all(jobs.map((j) => claims.holder(queuedKey(j.id))));
    // Eight were being sent (the concurrency) and finished; the other four were let go.
    expect(held.filter((h) => h === undefined)).toHaveLength(4);
  });
});

describe('spacing sends to a rate', () => {
  it('starts at most perSecond sends a second, evenly spaced', async () => {
    let now = 0;
    const starts: number[] = [];
    const notifier = spacedNotifier({ platform: 'telegram', send: () => (starts.push(now), Promise.resolve({ status: 'sent' as const })) }, 25, {
      now: () => now,
      sleep: (ms) => Promise.resolve(void (now += ms)),
    });
    for (let i = 0; i < 5; i++) await notifier.send('1', { kind: 'answer', blocks: [] });
    expect(starts).toEqual([0, 40, 80, 120, 160]);
  });

  it('an event loop held up delays the next sends instead of letting them out together', async () => {
    let now = 0;
    let stalls = 1;
    const starts: number[] = [];
    const notifier = spacedNotifier({ platform: 'telegram', send: () => (starts.push(now), Promise.resolve({ status: 'sent' as const })) }, 25, {
      now: () => now,
      // The first wait overruns by 100 ms, as a timer does behind a long synchronous task.
      sleep: (ms) => Promise.resolve(void (now += ms + (stalls-- > 0 ? 100 : 0))),
    });
    await Promise.all(Array.from({ length: 4 }, () => notifier.send('1', { kind: 'answer', blocks: [] })));
    expect(starts).toEqual([0, 140, 180, 220]);
  });
});

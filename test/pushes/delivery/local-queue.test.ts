import { describe, expect, it } from 'vitest';
import type { Deliver, DeliveryOutcome } from '../../../src/pushes/delivery/deliver.js';
import { createLocalQueue } from '../../../src/pushes/delivery/local-queue.js';
import { noMetrics } from '../../../src/domain/alert-metrics-sink.js';
import type { AlertJob } from '../../../src/pushes/delivery/job.js';
import { spacedNotifier } from '../../../src/pushes/delivery/spaced-notifier.js';
import { capturingLogger } from '../fakes.js';

const job = (id: string, chatId = id): AlertJob => ({ id, chat: { platform: 'telegram', chatId, chatType: 'private' }, dueAt: 0, parts: [] });

function queueWith(deliver: Deliver) {
  const log = capturingLogger();
  const queue = createLocalQueue({ deliver, logger: log.logger, metrics: noMetrics, backoffMs: 2, attempts: 3 });
  return { queue, log };
}

describe('the in-process queue', () => {
  it('delivers each job once; the same id again is a repeat', async () => {
    const delivered: string[] = [];
    const { queue } = queueWith((j) => (delivered.push(j.id), Promise.resolve<DeliveryOutcome>({ kind: 'sent', messages: 1 })));
    const results = await queue.enqueue([job('a'), job('b')]);
    expect(results.map((r) => r.state)).toEqual(['queued', 'queued']);
    await Promise.all(results.map((r) => r.handled));
    expect((await queue.enqueue([job('a')]))[0]!.state).toBe('repeat');
    expect(delivered).toEqual(['a', 'b']);
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
    await Promise.all(results.map((r) => r.handled));
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
    await result!.handled;
    expect(n).toBe(2);
    await queue.close();
  });

  it('on close, finishes the sends under way and starts no more; what is left waits for the next start', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const { queue } = queueWith(() => (started++, gate.then((): DeliveryOutcome => ({ kind: 'sent', messages: 1 }))));
    const results = await queue.enqueue(Array.from({ length: 12 }, (_, i) => job(`j${i}`)));
    expect(await queue.depth()).toBe(12);
    const closing = queue.close();
    release();
    await closing;
    // Eight were being sent (the concurrency) and finished; the other four never started.
    expect(started).toBe(8);
    const settled = await Promise.all(
      results.map((r) => Promise.race([r.handled.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 50))])),
    );
    expect(settled.filter(Boolean)).toHaveLength(8);
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

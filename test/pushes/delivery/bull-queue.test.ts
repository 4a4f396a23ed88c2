import { afterEach, expect, it } from 'vitest';
import { createBullQueue, limiterFor } from '../../../src/pushes/delivery/bull-queue.js';
import type { Deliver, DeliveryOutcome } from '../../../src/pushes/delivery/deliver.js';
import { noMetrics } from '../../../src/domain/alert-metrics-sink.js';
import type { AlertJob } from '../../../src/pushes/delivery/job.js';
import type { DeliveryQueue } from '../../../src/pushes/delivery/queue.js';
import { capturingLogger, testSettings } from '../fakes.js';
import { REDIS_URL, deleteNamespace, describeRedis, freshNamespace } from '../../support/redis.js';

const job = (id: string): AlertJob => ({ id, chat: { platform: 'telegram', chatId: id, chatType: 'private' }, dueAt: 0, parts: [] });
const until = async (check: () => boolean, ms = 8_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

let cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function queueWith(deliver: Deliver) {
  const namespace = freshNamespace('bull');
  const log = capturingLogger();
  const queue: DeliveryQueue = createBullQueue({
    redisUrl: REDIS_URL,
    prefix: `${namespace}:bull`,
    platforms: ['telegram'],
    deliver,
    settings: testSettings(),
    logger: log.logger,
    metrics: noMetrics,
    attempts: 3,
    backoffMs: 20,
  });
  cleanup.push(
    () => queue.close(),
    () => deleteNamespace(namespace),
  );
  return { queue, log };
}

describeRedis('the BullMQ delivery queue', () => {
  it('delivers a job once; the same id enqueued again is a no-op', async () => {
    const delivered: string[] = [];
    const { queue } = queueWith((j) => (delivered.push(j.id), Promise.resolve<DeliveryOutcome>({ kind: 'sent', messages: 1 })));
    expect((await queue.enqueue([job('alert.telegram.1.100'), job('alert.telegram.2.100')])).map((r) => r.state)).toEqual(['queued', 'queued']);
    await until(() => delivered.length === 2);
    expect((await queue.enqueue([job('alert.telegram.1.100')])).map((r) => r.state)).toEqual(['repeat']);
    // A job queued after the repeat: once it is delivered, a repeat that had been queued would have been too.
    await queue.enqueue([job('alert.telegram.3.100')]);
    await until(() => delivered.includes('alert.telegram.3.100'));
    expect(delivered.sort()).toEqual(['alert.telegram.1.100', 'alert.telegram.2.100', 'alert.telegram.3.100']);
  });

  it('a chat that must wait is delayed, not failed; a temporary failure is retried, then given up', async () => {
    const script: Record<string, DeliveryOutcome[]> = {
      'alert.telegram.w.1': [
        { kind: 'wait', ms: 50 },
        { kind: 'sent', messages: 1 },
      ],
      'alert.telegram.r.1': [
        { kind: 'retry', reason: '502' },
        { kind: 'retry', reason: '502' },
        { kind: 'retry', reason: '502' },
      ],
    };
    const calls: string[] = [];
    const { queue, log } = queueWith((j) => (calls.push(j.id), Promise.resolve(script[j.id]!.shift()!)));
    await queue.enqueue([job('alert.telegram.w.1'), job('alert.telegram.r.1')]);
    await until(() => log.lines.some((l) => l.msg === 'alert given up after repeated temporary failures'));
    await until(() => calls.filter((id) => id.includes('.w.')).length === 2);
    expect(calls.filter((id) => id.includes('.r.'))).toHaveLength(3);
  });

  it('spaces jobs evenly to the platform rate; high rates in small windows', () => {
    expect(limiterFor(29)).toEqual({ max: 1, duration: 34 });
    expect(limiterFor(45)).toEqual({ max: 2, duration: 44 });
    expect(limiterFor(1000)).toEqual({ max: 50, duration: 50 });
  });
});

// The delivery queue without Redis: jobs in memory, a few sent at a time (the notifiers are
// spaced to the platform's rate), waits and bounded retries on timers. Nothing here survives a
// restart, and need not: a minute is marked done only once its jobs are, so the next process's
// catch-up tick collects what was left, and "sent" marks keep what went out from going again.
// Jobs are not claimed one by one in the store: the minute's claim keeps other processes from
// collecting it meanwhile, and should one collect it anyway (its claim lapsed under a long
// backlog), the chat's send hold and the "sent" marks make its copy a no-op. On SQLite a claim
// per job cost a synced write per alert, queued ahead of the sends' own.
import type { Logger } from '../../log.js';
import { errorLine } from '../../util/error-line.js';
import type { Deliver, DeliveryOutcome } from './deliver.js';
import type { AlertMetricsSink } from '../../domain/alert-metrics-sink.js';
import type { AlertJob } from './job.js';
import type { DeliveryQueue, Enqueued } from './queue.js';

export interface LocalQueueOptions {
  deliver: Deliver;
  logger: Logger;
  metrics: AlertMetricsSink;
  /** Tries in all for a temporary failure; then the job is given up (logged, counted). */
  attempts?: number;
  /** First wait before a retry; doubled each time. */
  backoffMs?: number;
  /** Jobs being sent at once (the spaced notifiers set the rate). */
  concurrency?: number;
  /** How long a settled job's id is remembered, so a late catch-up finds it a repeat. */
  rememberMs?: number;
  now?: () => number;
}

interface Entry {
  job: AlertJob;
  attempt: number;
  settle: () => void;
}

export function createLocalQueue(options: LocalQueueOptions): DeliveryQueue {
  const { deliver, logger, metrics } = options;
  const attempts = options.attempts ?? 5;
  const backoffMs = options.backoffMs ?? 2_000;
  const concurrency = options.concurrency ?? 8;
  const now = options.now ?? Date.now;
  const known = new Map<string, { handled: Promise<void>; settledAt?: number }>();
  const ready: Entry[] = [];
  let head = 0;
  /** Entries waiting on a timer (a chat's pace, a retry's backoff). */
  const timers = new Map<NodeJS.Timeout, Entry>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const waiting = () => ready.length - head;

  function take(): Entry | undefined {
    if (head >= ready.length) return undefined;
    const entry = ready[head++]!;
    // Compact now and then instead of shifting a long array on every take.
    if (head > 1024 && head * 2 > ready.length) {
      ready.splice(0, head);
      head = 0;
    }
    return entry;
  }

  function pump(): void {
    while (!closed && running.size < concurrency) {
      const entry = take();
      if (entry === undefined) return;
      const run = attempt(entry).finally(() => {
        running.delete(run);
        pump();
      });
      running.add(run);
    }
  }

  function later(entry: Entry, ms: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      ready.push(entry);
      pump();
    }, ms);
    timers.set(timer, entry);
  }

  async function attempt(entry: Entry): Promise<void> {
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliver(entry.job);
    } catch (err) {
      outcome = { kind: 'retry', reason: errorLine(err) };
    }
    if (outcome.kind === 'wait') return later(entry, outcome.ms);
    if (outcome.kind === 'retry') {
      entry.attempt++;
      if (entry.attempt < attempts) return later(entry, backoffMs * 2 ** (entry.attempt - 1));
      metrics.failed(entry.job.chat.platform, 'gave-up');
      logger.warn({ job: entry.job.id, attempts, reason: outcome.reason }, 'alert given up after repeated temporary failures');
    }
    entry.settle();
  }

  function forget(): void {
    const before = now() - (options.rememberMs ?? 15 * 60_000);
    for (const [id, seen] of known) if (seen.settledAt !== undefined && seen.settledAt < before) known.delete(id);
  }

  function enqueueOne(job: AlertJob): Enqueued {
    const seen = known.get(job.id);
    if (seen !== undefined) return { state: 'repeat', handled: seen.handled };
    let settle!: () => void;
    const handled = new Promise<void>((resolve) => (settle = resolve));
    const record: { handled: Promise<void>; settledAt?: number } = { handled };
    known.set(job.id, record);
    ready.push({ job, attempt: 0, settle: () => ((record.settledAt = now()), settle()) });
    return { state: 'queued', handled };
  }

  return {
    enqueue(jobs) {
      forget();
      // After close nothing runs them: never settled, their minutes stay open for the next start.
      const results = jobs.map(enqueueOne);
      pump();
      return Promise.resolve(results);
    },
    depth: () => Promise.resolve(waiting() + timers.size + running.size),
    async close() {
      closed = true;
      for (const timer of timers.keys()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...running]);
    },
  };
}

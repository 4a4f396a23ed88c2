// The delivery queue when REDIS_URL is set: BullMQ, one queue per platform, shared by every
// instance. A job's id is its chat and minute, so a catch-up tick that meets it again adds
// nothing; completed jobs are kept past the catch-up window for that. The queue's limiter is
// global (all workers of all instances together stay under the platform's rate); a worker that
// dies mid-job has its job picked up again by another once the lock lapses (stalled-job check).
// On a Redis Cluster (REDIS_URL `redis+cluster://`), ioredis's cluster client, and the prefix made
// one hash tag (`{arrivals-bot:bull}`): BullMQ's scripts touch several keys of a queue at once,
// which a cluster allows only within one slot.
import { DelayedError, Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Cluster } from 'ioredis';
import { oneSlotPrefix, redisAddress } from '../../util/redis-address.js';
import type { Logger } from '../../log.js';
import type { Platform } from '../../domain/chat.js';
import { errorLine } from '../../util/error-line.js';
import type { Deliver } from './deliver.js';
import type { AlertMetricsSink } from '../../domain/alert-metrics-sink.js';
import { MINUTE_MS } from '../../domain/local-minute.js';
import type { AlertJob } from './job.js';
import type { DeliveryQueue, Enqueued } from './queue.js';
import { perSecondOf, type AlertSettings } from '../settings.js';

export interface BullQueueOptions {
  redisUrl: string;
  /** Key prefix of every queue (tests use their own). */
  prefix: string;
  /** The platforms this instance sends to: a worker each. */
  platforms: readonly Platform[];
  deliver: Deliver;
  settings: AlertSettings;
  logger: Logger;
  metrics: AlertMetricsSink;
  attempts?: number;
  backoffMs?: number;
  concurrency?: number;
  /** A worker's hold on a job; a dead worker's jobs run again elsewhere once it lapses. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** BullMQ's own time base: it reads the system clock itself, and a delay is in its terms. */
  now?: () => number;
}

const RESOLVED = Promise.resolve();
const ADD_CHUNK = 500;

/**
 * ioredis options from a redis:// or rediss:// URL (BullMQ connects itself); on a cluster, a
 * cluster client seeded with that node, each node reached with these options.
 */
export function connectionOf(configured: string, forWorker: boolean): ConnectionOptions {
  const { url, cluster } = redisAddress(configured);
  const options = nodeOptionsOf(url, forWorker);
  if (!cluster) return options;
  const { host, port, db: _db, maxRetriesPerRequest, enableOfflineQueue, ...node } = options;
  return new Cluster([{ host, port }], {
    redisOptions: { ...node, ...(maxRetriesPerRequest !== undefined ? { maxRetriesPerRequest } : {}) },
    ...(enableOfflineQueue !== undefined ? { enableOfflineQueue } : {}),
  });
}

type NodeOptions = { host: string; port: number; db?: number; maxRetriesPerRequest?: number | null; enableOfflineQueue?: boolean } & Record<
  string,
  unknown
>;

function nodeOptionsOf(url: string, forWorker: boolean): NodeOptions {
  const u = new URL(url);
  const db = Number(u.pathname.replace('/', '') || '0');
  return {
    host: u.hostname,
    port: Number(u.port || '6379'),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(Number.isInteger(db) ? { db } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    // Workers wait on Redis for as long as it takes (BullMQ requires it); adds fail fast instead,
    // so a tick during an outage fails, is logged, and its minutes are made up later.
    ...(forWorker ? { maxRetriesPerRequest: null } : { maxRetriesPerRequest: 1, enableOfflineQueue: false }),
  };
}

/**
 * BullMQ's limiter as close to even spacing as it allows. Up to 40/s, one job per 1/rate seconds:
 * a platform counting over any sliding second never sees more than `perSecond`. Above that, a
 * few jobs per 50 ms window: each window costs BullMQ a few milliseconds of its own, so single
 * jobs could not go faster than about 160/s.
 */
export function limiterFor(perSecond: number): { max: number; duration: number } {
  const max = Math.max(1, Math.floor(perSecond / 20));
  return { max, duration: Math.max(1, Math.round((max * 1000) / perSecond)) };
}

export function createBullQueue(options: BullQueueOptions): DeliveryQueue {
  const { logger, metrics, settings } = options;
  const attempts = options.attempts ?? 5;
  const now = options.now ?? Date.now;
  const prefix = oneSlotPrefix(options.prefix, redisAddress(options.redisUrl).cluster);
  // BullMQ closes the connections it made, not a cluster client it was handed: those are closed here.
  const handed: Cluster[] = [];
  const connect = (forWorker: boolean): ConnectionOptions => {
    const connection = connectionOf(options.redisUrl, forWorker);
    if (connection instanceof Cluster) handed.push(connection);
    return connection;
  };
  const queues = new Map<Platform, Queue<AlertJob>>();
  const queueFor = (platform: Platform): Queue<AlertJob> => {
    let queue = queues.get(platform);
    if (queue === undefined) {
      queue = new Queue<AlertJob>(`alerts-${platform}`, { connection: connect(false), prefix });
      queue.on('error', logOnce('alert queue error'));
      queues.set(platform, queue);
    }
    return queue;
  };
  const logged = new Set<string>();
  function logOnce(message: string) {
    return (err: unknown) => {
      const text = errorLine(err);
      if (logged.has(text)) return;
      logged.add(text);
      logger.warn({ error: text }, message);
    };
  }

  const jobOptions = {
    attempts,
    backoff: { type: 'exponential' as const, delay: options.backoffMs ?? 2_000 },
    // Longer than the catch-up window, so a tick that makes up a minute meets its jobs as repeats.
    removeOnComplete: { age: (settings.catchUpMinutes * 2 + 5) * (MINUTE_MS / 1000) },
    removeOnFail: { age: 24 * 3600, count: 10_000 },
  };

  async function process(job: Job<AlertJob>, token: string | undefined): Promise<string> {
    const outcome = await options.deliver(job.data);
    if (outcome.kind === 'wait') {
      await job.moveToDelayed(now() + outcome.ms, token);
      throw new DelayedError();
    }
    if (outcome.kind === 'retry') throw new Error(outcome.reason);
    return outcome.kind;
  }

  const workers = options.platforms.map((platform) => {
    const worker = new Worker<AlertJob>(`alerts-${platform}`, process, {
      connection: connect(true),
      prefix,
      concurrency: options.concurrency ?? 8,
      limiter: limiterFor(perSecondOf(settings, platform)),
      ...(options.lockDurationMs !== undefined ? { lockDuration: options.lockDurationMs } : {}),
      ...(options.stalledIntervalMs !== undefined ? { stalledInterval: options.stalledIntervalMs } : {}),
    });
    worker.on('error', logOnce('alert worker error'));
    worker.on('failed', (job, err) => {
      if (job === undefined || job.attemptsMade < attempts) return;
      metrics.failed(platform, 'gave-up');
      logger.warn({ job: job.id, attempts, reason: errorLine(err) }, 'alert given up after repeated temporary failures');
    });
    return worker;
  });

  return {
    async enqueue(jobs) {
      const results: Enqueued[] = [];
      for (let i = 0; i < jobs.length; i += ADD_CHUNK) {
        const chunk = jobs.slice(i, i + ADD_CHUNK);
        // Only to tell new jobs from repeats in the logs: the add itself ignores a known id.
        const states = await Promise.all(chunk.map((job) => queueFor(job.chat.platform).getJobState(job.id)));
        const fresh = chunk.filter((_, j) => states[j] === 'unknown');
        for (const platform of new Set(fresh.map((job) => job.chat.platform))) {
          const mine = fresh.filter((job) => job.chat.platform === platform);
          await queueFor(platform).addBulk(mine.map((job) => ({ name: 'alert', data: job, opts: { ...jobOptions, jobId: job.id } })));
        }
        results.push(...chunk.map((_, j): Enqueued => ({ state: states[j] === 'unknown' ? 'queued' : 'repeat', handled: RESOLVED })));
      }
      return results;
    },
    async depth() {
      const counts = await Promise.all(options.platforms.map((p) => queueFor(p).getJobCounts('wait', 'delayed', 'active', 'prioritized', 'paused')));
      return counts.reduce((sum, c) => sum + Object.values(c).reduce((a, b) => a + b, 0), 0);
    },
    async close() {
      await Promise.allSettled(workers.map((w) => w.close()));
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      await Promise.allSettled(handed.map((cluster) => cluster.quit()));
    },
  };
}

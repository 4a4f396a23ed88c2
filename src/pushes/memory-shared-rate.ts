import type { SharedRate } from '../domain/shared-rate.js';

// The fleet's rates when the fleet is this one instance (no Redis): the same bucket, hold and
// chat's minute as store/redis-shared-rate.ts, kept in memory, so that one instance's alerts,
// disruptions, trip changes and live edits draw from one budget per platform as a fleet's do.
// `now` is a monotonic timer, not the calendar clock.

export function memorySharedRate(now: () => number = () => performance.now()): SharedRate {
  const buckets = new Map<string, { tokens: number; at: number; heldUntil: number }>();
  const minutes = new Map<string, number[]>();
  const bucketOf = (name: string, at: number) => {
    let bucket = buckets.get(name);
    if (bucket === undefined) buckets.set(name, (bucket = { tokens: 1, at, heldUntil: -Infinity }));
    return bucket;
  };
  return {
    take(name, perSecond) {
      const t = now();
      const bucket = bucketOf(name, t);
      if (t < bucket.heldUntil) return Promise.resolve(Math.ceil(bucket.heldUntil - t));
      const rate = perSecond / 1000;
      bucket.tokens = Math.min(1, bucket.tokens + Math.max(0, t - bucket.at) * rate);
      bucket.at = Math.max(bucket.at, t);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return Promise.resolve(0);
      }
      return Promise.resolve(Math.ceil((1 - bucket.tokens) / rate));
    },
    hold(name, ms) {
      const t = now();
      const bucket = bucketOf(name, t);
      bucket.heldUntil = Math.max(bucket.heldUntil, t + ms);
      bucket.tokens = 0;
      bucket.at = Math.max(bucket.at, t + ms);
      return Promise.resolve();
    },
    pace(name, gapMs, perMinute) {
      const t = now();
      const times = (minutes.get(name) ?? []).filter((at) => at > t - 60_000);
      const newest = times.at(-1);
      let wait = 0;
      if (newest !== undefined && t - newest < gapMs) wait = gapMs - (t - newest);
      else if (perMinute > 0 && times.length >= perMinute) wait = Math.max(1, times[0]! + 60_000 - t);
      else times.push(t);
      minutes.set(name, times);
      // Chats without a message for a minute are forgotten: the map holds only those being written to.
      if (minutes.size > 10_000) for (const [key, list] of minutes) if (list.every((at) => at <= t - 60_000)) minutes.delete(key);
      return Promise.resolve(Math.ceil(wait));
    },
  };
}

// Counters in Redis: a hash per counter, each add its HINCRBYs and the key's expiry in one
// MULTI (applied whole), each read one HMGET per counter, pipelined.
import type { RedisCommands } from './redis-client.js';
import type { CounterOps } from './counters.js';

type Client = RedisCommands;

/** `prefix` turns a counter's key into its Redis key (the namespace, as keyv's adapter prefixes). */
export function redisCounters(client: Client, prefix: (key: string) => string): CounterOps {
  return {
    async add(key, increments, ttlMs) {
      if (increments.length === 0) return;
      const stored = prefix(key);
      const multi = client.multi();
      for (const [field, n] of increments) multi.hIncrBy(stored, field, n);
      multi.pExpire(stored, Math.max(1, Math.ceil(ttlMs)));
      await multi.exec();
    },
    async read(keys, fields) {
      if (fields.length === 0) return keys.map(() => []);
      const replies = await Promise.all(keys.map((key) => client.hmGet(prefix(key), [...fields])));
      return replies.map((values) => values.map((v) => (v === null || v === undefined ? 0 : Number(v))));
    },
  };
}

// Riders' reports in Redis: counters with a time to live (PX), a report checked and written by one
// script, which Redis runs whole, so two presses at once on two instances count once.
import type { RedisCommands } from './redis-client.js';
import type { ReportCounts } from './report-counts.js';

type Client = RedisCommands;

// KEYS: the rider's mark for the trip, the rider's count of the hour, then the counters;
// ARGV: the rate's bound, then each key's time to live in milliseconds, in KEYS' order.
// A counter keeps the time to live of its window (the same end whoever writes it).
const ADD_REPORT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'already-reported' end
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[1]) then return 'too-many' end
for i = 1, #KEYS do
  redis.call('INCR', KEYS[i])
  redis.call('PEXPIRE', KEYS[i], ARGV[i + 1])
end
return 'counted'`;

/** `prefix` turns a key into its Redis key (the namespace, as keyv's adapter prefixes). */
export function redisReportCounts(client: Client, prefix: (key: string) => string): ReportCounts {
  return {
    async add(write) {
      const keys = [write.mark, write.rate, ...write.counters];
      const reply = await client.eval(ADD_REPORT, {
        keys: keys.map((k) => prefix(k.key)),
        arguments: [String(write.rate.max), ...keys.map((k) => String(Math.max(1, Math.ceil(k.ttlMs))))],
      });
      if (reply === 'counted' || reply === 'already-reported' || reply === 'too-many') return reply;
      throw new Error(`unexpected reply from the report script: ${JSON.stringify(reply)}`);
    },
    // Redis drops them itself once their time has passed.
    async sum(keys) {
      if (keys.length === 0) return 0;
      const values = await client.mGet(keys.map(prefix));
      return values.reduce((total, value) => total + (value === null ? 0 : Number(value) || 0), 0);
    },
  };
}

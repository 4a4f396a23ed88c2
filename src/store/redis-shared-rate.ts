import { randomUUID } from 'node:crypto';
import type { SharedRate } from '../domain/shared-rate.js';
import type { RedisCommands } from './redis-client.js';

// The fleet's shared rates on Redis: per name, a bucket (a hash: tokens, and when they were
// counted) and a hold (a key holding the instant the hold ends, expiring with it); per chat, its
// last minute (a sorted set). Both keys share
// one hash tag, so that on a Redis Cluster the script that reads them runs. The time is Redis's
// own (TIME): the instances' clocks may differ, the server's is the one they share.

/** Redis's clock in ms, the hold, then the bucket refilled to now: one taken, or the wait. */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
if now < held then return held - now end
local rate = tonumber(ARGV[1])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or 1
local at = tonumber(state[2]) or now
tokens = math.min(1, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / rate) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 60000)
return wait`;

/** A hold to now + ARGV[1] ms, never shortening one already longer; the bucket emptied. */
const HOLD = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ms = tonumber(ARGV[1])
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
if now + ms > held then redis.call('SET', KEYS[2], tostring(now + ms), 'PX', ms) end
redis.call('HSET', KEYS[1], 'tokens', '0', 'at', tostring(now + ms))
redis.call('PEXPIRE', KEYS[1], ms + 60000)
return 0`;

/**
 * A chat's last minute as a sorted set (score: when each message was counted): the gap since the
 * newest, then the count, then one more counted (ARGV[3] makes its member unique).
 */
const PACE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local gap = tonumber(ARGV[1])
local cap = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 60000)
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if newest[2] ~= nil and now - tonumber(newest[2]) < gap then return gap - (now - tonumber(newest[2])) end
if cap > 0 and redis.call('ZCARD', KEYS[1]) >= cap then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + 60000 - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], 60000)
return 0`;

export function redisSharedRate(client: RedisCommands, keyOf: (key: string) => string): SharedRate {
  const keys = (name: string) => [keyOf(`rate:{${name}}:bucket`), keyOf(`rate:{${name}}:hold`)];
  return {
    async take(name, perSecond) {
      const reply = await client.eval(TAKE, { keys: keys(name), arguments: [String(perSecond / 1000)] });
      return Number(reply);
    },
    async hold(name, ms) {
      await client.eval(HOLD, { keys: keys(name), arguments: [String(Math.max(1, Math.round(ms)))] });
    },
    async pace(name, gapMs, perMinute) {
      const reply = await client.eval(PACE, {
        keys: [keyOf(`rate:{${name}}:minute`)],
        arguments: [String(Math.max(0, Math.round(gapMs))), String(Math.max(0, Math.floor(perMinute))), `${Date.now()}:${randomUUID().slice(0, 8)}`],
      });
      return Number(reply);
    },
  };
}

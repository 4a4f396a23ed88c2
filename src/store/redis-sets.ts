// Sets in Redis: native sets; the bounded add is a small script, so check and add are one step.
import type { createClient } from '@keyv/redis';
import type { SetOps } from './sets.js';

type Client = ReturnType<typeof createClient>;

const ADD_BOUNDED = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 'exists' end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 'full' end
redis.call('SADD', KEYS[1], ARGV[1])
return 'added'`;

/** `prefix` turns a set's key into its Redis key (the namespace, as keyv's adapter prefixes). */
export function redisSets(client: Client, prefix: (key: string) => string): SetOps {
  return {
    async add(key, members) {
      if (members.length > 0) await client.sAdd(prefix(key), [...members]);
    },
    async addBounded(key, member, max) {
      const reply = await client.eval(ADD_BOUNDED, { keys: [prefix(key)], arguments: [member, String(max)] });
      if (reply === 'added' || reply === 'exists' || reply === 'full') return reply;
      throw new Error(`unexpected reply from the bounded add: ${JSON.stringify(reply)}`);
    },
    async remove(key, members) {
      if (members.length > 0) await client.sRem(prefix(key), [...members]);
    },
    // Issued together, the commands share one round trip (the client pipelines them).
    members: (keys) => Promise.all(keys.map((key) => client.sMembers(prefix(key)))),
  };
}

// Sets in Redis: native sets; the bounded add is a small script, so check and writes are one step.
import type { RedisCommands } from './redis-client.js';
import type { BoundedAdd } from './backend.js';
import type { BoundedOutcome, SetOps } from './sets.js';

type Client = RedisCommands;

// The bound checked, then the member, the other sets and the record written in one script: Redis
// runs a script whole, so no reader and no failure ever sees the member without the record.
// KEYS: the bounded set, the record, the other sets; ARGV: the member, the bound, the record's
// value, then one member per other set.
const ADD_BOUNDED_WITH = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 'exists' end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 'full' end
redis.call('SADD', KEYS[1], ARGV[1])
for i = 3, #KEYS do redis.call('SADD', KEYS[i], ARGV[i + 1]) end
redis.call('SET', KEYS[2], ARGV[3])
return 'added'`;

/** Backend.addBoundedWith in one script; keys are Redis keys already. */
export async function addBoundedWith(
  client: Client,
  bounded: BoundedAdd,
  also: ReadonlyArray<readonly [string, string]>,
  record: { key: string; value: string },
): Promise<BoundedOutcome> {
  const reply = await client.eval(ADD_BOUNDED_WITH, {
    keys: [bounded.key, record.key, ...also.map(([set]) => set)],
    arguments: [bounded.member, String(bounded.max), record.value, ...also.map(([, member]) => member)],
  });
  if (reply === 'added' || reply === 'exists' || reply === 'full') return reply;
  throw new Error(`unexpected reply from the bounded add: ${JSON.stringify(reply)}`);
}

/** `prefix` turns a set's key into its Redis key (the namespace, as keyv's adapter prefixes). */
export function redisSets(client: Client, prefix: (key: string) => string): SetOps {
  return {
    async add(key, members) {
      if (members.length > 0) await client.sAdd(prefix(key), [...members]);
    },
    async remove(key, members) {
      if (members.length > 0) await client.sRem(prefix(key), [...members]);
    },
    // Issued together, the commands share one round trip (the client pipelines them).
    members: (keys) => Promise.all(keys.map((key) => client.sMembers(prefix(key)))),
  };
}

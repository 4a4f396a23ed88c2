// Live edits of a fleet: `npm run bench fleet-edits`. 1, 2 and 3 instances (in one process, each
// with its own store on the machine's Redis: REDIS_URL, else 127.0.0.1:6379) edit 150 live pins
// in one round against a fake Telegram Bot API, which stamps each edit as it receives it. Printed:
// the busiest second at the Bot API and the round's length, with each instance's own budget alone
// and with the fleet's bucket in Redis (Telegram takes about 30 a second; the budget aims at 90% of 25).
import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { busiestSecond, fleetRound } from '../test/pushes/live/fleet-run.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PINS = 150;

async function deleteNamespace(namespace: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${namespace}:*`, COUNT: 1000 })) if (keys.length > 0) await client.del(keys);
  await client.close();
}

console.log(`${PINS} live pins edited in one round, busiest second at the fake Bot API (edits), round length (s)`);
console.log('instances | own budgets alone | fleet bucket in Redis');
for (const instances of [1, 2, 3]) {
  const cells: string[] = [];
  for (const shared of [false, true]) {
    const namespace = `bench-fleet-edits-${randomUUID().slice(0, 8)}`;
    try {
      const run = await fleetRound({ redisUrl: REDIS_URL, namespace, instances, pins: PINS, shared });
      const sorted = [...run.edits].sort((a, b) => a - b);
      const seconds = sorted.length > 1 ? (sorted.at(-1)! - sorted[0]!) / 1000 : 0;
      cells.push(`${busiestSecond(run.edits)} edits/s, ${seconds.toFixed(1)} s (${run.moved} moved)`);
    } finally {
      await deleteNamespace(namespace);
    }
  }
  console.log(`${instances} | ${cells.join(' | ')}`);
}

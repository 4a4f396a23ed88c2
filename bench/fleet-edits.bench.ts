// Live edits of a fleet: `npm run bench fleet-edits`. 1, 2 and 3 instances (in one process, each
// with its own store on the machine's Redis: REDIS_URL, else 127.0.0.1:6379) edit 150 live pins
// in one round against a fake Telegram Bot API, which stamps each edit as it receives it. Printed:
// the busiest second at the Bot API and the round's length, with each instance's own budget alone
// and with the fleet's bucket in Redis (Telegram takes about 30 a second; the budget aims at 90% of 25).
// Then sends and edits together: the same instances push 100 alerts due in one minute (through
// BullMQ) and a round of 100 live pins at once, each instance on its own budget, or on the
// platform's one budget in Redis (90% of 29 a second, sends and edits together).
import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { busiestSecond, fleetRound } from '../test/pushes/live/fleet-run.js';
import { fleetPushes } from '../test/pushes/fleet-pushes.js';

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

const ALERTS = 100;
const LIVE_PINS = 100;
console.log('');
console.log(`${ALERTS} alerts due in one minute and ${LIVE_PINS} live pins in one round, sends and edits together at the fake Bot API:`);
console.log('busiest second (requests), sends and edits over the whole push (s)');
console.log("instances | each its own budget | the platform's one budget in Redis");
for (const instances of [1, 2, 3]) {
  const cells: string[] = [];
  for (const shared of [false, true]) {
    const namespace = `bench-fleet-pushes-${randomUUID().slice(0, 8)}`;
    try {
      const run = await fleetPushes({ redisUrl: REDIS_URL, namespace, instances, alerts: ALERTS, pins: LIVE_PINS, shared });
      const stamps = run.requests.map((r) => r.at).sort((a, b) => a - b);
      const seconds = stamps.length > 1 ? (stamps.at(-1)! - stamps[0]!) / 1000 : 0;
      const sends = run.requests.filter((r) => r.kind === 'send').length;
      cells.push(`${busiestSecond(stamps)} req/s, ${sends} sends + ${run.requests.length - sends} edits in ${seconds.toFixed(1)} s`);
    } finally {
      await deleteNamespace(namespace);
    }
  }
  console.log(`${instances} | ${cells.join(' | ')}`);
}

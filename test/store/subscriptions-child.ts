// Another process adding subscriptions to the same store: opens it, says "ready", waits for "go"
// on stdin so that both processes start together, adds with all calls in flight, prints the outcomes.
import { createInterface } from 'node:readline';
import type { Subscription } from '../../src/domain/subscription.js';
import { openStore, type OpenStoreOptions } from '../../src/store/index.js';

const job = JSON.parse(process.argv[2]!) as { store: OpenStoreOptions; subs: Subscription[]; max: number };
const store = await openStore(job.store);
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) if (line === 'go') break;
lines.close();
const outcomes = await Promise.all(job.subs.map((sub) => store.subscriptions.add(sub, job.max)));
process.stdout.write(`${JSON.stringify(outcomes)}\n`);
await store.close();

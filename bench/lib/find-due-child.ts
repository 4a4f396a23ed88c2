// The index read of a tick on a stored set of subscriptions, in a process of its own so that its
// memory is the store's and the read's alone: run by bench/lib/alerts.ts's findDue.
import type { OpenStoreOptions } from '../../src/store/index.js';
import { measureFind } from './alerts.js';

process.stdout.write(`${JSON.stringify(await measureFind(JSON.parse(process.argv[2]!) as OpenStoreOptions))}\n`);
process.exit(0);

// Run as a child by static-state-on-disk.test.ts: claims an import slot in the folder given, writes
// part of a download and of a database into it as an import would, says so, and waits to be killed.
import { writeFileSync } from 'node:fs';
import { claimSlot } from '../../../src/sources/gtfs/static/import-slot.js';

const slot = await claimSlot(process.argv[2]!, Date.now());
writeFileSync(slot.zip, 'PK partial download');
writeFileSync(`${slot.zip}.part`, 'PK partial download');
writeFileSync(slot.db, 'SQLite format 3\0 partial');
process.stdout.write('claimed\n');
setInterval(() => {}, 60_000);

// A second process on the same store, for tests of what holds across processes. Run by
// children.ts as `node --import tsx test/store/child.ts '<job as JSON>'`: opens the store, says
// "ready", waits for "go" on stdin (so that every process starts its work at once), does the
// job with all its calls in flight together, prints the result as one JSON line.
import { createInterface } from 'node:readline';
import { openStore, type OpenStoreOptions } from '../../src/store/index.js';
import { type ChatRef } from '../../src/domain/chat.js';

export type ChildJob =
  | { kind: 'save'; store: OpenStoreOptions; chat: ChatRef; stops: string[]; max: number }
  | { kind: 'claim'; store: OpenStoreOptions; key: string; callers: number; label: string; ttlMs?: number }
  /** Only open the store: prints the error message, if any, then waits for stray rejections. */
  | { kind: 'open'; store: OpenStoreOptions };

const job = JSON.parse(process.argv[2]!) as ChildJob;

if (job.kind === 'open') {
  try {
    const store = await openStore(job.store);
    await store.close();
    process.stdout.write('opened\n');
  } catch (err) {
    process.stdout.write(`${(err as Error).name}: ${(err as Error).message}\n`);
  }
  // An unhandled rejection left behind would kill the process (exit 1, a stack on stderr) by now.
  await new Promise((resolve) => setTimeout(resolve, 300));
} else {
  const store = await openStore(job.store);
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) if (line === 'go') break;
  lines.close();
  const result =
    job.kind === 'save'
      ? await Promise.all(job.stops.map((stopNo) => store.savedStops.add(job.chat, { stopNo }, job.max)))
      : await Promise.all(Array.from({ length: job.callers }, (_, i) => store.claims.claim(job.key, `${job.label}-${i}`, job.ttlMs)));
  process.stdout.write(`${JSON.stringify(result)}\n`);
  await store.close();
}

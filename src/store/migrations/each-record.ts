import type { Backend } from '../backend.js';

/** Records migrated side by side: a store of many chats is one round trip per chat deep, not per record. */
const AT_ONCE = 64;

/**
 * Hands each record the scan finds under `prefix` to `step`, up to AT_ONCE at a time, and rejects
 * with the first step's failure once those under way have settled (the open then fails, and the
 * next one runs the migration again).
 */
export async function eachRecord(backend: Backend, prefix: string, step: (key: string, raw: unknown) => Promise<void>): Promise<void> {
  let failure: { err: unknown } | undefined;
  let running: Array<Promise<void>> = [];
  const settled = async () => {
    await Promise.all(running);
    running = [];
    if (failure !== undefined) throw failure.err;
  };
  for await (const [key, raw] of backend.records(prefix)) {
    running.push(step(key, raw).catch((err: unknown) => void (failure ??= { err })));
    if (running.length >= AT_ONCE) await settled();
  }
  await settled();
}

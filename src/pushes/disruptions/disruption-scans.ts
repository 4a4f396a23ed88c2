// Who scans a snapshot of the network's disruptions for a platform, so that its pushes are worked
// out once and never lost. The scanning instance holds a short lease while it reads the chats and
// queues their jobs, and marks the snapshot done for the platform only once those jobs are safe
// (queued in Redis, or delivered by the in-process queue). An instance that finds the lease held
// does not take the snapshot as seen: it looks again each tick until the snapshot is done. So a
// holder that dies (killed, crashed, its in-process jobs gone with it) is replaced once its lease
// lapses, and one that stops gracefully lets its leases go at once; the "sent" marks keep whatever
// it did deliver from going twice.
import type { Platform } from '../../domain/chat.js';
import type { Claims } from '../../domain/store-ports.js';
import { disruptionScanDoneKey as doneKey, disruptionScanLeaseKey as leaseKey } from '../claim-keys.js';

/** Long enough to read 20,000 chats' stops and queue their jobs (a few seconds); a dead scanner is replaced after it. */
export const SCAN_LEASE_MS = 2 * 60_000;
/** A snapshot done stays done this long: the feed coming back to it later pushes nothing again (the marks decide anyway). */
const SCAN_DONE_TTL_MS = 24 * 3_600_000;

export interface DisruptionScans {
  /**
   * Of these platforms, those whose scan of the snapshot this instance now holds; `done` lists
   * those some instance already finished (no need to look at them again).
   */
  take(snapshot: string, platforms: Iterable<Platform>): Promise<{ mine: Set<Platform>; done: Set<Platform> }>;
  /** The scan's jobs are safe: done for good, the lease let go. */
  finish(snapshot: string, platforms: Iterable<Platform>): Promise<void>;
  /** Not finished (a feed unreadable half-way, a failure, a stop): another look takes it up at once. */
  letGo(snapshot: string, platforms: Iterable<Platform>): Promise<void>;
  /** Every lease this instance still holds, let go (a graceful stop). */
  letGoAll(): Promise<void>;
  /** Whether this instance holds the scan (its jobs are still being handled here). */
  holds(snapshot: string, platform: Platform): boolean;
}

export function createDisruptionScans(deps: { claims: Claims; instance: string; leaseMs?: number }): DisruptionScans {
  const { claims } = deps;
  const held = new Map<string, { platform: Platform; snapshot: string }>();

  async function release(platform: Platform, snapshot: string): Promise<void> {
    const key = leaseKey(platform, snapshot);
    held.delete(key);
    // Only our own lease: one that lapsed may be another instance's by now.
    if ((await claims.holder(key)) === deps.instance) await claims.release(key);
  }

  return {
    async take(snapshot, platforms) {
      const mine = new Set<Platform>();
      const done = new Set<Platform>();
      for (const platform of platforms) {
        if (held.has(leaseKey(platform, snapshot))) continue;
        if ((await claims.holder(doneKey(platform, snapshot))) !== undefined) done.add(platform);
        else if (await claims.claim(leaseKey(platform, snapshot), deps.instance, deps.leaseMs ?? SCAN_LEASE_MS)) {
          held.set(leaseKey(platform, snapshot), { platform, snapshot });
          mine.add(platform);
        }
      }
      return { mine, done };
    },
    async finish(snapshot, platforms) {
      for (const platform of platforms) {
        try {
          await claims.claim(doneKey(platform, snapshot), deps.instance, SCAN_DONE_TTL_MS);
        } finally {
          // Unmarked (the store failing): the next look scans again, and the marks keep it to what was not sent.
          await release(platform, snapshot).catch(() => held.delete(leaseKey(platform, snapshot)));
        }
      }
    },
    async letGo(snapshot, platforms) {
      for (const platform of platforms) await release(platform, snapshot).catch(() => held.delete(leaseKey(platform, snapshot)));
    },
    async letGoAll() {
      for (const { platform, snapshot } of [...held.values()]) await release(platform, snapshot).catch(() => undefined);
    },
    holds: (snapshot, platform) => held.has(leaseKey(platform, snapshot)),
  };
}

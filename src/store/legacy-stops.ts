// Before slots a chat's stops were one array under `chat:<p>:<id>:stops`. Its stops are copied
// into slots, keeping their order ahead of any saved since, and the array is deleted only once
// every one of them reads back from a slot: a crash, a failure or a concurrent migration at any
// point loses nothing, and the next read simply carries on.
import { z } from 'zod';
import type { SaveOutcome, SavedStop } from '../domain/store-ports.js';
import type { CorruptionLog, Stored } from './records.js';
import { holds, type Slot } from './slots.js';

const LegacyStop = z.object({
  stopNo: z.union([z.string().min(1), z.number().int().nonnegative().transform(String)]),
  name: z.string().optional().catch(undefined),
});

export interface LegacyStops {
  stops: SavedStop[];
  /** false: some entries (or the whole value) could not be read, so the array must be kept. */
  complete: boolean;
}

export function parseLegacyStops(key: string, stored: Stored, corrupt: CorruptionLog): LegacyStops {
  if (stored.state !== 'present' || !Array.isArray(stored.value)) {
    if (stored.state !== 'absent') corrupt(key, stored.state === 'unreadable' ? stored.reason : 'legacy stops are not a list');
    return { stops: [], complete: stored.state === 'absent' };
  }
  const stops: SavedStop[] = [];
  for (const entry of stored.value) {
    const parsed = LegacyStop.safeParse(entry);
    if (parsed.success) stops.push({ stopNo: parsed.data.stopNo, ...(parsed.data.name !== undefined ? { name: parsed.data.name } : {}) });
  }
  if (stops.length < stored.value.length) corrupt(key, 'some legacy stops are not stops');
  return { stops, complete: stops.length === stored.value.length };
}

export interface MigrationSteps {
  /** Saves into a slot as add() does; savedAt orders the result. */
  save(stop: SavedStop, savedAt: number): Promise<SaveOutcome>;
  readSlots(): Promise<Slot[]>;
  deleteLegacy(): Promise<void>;
}

/** The slots after migrating, and the legacy stops not (yet) in one: list() shows those too. */
export async function migrateLegacyStops(
  legacy: LegacyStops,
  slots: Slot[],
  steps: MigrationSteps,
): Promise<{ slots: Slot[]; pending: SavedStop[] }> {
  // savedAt 0, 1, 2...: before anything saved with a real clock, in the array's order.
  await Promise.all(legacy.stops.flatMap((stop, i) => (holds(slots, stop.stopNo) ? [] : [steps.save(stop, i)])));
  const after = await steps.readSlots();
  const pending = legacy.stops.filter((stop) => !holds(after, stop.stopNo));
  if (pending.length === 0 && legacy.complete) await steps.deleteLegacy();
  return { slots: after, pending };
}

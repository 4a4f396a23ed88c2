// Before slots a chat's stops were one array under `chat:<p>:<id>:stops`. Its stops are copied
// into slots (as a /save would: save-stop.ts), keeping their order ahead of any saved since, and
// the array is deleted only once every one of them reads back from a slot: a crash, a failure or
// another instance migrating at the same time loses nothing, and the next open carries on. An
// array whose entries cannot all be read, or do not all fit, is kept as it is and logged.
import { z } from 'zod';
import type { ChatRef, Platform } from '../../domain/chat.js';
import type { SavedStop } from '../../domain/store-ports.js';
import { decode, type CorruptionLog, type Stored } from '../records.js';
import { saveStop } from '../save-stop.js';
import { STOP_SLOTS, holds, readSlots } from '../slots.js';
import type { RecordsMigration, RecordsTarget } from './migration.js';

/** chat:<platform>:<chat id>:stops; a chat id may hold ':' (matched greedily up to the tail). */
const ARRAY_KEY = /^chat:([^:]+):(.+):stops$/;

const ArrayStop = z.object({
  stopNo: z.union([z.string().min(1), z.number().int().nonnegative().transform(String)]),
  name: z.string().optional().catch(undefined),
});

export const stopsInSlots: RecordsMigration = {
  version: 1,
  name: 'saved stops from their single array into slots',
  async record(target, key, raw) {
    const chat = ARRAY_KEY.exec(key);
    if (chat === null) return;
    const stored = await decode(target.backend.keyv, raw);
    if (stored.state === 'absent') return;
    await moveIntoSlots(target, key, { platform: chat[1] as Platform, chatId: chat[2]! }, parseArray(key, stored, target.corrupt));
  },
};

interface ArrayStops {
  stops: SavedStop[];
  /** false: some entries (or the whole value) could not be read, so the array must be kept. */
  complete: boolean;
}

function parseArray(key: string, stored: Exclude<Stored, { state: 'absent' }>, corrupt: CorruptionLog): ArrayStops {
  if (stored.state !== 'present' || !Array.isArray(stored.value)) {
    corrupt(key, stored.state === 'unreadable' ? stored.reason : 'legacy stops are not a list');
    return { stops: [], complete: false };
  }
  const stops: SavedStop[] = [];
  for (const entry of stored.value) {
    const parsed = ArrayStop.safeParse(entry);
    if (parsed.success) stops.push({ stopNo: parsed.data.stopNo, ...(parsed.data.name !== undefined ? { name: parsed.data.name } : {}) });
  }
  if (stops.length < stored.value.length) corrupt(key, 'some legacy stops are not stops');
  return { stops, complete: stops.length === stored.value.length };
}

async function moveIntoSlots(target: RecordsTarget, key: string, chat: ChatRef, array: ArrayStops): Promise<void> {
  const { keyv } = target.backend;
  const slots = await readSlots(keyv, chat, target.corrupt);
  // savedAt 0, 1, 2...: before anything saved with a real clock, in the array's order.
  const saves = array.stops.flatMap((stop, i) => (holds(slots, stop.stopNo) ? [] : [saveStop({ ...target, keyv }, chat, stop, STOP_SLOTS, i)]));
  const outcomes = await Promise.all(saves);
  // Another save of one of them under way ('already'), or no room: whether it is in a slot now is read.
  const after = outcomes.every((o) => o === 'saved') ? undefined : await readSlots(keyv, chat, target.corrupt);
  const left = after === undefined ? [] : array.stops.filter((stop) => !holds(after, stop.stopNo));
  if (left.length === 0 && array.complete) await keyv.delete(key);
  // No free slot for them, or another instance is moving them right now (it deletes the array).
  else if (left.length > 0)
    target.logger?.warn({ key, left: left.map((s) => s.stopNo) }, 'store: saved stops not in a slot are left in their old array');
}

// A chat's saved stops, one per slot key. Taking a free slot is a claim, so two saves never write
// the same slot and no save rewrites the others: nothing is lost to a read-modify-write race.
import type Keyv from 'keyv';
import { z } from 'zod';
import { stopSlotKey } from './keys.js';
import type { SavedStop } from '../domain/store-ports.js';
import type { ChatRef } from '../domain/chat.js';
import { readStored, type CorruptionLog, type Stored } from './records.js';

/** How many slots a chat has; every list reads them all, in one round trip. */
export const STOP_SLOTS = 50;

export type Slot =
  | { kind: 'free' }
  | { kind: 'stop'; stop: SavedStop; savedAt: number; index: number }
  /** Occupied by a record we cannot read: skipped, left as it is. */
  | { kind: 'corrupt' };

const SlotRecord = z.object({ stopNo: z.string().min(1), name: z.string().optional(), label: z.string().min(1).optional(), savedAt: z.number() });

export const slotKeys = (chat: ChatRef) => Array.from({ length: STOP_SLOTS }, (_, i) => stopSlotKey(chat, i));

/** A slot's value: JSON text, since claims hold strings. */
export function encodeSlot(stop: SavedStop, savedAt: number): string {
  return JSON.stringify({
    stopNo: stop.stopNo,
    ...(stop.name !== undefined ? { name: stop.name } : {}),
    ...(stop.label !== undefined ? { label: stop.label } : {}),
    savedAt,
  });
}

export function decodeSlot(key: string, index: number, stored: Stored, corrupt: CorruptionLog): Slot {
  if (stored.state === 'absent') return { kind: 'free' };
  if (stored.state === 'unreadable') {
    corrupt(key, stored.reason);
    return { kind: 'corrupt' };
  }
  let json: unknown;
  try {
    json = typeof stored.value === 'string' ? JSON.parse(stored.value) : undefined;
  } catch {
    json = undefined;
  }
  const parsed = SlotRecord.safeParse(json);
  if (!parsed.success) {
    corrupt(key, 'not a saved stop');
    return { kind: 'corrupt' };
  }
  const { stopNo, name, label, savedAt } = parsed.data;
  return { kind: 'stop', stop: { stopNo, ...(name !== undefined ? { name } : {}), ...(label !== undefined ? { label } : {}) }, savedAt, index };
}

export async function readSlots(keyv: Keyv, chat: ChatRef, corrupt: CorruptionLog): Promise<Slot[]> {
  const keys = slotKeys(chat);
  const stored = await readStored(keyv, keys);
  return stored.map((s, i) => decodeSlot(keys[i]!, i, s, corrupt));
}

export const holds = (slots: Slot[], stopNo: string) => slots.some((s) => s.kind === 'stop' && s.stop.stopNo === stopNo);

/** Saved stops in the order they were saved; a stop found twice (see saved-stops.ts) shown once. */
export function inSavedOrder(slots: Slot[]): SavedStop[] {
  const stops = slots.filter((s) => s.kind === 'stop').sort((a, b) => a.savedAt - b.savedAt || a.index - b.index);
  const seen = new Set<string>();
  return stops.flatMap(({ stop }) => (seen.has(stop.stopNo) ? [] : (seen.add(stop.stopNo), [stop])));
}

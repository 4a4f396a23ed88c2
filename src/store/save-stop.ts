// Saving one stop into a free slot, over claims only, the same on both backends: a rider's /save
// and the migration that moved stops out of the single array before slots both go through it.
import type Keyv from 'keyv';
import type { ChatRef } from '../domain/chat.js';
import type { Claims, SaveOutcome, SavedStop } from '../domain/store-ports.js';
import type { Logger } from '../log.js';
import { stopNamingKey, stopSavingKey, stopSlotKey } from './keys.js';
import type { CorruptionLog } from './records.js';
import { STOP_SLOTS, encodeSlot, holds, readSlots } from './slots.js';

/**
 * How long a save holds its stop. Long enough for a save's few round trips; short enough that a
 * process dying mid-save blocks that one stop only briefly.
 */
const SAVING_TTL_MS = 30_000;

export interface SaveStopDeps {
  keyv: Keyv;
  claims: Claims;
  corrupt: CorruptionLog;
  logger?: Logger | undefined;
}

/**
 * A save first claims its stop (a concurrent save of the same stop says 'already'), checks the
 * slots, then claims the first free slot it saw (another save may take it first: it tries the
 * next). Whatever a crash interrupts leaves either a complete slot or nothing, plus a hold that
 * lapses. `savedAt` orders the chat's stops.
 */
export async function saveStop(deps: SaveStopDeps, chat: ChatRef, stop: SavedStop, max: number, savedAt: number): Promise<SaveOutcome> {
  const { keyv, claims, corrupt, logger } = deps;
  const saving = stopSavingKey(chat, stop.stopNo);
  if (!(await claims.claim(saving, String(savedAt), SAVING_TTL_MS))) return 'already';
  // A name is held the same way: two stops saved under one name at once cannot both take it.
  const naming = stop.label !== undefined ? stopNamingKey(chat, stop.label) : undefined;
  const held = [saving];
  try {
    if (naming !== undefined) {
      if (!(await claims.claim(naming, String(savedAt), SAVING_TTL_MS))) return 'label-taken';
      held.push(naming);
    }
    const slots = await readSlots(keyv, chat, corrupt);
    if (holds(slots, stop.stopNo)) return 'already';
    if (stop.label !== undefined && slots.some((s) => s.kind === 'stop' && s.stop.label === stop.label)) return 'label-taken';
    const record = encodeSlot(stop, savedAt);
    for (let i = 0; i < Math.min(max, STOP_SLOTS); i++) {
      if (slots[i]?.kind === 'free' && (await claims.claim(stopSlotKey(chat, i), record))) return 'saved';
    }
    return 'full';
  } finally {
    // The outcome stands either way; a hold that cannot be released lapses by itself.
    for (const key of held)
      await claims.release(key).catch((err: unknown) => logger?.warn({ err, key }, 'store: could not release a save hold; it lapses in 30 s'));
  }
}

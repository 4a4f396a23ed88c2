import type Keyv from 'keyv';
import type { Logger } from '../log.js';
import { guarded } from './errors.js';
import { legacyStopsKey, stopNamingKey, stopSavingKey, stopSlotKey } from './keys.js';
import { migrateLegacyStops, parseLegacyStops } from './legacy-stops.js';
import type { Claims, SaveOutcome, SavedStop, SavedStopsRepository } from '../domain/store-ports.js';
import type { ChatRef } from '../domain/chat.js';
import { readStored, type CorruptionLog } from './records.js';
import { everySavedStop, type RecordScan } from './every-record.js';
import { STOP_SLOTS, decodeSlot, encodeSlot, holds, inSavedOrder, readSlots, slotKeys, type Slot } from './slots.js';

/**
 * How long a save holds its stop. Long enough for a save's few round trips; short enough that a
 * process dying mid-save blocks that one stop only briefly.
 */
const SAVING_TTL_MS = 30_000;

/**
 * Saved stops over claims only, the same on both backends. A save first claims its stop (a
 * concurrent save of the same stop says 'already'), checks the slots, then claims the first free
 * slot it saw (another save may take it first: it tries the next). Whatever a crash interrupts
 * leaves either a complete slot or nothing, plus a hold that lapses.
 */
export function createSavedStops(deps: {
  keyv: Keyv;
  claims: Claims;
  corrupt: CorruptionLog;
  records: RecordScan;
  logger?: Logger | undefined;
}): SavedStopsRepository {
  const { keyv, claims, corrupt, logger } = deps;

  async function saveInto(chat: ChatRef, stop: SavedStop, max: number, savedAt: number): Promise<SaveOutcome> {
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

  /** The chat's slots, with any legacy array migrated first; `pending` are legacy stops not in a slot yet. */
  async function current(chat: ChatRef): Promise<{ slots: Slot[]; pending: SavedStop[] }> {
    const legacyKey = legacyStopsKey(chat);
    const keys = slotKeys(chat);
    // The legacy array and every slot in one round trip: the usual read costs one.
    const [legacyStored, ...stored] = await readStored(keyv, [legacyKey, ...keys]);
    const slots = stored.map((s, i) => decodeSlot(keys[i]!, i, s, corrupt));
    if (legacyStored === undefined || legacyStored.state === 'absent') return { slots, pending: [] };
    return migrateLegacyStops(parseLegacyStops(legacyKey, legacyStored, corrupt), slots, {
      save: (stop, savedAt) => saveInto(chat, stop, STOP_SLOTS, savedAt),
      readSlots: () => readSlots(keyv, chat, corrupt),
      deleteLegacy: async () => {
        await keyv.delete(legacyKey);
      },
    });
  }

  return {
    everySaved: () => everySavedStop(keyv, deps.records, corrupt),

    list: (chat) =>
      guarded('read the saved stops', async () => {
        const { slots, pending } = await current(chat);
        const listed = inSavedOrder(slots);
        return [...listed, ...pending.filter((p) => !listed.some((s) => s.stopNo === p.stopNo))];
      }),

    async add(chat, stop, max) {
      if (typeof stop.stopNo !== 'string' || stop.stopNo === '') throw new RangeError('a saved stop needs a stop number');
      if (!Number.isInteger(max) || max < 0 || max > STOP_SLOTS)
        throw new RangeError(`max saved stops must be an integer from 0 to ${STOP_SLOTS}, got ${max}`);
      return guarded('save the stop', async () => {
        // Legacy stops first, so they count toward max and a stop already among them is 'already'.
        await current(chat);
        return saveInto(chat, stop, max, Date.now());
      });
    },

    remove: (chat, stopNo) =>
      guarded('remove the saved stop', async () => {
        const { slots } = await current(chat);
        // Every slot holding it: a save whose hold lapsed mid-way may have stored it twice.
        const mine = slots.flatMap((s) => (s.kind === 'stop' && s.stop.stopNo === stopNo ? [stopSlotKey(chat, s.index)] : []));
        await Promise.all(mine.map((key) => keyv.delete(key)));
        return mine.length > 0;
      }),
  };
}

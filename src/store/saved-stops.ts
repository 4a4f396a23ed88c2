import type Keyv from 'keyv';
import type { Logger } from '../log.js';
import { guarded } from './errors.js';
import { stopSlotKey } from './keys.js';
import type { Claims, SavedStopsRepository } from '../domain/store-ports.js';
import type { CorruptionLog } from './records.js';
import { everySavedStop, type RecordScan } from './every-record.js';
import { saveStop } from './save-stop.js';
import { STOP_SLOTS, inSavedOrder, readSlots } from './slots.js';

/** Saved stops over claims only, the same on both backends (save-stop.ts says how a save goes). */
export function createSavedStops(deps: {
  keyv: Keyv;
  claims: Claims;
  corrupt: CorruptionLog;
  records: RecordScan;
  logger?: Logger | undefined;
}): SavedStopsRepository {
  const { keyv, corrupt } = deps;
  return {
    everySaved: () => everySavedStop(keyv, deps.records, corrupt),

    list: (chat) => guarded('read the saved stops', async () => inSavedOrder(await readSlots(keyv, chat, corrupt))),

    async add(chat, stop, max) {
      if (typeof stop.stopNo !== 'string' || stop.stopNo === '') throw new RangeError('a saved stop needs a stop number');
      if (!Number.isInteger(max) || max < 0 || max > STOP_SLOTS)
        throw new RangeError(`max saved stops must be an integer from 0 to ${STOP_SLOTS}, got ${max}`);
      return guarded('save the stop', () => saveStop(deps, chat, stop, max, Date.now()));
    },

    remove: (chat, stopNo) =>
      guarded('remove the saved stop', async () => {
        const slots = await readSlots(keyv, chat, corrupt);
        // Every slot holding it: a save whose hold lapsed mid-way may have stored it twice.
        const mine = slots.flatMap((s) => (s.kind === 'stop' && s.stop.stopNo === stopNo ? [stopSlotKey(chat, s.index)] : []));
        await Promise.all(mine.map((key) => keyv.delete(key)));
        return mine.length > 0;
      }),
  };
}

// Subscription records were stored as objects inside keyv's value before they were kept as JSON
// text (which keyv does not revive field by field). Each object that reads as a subscription is
// rewritten as the text of today's record; anything else is left for the reader to skip and log.
import { decodeSubscription, encodeSubscription } from '../../domain/subscription-record.js';
import { decode } from '../records.js';
import type { RecordsMigration } from './migration.js';

/** chat:<platform>:<chat id>:sub:<id> */
const SUB_KEY = /^chat:[^:]+:.+:sub:[^:]+$/;

export const subscriptionsAsText: RecordsMigration = {
  version: 3,
  name: 'subscription records as JSON text',
  async record({ backend }, key, raw) {
    if (!SUB_KEY.test(key)) return;
    const stored = await decode(backend.keyv, raw);
    if (stored.state !== 'present' || typeof stored.value !== 'object' || stored.value === null) return;
    const decoded = decodeSubscription(JSON.stringify(stored.value));
    if (decoded.ok) await backend.keyv.set(key, encodeSubscription(decoded.subscription));
  },
};

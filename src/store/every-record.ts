// Every chat's saved stops and subscriptions, for the disruption pushes' watch list: one pass over
// the chats' records (Backend.records: SQLite keyset pages, Redis SCAN), each record decoded on
// the way and handed on, so that memory holds a page, never the whole store. Records of other
// kinds (languages, settings) are skipped by their key.
import type Keyv from 'keyv';
import { PLATFORM_PATTERN, type ChatRef } from '../domain/chat.js';
import { decodeSubscription } from '../domain/subscription-record.js';
import type { Subscription } from '../domain/subscription.js';
import type { SavedStopOf } from '../domain/store-ports.js';
import { decode, type CorruptionLog, type Stored } from './records.js';
import { decodeSlot } from './slots.js';

const PLATFORM = `(${PLATFORM_PATTERN})`;
/** chat:<platform>:<chat id>:stops:slot:<n>; a chat id may hold ':' (it is matched greedily up to the known tail). */
const SLOT_KEY = new RegExp(`^chat:${PLATFORM}:(.+):stops:slot:(\\d+)$`);
const SUB_KEY = new RegExp(`^chat:${PLATFORM}:(.+):sub:[^:]+$`);

/** A scan of the backend's records under a key prefix (Backend.records). */
export type RecordScan = (prefix: string) => AsyncIterable<[key: string, raw: unknown]>;

/** The chats' records, decoded one at a time; expired ones (claims on SQLite) left out. */
async function* rows(keyv: Keyv, records: RecordScan): AsyncGenerator<[string, Exclude<Stored, { state: 'absent' }>]> {
  for await (const [key, raw] of records('chat:')) {
    const stored = await decode(keyv, raw);
    if (stored.state !== 'absent') yield [key, stored];
  }
}

const chatOf = (platform: string, chatId: string): ChatRef => ({ platform, chatId });

export async function* everySavedStop(keyv: Keyv, records: RecordScan, corrupt: CorruptionLog): AsyncGenerator<SavedStopOf> {
  for await (const [key, stored] of rows(keyv, records)) {
    const slot = SLOT_KEY.exec(key);
    if (slot === null) continue;
    const decoded = decodeSlot(key, Number(slot[3]), stored, corrupt);
    if (decoded.kind === 'stop') yield { chat: chatOf(slot[1]!, slot[2]!), stopNo: decoded.stop.stopNo };
  }
}

export async function* everySubscription(keyv: Keyv, records: RecordScan, corrupt: CorruptionLog): AsyncGenerator<Subscription> {
  for await (const [key, stored] of rows(keyv, records)) {
    if (!SUB_KEY.test(key)) continue;
    const decoded = stored.state === 'present' ? decodeSubscription(stored.value) : { ok: false as const, reason: stored.reason };
    if (decoded.ok) yield decoded.subscription;
    else corrupt(key, decoded.reason);
  }
}

// Every chat's saved stops and subscriptions, for the disruption pushes' watch list: one pass over
// the store's namespace (keyv's iterator: SQLite pages of rows, Redis SCAN), each record decoded
// on the way and handed on, so that memory holds a page, never the whole store. Records of other
// kinds (claims, languages, index sets) are skipped by their key.
import type Keyv from 'keyv';
import { PLATFORMS, type ChatRef, type Platform } from '../domain/chat.js';
import { decodeSubscription } from '../domain/subscription-record.js';
import type { Subscription } from '../domain/subscription.js';
import type { SavedStopOf } from '../domain/store-ports.js';
import { parseLegacyStops } from './legacy-stops.js';
import type { CorruptionLog } from './records.js';
import { decodeSlot } from './slots.js';

const PLATFORM = `(${PLATFORMS.join('|')})`;
/** chat:<platform>:<chat id>:stops:slot:<n>; a chat id may hold ':' (it is matched greedily up to the known tail). */
const SLOT_KEY = new RegExp(`^chat:${PLATFORM}:(.+):stops:slot:(\\d+)$`);
/** Stops saved before slots, still waiting for their chat's next read to migrate them. */
const LEGACY_KEY = new RegExp(`^chat:${PLATFORM}:(.+):stops$`);
const SUB_KEY = new RegExp(`^chat:${PLATFORM}:(.+):sub:[^:]+$`);

type Rows = AsyncIterable<[key: string, value: unknown]>;

/** The namespace's rows, keys without the namespace (keyv's iterator gives them so on both backends). */
function rows(keyv: Keyv): Rows {
  const iterate = keyv.iterator as ((namespace?: string) => AsyncGenerator<unknown[]>) | undefined;
  if (iterate === undefined) throw new TypeError('store: the keyv adapter cannot list its records');
  return (async function* () {
    for await (const row of iterate.call(keyv, keyv.namespace)) {
      const [key, value] = row as [unknown, unknown];
      if (typeof key === 'string') yield [stripNamespace(key, keyv.namespace), value];
    }
  })();
}

function stripNamespace(key: string, namespace: string | undefined): string {
  return namespace !== undefined && key.startsWith(`${namespace}:`) ? key.slice(namespace.length + 1) : key;
}

const chatOf = (platform: string, chatId: string): ChatRef => ({ platform: platform as Platform, chatId });

export async function* everySavedStop(keyv: Keyv, corrupt: CorruptionLog): AsyncGenerator<SavedStopOf> {
  for await (const [key, value] of rows(keyv)) {
    const slot = SLOT_KEY.exec(key);
    if (slot !== null) {
      const decoded = decodeSlot(key, Number(slot[3]), { state: 'present', value }, corrupt);
      if (decoded.kind === 'stop') yield { chat: chatOf(slot[1]!, slot[2]!), stopNo: decoded.stop.stopNo };
      continue;
    }
    const legacy = LEGACY_KEY.exec(key);
    if (legacy !== null) {
      for (const stop of parseLegacyStops(key, { state: 'present', value }, corrupt).stops)
        yield { chat: chatOf(legacy[1]!, legacy[2]!), stopNo: stop.stopNo };
    }
  }
}

export async function* everySubscription(keyv: Keyv, corrupt: CorruptionLog): AsyncGenerator<Subscription> {
  for await (const [key, value] of rows(keyv)) {
    if (!SUB_KEY.test(key)) continue;
    const decoded = decodeSubscription(value);
    if (decoded.ok) yield decoded.subscription;
    else corrupt(key, decoded.reason);
  }
}

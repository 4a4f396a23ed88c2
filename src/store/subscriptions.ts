// Subscriptions over keyv (records) and the backend's native sets (the chat's ids and the index).
// The record is written last: it is what makes a subscription exist, so a crash half-way leaves
// at worst an id or an index entry pointing at nothing, which every reader skips. Adding takes
// the id in the chat's set with one bounded, atomic step: concurrent adds (two processes
// included) all land, or say 'full' past the cap, and never overwrite one another.
import type Keyv from 'keyv';
import { isSubscriptionDue, type Subscription } from '../domain/subscription.js';
import { guarded } from './errors.js';
import type { SubscriptionsRepository } from '../domain/store-ports.js';
import type { ChatRef } from '../domain/chat.js';
import { readStored, type CorruptionLog } from './records.js';
import type { SetOps } from './sets.js';
import { ZONES_KEY, chatSubscriptionsKey, indexKeysAt, indexKeysOf, subscriptionKey } from './subscription-keys.js';
import { decodeSubscription, encodeSubscription } from '../domain/subscription-record.js';

/** A moved chat keeps all it had; the cap applied when each was made. */
const NO_CAP = Number.MAX_SAFE_INTEGER;
/**
 * Records read per round trip. @keyv/sqlite matches the rows of a multi-key read to the keys
 * one by one (quadratic): 10,000 keys at once took most of a second, in chunks of this size milliseconds.
 */
const READ_CHUNK = 200;

export function createSubscriptions(deps: { keyv: Keyv; sets: SetOps; corrupt: CorruptionLog }): SubscriptionsRepository {
  const { keyv, sets, corrupt } = deps;

  /** The records under these keys that read as subscriptions; absent ones skipped, corrupt ones logged. */
  async function read(keys: string[]): Promise<Subscription[]> {
    const chunks = Array.from({ length: Math.ceil(keys.length / READ_CHUNK) }, (_, i) => keys.slice(i * READ_CHUNK, (i + 1) * READ_CHUNK));
    const stored = (await Promise.all(chunks.map((chunk) => readStored(keyv, chunk)))).flat();
    return stored.flatMap((s, i) => {
      if (s.state === 'absent') return [];
      const decoded = s.state === 'present' ? decodeSubscription(s.value) : { ok: false as const, reason: s.reason };
      if (decoded.ok) return [decoded.subscription];
      corrupt(keys[i]!, decoded.reason);
      return [];
    });
  }

  async function listOf(chat: ChatRef): Promise<Subscription[]> {
    const [ids] = await sets.members([chatSubscriptionsKey(chat)]);
    const subs = await read(ids!.map((id) => subscriptionKey(chat, id)));
    return subs.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  async function insert(sub: Subscription, max: number): Promise<'added' | 'full' | 'id-taken'> {
    const record = encodeSubscription(sub);
    const taken = await sets.addBounded(chatSubscriptionsKey(sub.chat), sub.id, max);
    if (taken === 'exists') return 'id-taken';
    if (taken === 'full') return 'full';
    const key = subscriptionKey(sub.chat, sub.id);
    await Promise.all([...indexKeysOf(sub).map((index) => sets.add(index, [key])), sets.add(ZONES_KEY, [sub.timeZone])]);
    await keyv.set(key, record);
    return 'added';
  }

  async function erase(chat: ChatRef, id: string): Promise<boolean> {
    const key = subscriptionKey(chat, id);
    const [existing] = await read([key]);
    const [ids] = await sets.members([chatSubscriptionsKey(chat)]);
    const listed = ids!.includes(id);
    if (existing === undefined && !listed) return false;
    await keyv.delete(key);
    await sets.remove(chatSubscriptionsKey(chat), [id]);
    if (existing !== undefined) await Promise.all(indexKeysOf(existing).map((index) => sets.remove(index, [key])));
    return existing !== undefined;
  }

  async function rewrite(sub: Subscription, paused: Subscription['paused']): Promise<void> {
    const { paused: _, ...rest } = sub;
    await keyv.set(subscriptionKey(sub.chat, sub.id), encodeSubscription(paused === undefined ? rest : { ...rest, paused }));
  }

  return {
    add: (sub, max) => guarded('save the alert', () => insert(sub, max)),

    list: (chat) => guarded('read the alerts', () => listOf(chat)),

    remove: (chat, id) => guarded('remove the alert', () => erase(chat, id)),

    setPaused: (chat, id, paused) =>
      guarded('pause or resume the alert', async () => {
        const [sub] = await read([subscriptionKey(chat, id)]);
        if (sub === undefined) return false;
        await rewrite(sub, paused);
        return true;
      }),

    pauseChat: (chat, reason) =>
      guarded("pause the chat's alerts", async () => {
        const active = (await listOf(chat)).filter((s) => s.paused === undefined);
        await Promise.all(active.map((s) => rewrite(s, reason)));
        return active.length;
      }),

    moveChat: (from, to) =>
      guarded("move the chat's alerts", async () => {
        let moved = 0;
        for (const sub of await listOf(from)) {
          // Added under the new id before removed from the old: a crash in between leaves both, not neither.
          const outcome = await insert({ ...sub, chat: { ...sub.chat, platform: to.platform, chatId: to.chatId } }, NO_CAP);
          if (outcome === 'id-taken') {
            // Either an earlier move got this far before a crash (the same subscription), or the
            // new chat made one with the same id: that one stays, and this one stays where it was.
            const [there] = await read([subscriptionKey(to, sub.id)]);
            if (there?.createdAt !== sub.createdAt) continue;
          }
          await erase(from, sub.id);
          moved++;
        }
        return moved;
      }),

    dueAt: (zone, local) =>
      guarded('read the alerts due', async () => {
        const members = await sets.members(indexKeysAt(zone, local.minute));
        const subs = await read([...new Set(members.flat())]);
        return subs.filter((s) => isSubscriptionDue(s, zone, local));
      }),

    zones: () => guarded('read the alert zones', async () => (await sets.members([ZONES_KEY]))[0]!),
  };
}

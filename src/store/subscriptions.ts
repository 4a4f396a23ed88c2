// Subscriptions over keyv (records) and the backend's native sets (the chat's ids and the index).
// Adding is one atomic step (a Redis script, a SQLite transaction): the id taken in the chat's
// bounded set, the index entries and the record, all or none, so concurrent adds (two processes
// included) all land or say 'full' past the cap, and a failure leaves nothing behind. An id or an
// index entry without a record can then only be left by an earlier version (or a removal under
// way): readers skip it and clean it, so it counts against no cap.
import { hasEnded, isSubscriptionDue, type Subscription } from '../domain/subscription.js';
import { guarded } from './errors.js';
import type { SubscriptionsRepository } from '../domain/store-ports.js';
import type { ChatRef } from '../domain/chat.js';
import { readStored, type CorruptionLog } from './records.js';
import type { Backend } from './backend.js';
import { ZONES_KEY, chatSubscriptionsKey, indexKeysAt, indexKeysOf, subscriptionKey } from './subscription-keys.js';
import { decodeSubscription, encodeSubscription } from '../domain/subscription-record.js';
import { everySubscription } from './every-record.js';

/** Records read per round trip: one MGET or SELECT of a bounded size, whatever a chat or bucket holds. */
const READ_CHUNK = 200;

export function createSubscriptions(deps: { backend: Backend; corrupt: CorruptionLog }): SubscriptionsRepository {
  const { backend, corrupt } = deps;
  const { keyv, sets } = backend;

  /**
   * The records under these keys that read as subscriptions, corrupt ones logged and skipped;
   * `absent`: the keys with no record at all.
   */
  async function read(keys: string[]): Promise<{ subs: Subscription[]; absent: Set<string> }> {
    const chunks = Array.from({ length: Math.ceil(keys.length / READ_CHUNK) }, (_, i) => keys.slice(i * READ_CHUNK, (i + 1) * READ_CHUNK));
    const stored = (await Promise.all(chunks.map((chunk) => readStored(keyv, chunk)))).flat();
    const absent = new Set<string>();
    const subs = stored.flatMap((s, i) => {
      if (s.state === 'absent') return (absent.add(keys[i]!), []);
      const decoded = s.state === 'present' ? decodeSubscription(s.value) : { ok: false as const, reason: s.reason };
      if (decoded.ok) return [decoded.subscription];
      corrupt(keys[i]!, decoded.reason);
      return [];
    });
    return { subs, absent };
  }

  const readOne = async (key: string) => (await read([key])).subs[0];

  /** The chat's subscriptions; ids without a record are dropped from its set on the way (`cleaned`: how many). */
  async function listOf(chat: ChatRef): Promise<{ subs: Subscription[]; cleaned: number }> {
    const [ids] = await sets.members([chatSubscriptionsKey(chat)]);
    const { subs, absent } = await read(ids!.map((id) => subscriptionKey(chat, id)));
    const orphans = ids!.filter((id) => absent.has(subscriptionKey(chat, id)));
    if (orphans.length > 0) await sets.remove(chatSubscriptionsKey(chat), orphans);
    return { subs: subs.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)), cleaned: orphans.length };
  }

  const addAtomically = async (sub: Subscription, max: number) => {
    const key = subscriptionKey(sub.chat, sub.id);
    const taken = await backend.addBoundedWith(
      { key: chatSubscriptionsKey(sub.chat), member: sub.id, max },
      [...indexKeysOf(sub).map((index) => [index, key] as const), [ZONES_KEY, sub.timeZone] as const],
      { key, value: encodeSubscription(sub) },
    );
    return taken === 'exists' ? 'id-taken' : taken;
  };

  async function insert(sub: Subscription, max: number): Promise<'added' | 'full' | 'id-taken'> {
    const outcome = await addAtomically(sub, max);
    if (outcome !== 'full') return outcome;
    // The chat may be full of ids an earlier version left without a record, or of one-shots that
    // ended (by the new one's making time): both cleaned, then tried again.
    const { subs, cleaned } = await listOf(sub.chat);
    const ended = subs.filter((s) => hasEnded(s, new Date(sub.createdAt)));
    for (const s of ended) await erase(s.chat, s.id);
    return cleaned + ended.length > 0 ? addAtomically(sub, max) : outcome;
  }

  async function erase(chat: ChatRef, id: string): Promise<boolean> {
    const key = subscriptionKey(chat, id);
    const existing = await readOne(key);
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

    list: (chat) => guarded('read the alerts', async () => (await listOf(chat)).subs),

    remove: (chat, id) => guarded('remove the alert', () => erase(chat, id)),

    setPaused: (chat, id, paused) =>
      guarded('pause or resume the alert', async () => {
        const sub = await readOne(subscriptionKey(chat, id));
        if (sub === undefined) return false;
        await rewrite(sub, paused);
        return true;
      }),

    // The walk times nothing in the index (a leave-now alert is filed by its window): the record alone.
    setWalk: (chat, id, walkSeconds) =>
      guarded('re-time the alert', async () => {
        const sub = await readOne(subscriptionKey(chat, id));
        if (sub?.schedule.kind !== 'leave') return false;
        await keyv.set(subscriptionKey(chat, id), encodeSubscription({ ...sub, schedule: { ...sub.schedule, walkSeconds } }));
        return true;
      }),

    dueAt: (zone, local, at) =>
      guarded('read the alerts due', async () => {
        const indexes = indexKeysAt(zone, local.minute);
        const members = await sets.members(indexes);
        const { subs, absent } = await read([...new Set(members.flat())]);
        // Entries an earlier version left pointing at no record.
        await Promise.all(
          indexes.map((index, i) =>
            sets.remove(
              index,
              members[i]!.filter((key) => absent.has(key)),
            ),
          ),
        );
        return subs.filter((s) => isSubscriptionDue(s, zone, local, at));
      }),

    zones: () => guarded('read the alert zones', async () => (await sets.members([ZONES_KEY]))[0]!),

    every: () => everySubscription(keyv, (prefix) => backend.records(prefix), corrupt),
  };
}

// How a scan offers the disruptions to the chats they touch: in walks over the disruptions, most
// severe first. Each walk gives every chat still open the next few disruptions touching it (as
// many as it still has picks free), without waiting on the store between two disruptions; then
// every chat's setting and marks are read at once (batched reads: a few queries in all), and the
// picks kept (disruption-picks.ts). A chat whose few were all sent already walks again from where
// it stopped. Memory stays within chats x 5 candidates, as the picks'; the store is asked once per
// walk rather than once per disruption; and once every chat has what it can take, a walk stops
// short of the disruptions left.
import type { Disruption } from '../../domain/disruption.js';
import { mapLimit } from '../../util/map-limit.js';
import type { ChatPicks, Picked } from './disruption-picks.js';

export interface OfferDeps<P> {
  /** The disruptions to offer, most severe first. */
  disruptions: readonly Disruption[];
  /** Calls `visit` for each chat the disruption touches, with the place the chat watches it from. */
  touching(d: Disruption, visit: (chat: string, place: P) => void): void;
  /** The chats a walk may meet, at most: once every one has its share, the walk stops. */
  chats: number;
  /** Whether the chat takes disruption pushes at all (asked once per chat). */
  wanted(chat: string): Promise<boolean>;
  picks: ChatPicks<P>;
  max: number;
  /** Chats whose setting and marks are asked at once. */
  concurrency: number;
}

interface Pending<P> {
  candidates: Array<Picked<P>>;
  /** Index of the last disruption among them. */
  last: number;
  /** Touched by a disruption past those: more to offer if these do not fill its picks. */
  more: boolean;
}

/** Offers the disruptions; resolves to the chats left with their `max` picks and more touching them (theirs at the next scan). */
export async function offerDisruptions<P>(deps: OfferDeps<P>): Promise<Set<string>> {
  const { disruptions, picks, max } = deps;
  /** Per chat, the index of the last disruption offered to it. */
  const offeredUpTo = new Map<string, number>();
  /** Chats with nothing more to take: their picks full, no more touching them, or pushes off. */
  const settled = new Set<string>();
  const leftOut = new Set<string>();
  let from = 0;
  let open = deps.chats;
  for (;;) {
    const pending = new Map<string, Pending<P>>();
    let filled = 0;
    let i = from;
    for (; i < disruptions.length && filled < open; i++) {
      const d = disruptions[i]!;
      deps.touching(d, (chat, place) => {
        if (settled.has(chat) || (offeredUpTo.get(chat) ?? -1) >= i) return;
        let entry = pending.get(chat);
        if (entry === undefined) pending.set(chat, (entry = { candidates: [], last: i, more: false }));
        // The same disruption through another of the chat's places: one push, from the first place.
        if (entry.last === i && entry.candidates.length > 0) return;
        if (entry.candidates.length >= max - picks.picked(chat).length) return void (entry.more = true);
        entry.candidates.push({ d, place });
        entry.last = i;
        if (entry.candidates.length === max - picks.picked(chat).length) filled++;
      });
    }
    // The walk stopped short (every chat filled): whatever it left may be more for each.
    if (i < disruptions.length) for (const entry of pending.values()) entry.more = true;
    if (pending.size === 0) return leftOut;
    await mapLimit([...pending], deps.concurrency, async ([chat, entry]) => {
      if (!(await deps.wanted(chat))) return void settled.add(chat);
      await picks.offer(chat, entry.candidates);
      offeredUpTo.set(chat, entry.last);
      const full = picks.picked(chat).length >= max;
      if (full || !entry.more) settled.add(chat);
      if (full && entry.more) leftOut.add(chat);
    });
    const again = [...pending].filter(([chat]) => !settled.has(chat));
    if (again.length === 0) return leftOut;
    from = disruptions.length;
    for (const [, entry] of again) from = Math.min(from, entry.last + 1);
    open = again.length;
  }
}

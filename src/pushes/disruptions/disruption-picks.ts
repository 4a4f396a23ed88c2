// Which disruptions each chat hears of this time: at most a few, the most severe first, none it
// was sent already (this version). Candidates come a list at a time (today a place's answer; with
// the watch index, a disruption's chats), each list most severe first. A chat never holds more
// than `max` picks, and a "sent" mark is read only for a candidate that would be kept, so the
// memory and the reads grow with chats x max, never with chats x disruptions: 10,000 disruptions
// of the whole network watched by 2,000 chats is 2,000 x 5 picks, not 20 million pairs.
import { compareBySeverity, type Disruption } from '../../domain/disruption.js';

export interface Picked<P> {
  readonly d: Disruption;
  /** Where the chat watches it from (its stop, or stop and route), for the message's title. */
  readonly place: P;
}

export interface ChatPicks<P> {
  /**
   * Offers a chat the candidates of one list (most severe first; sorted here if not): walks it
   * until nothing further could be kept, skipping those already picked or marked sent.
   */
  offer(chat: string, list: readonly Disruption[], place: P): Promise<void>;
  /** The chat's picks, most severe first. */
  picked(chat: string): ReadonlyArray<Picked<P>>;
  /** Chats with at least one pick. */
  chats(): IterableIterator<string>;
  /** What the selection cost: marks read, and the most picks held at once (chats x max at most). */
  readonly counts: { marksRead: number; held: number };
}

export function isBySeverity(list: readonly Disruption[]): boolean {
  for (let i = 1; i < list.length; i++) if (compareBySeverity(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}

/** `isSent(chat, d)`: whether the chat was sent this disruption's version already (its mark). */
export function createChatPicks<P>(max: number, isSent: (chat: string, d: Disruption) => Promise<boolean>): ChatPicks<P> {
  const byChat = new Map<string, Array<Picked<P>>>();
  const counts = { marksRead: 0, held: 0 };

  /** Whether `d` would be kept among these picks now. */
  const wouldKeep = (picks: ReadonlyArray<Picked<P>>, d: Disruption) =>
    !picks.some((p) => p.d.id === d.id) && (picks.length < max || compareBySeverity(d, picks[picks.length - 1]!.d) < 0);

  function keep(chat: string, pick: Picked<P>): void {
    let picks = byChat.get(chat);
    if (picks === undefined) byChat.set(chat, (picks = []));
    // Re-checked: another list's walk may have changed the chat's picks while the mark was read.
    if (!wouldKeep(picks, pick.d)) return;
    const at = picks.findIndex((p) => compareBySeverity(pick.d, p.d) < 0);
    picks.splice(at === -1 ? picks.length : at, 0, pick);
    if (picks.length > max) picks.pop();
    else counts.held++;
  }

  return {
    counts,
    async offer(chat, list, place) {
      const sorted = isBySeverity(list) ? list : [...list].sort(compareBySeverity);
      let next = 0;
      while (next < sorted.length) {
        const picks = byChat.get(chat) ?? [];
        // As many marks read at once as picks are missing (one at a time once full): no more than could be kept.
        const batch: Disruption[] = [];
        while (next < sorted.length && batch.length < Math.max(1, max - picks.length)) {
          const d = sorted[next++]!;
          // Full, and this one no more severe than the least kept: neither is anything after it.
          if (picks.length >= max && compareBySeverity(d, picks[picks.length - 1]!.d) >= 0) return;
          if (wouldKeep(picks, d)) batch.push(d);
        }
        counts.marksRead += batch.length;
        const sent = await Promise.all(batch.map((d) => isSent(chat, d)));
        batch.forEach((d, i) => {
          if (!sent[i]) keep(chat, { d, place });
        });
      }
    },
    picked: (chat) => byChat.get(chat) ?? [],
    chats: () => byChat.keys(),
  };
}

// Which disruptions each chat hears of this time: at most a few, the most severe first, none it
// was sent already (this version). Candidates come a list at a time (a few at a time, as the scan
// walks the disruptions most severe first: disruption-offers.ts), each with the place the chat
// watches it from, each list most severe first. A chat never holds more
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
   * Offers a chat the candidates of one list (most severe first; sorted here if not), each with its
   * place: walks it until nothing further could be kept, skipping those already picked or marked sent.
   */
  offer(chat: string, list: ReadonlyArray<Picked<P>>): Promise<void>;
  /** The chat's picks, most severe first. */
  picked(chat: string): ReadonlyArray<Picked<P>>;
  /** Chats with at least one pick. */
  chats(): IterableIterator<string>;
  /** What the selection cost: marks read, and the most picks held at once (chats x max at most). */
  readonly counts: { marksRead: number; held: number };
}

export function isBySeverity(list: ReadonlyArray<Pick<Picked<unknown>, 'd'>>): boolean {
  for (let i = 1; i < list.length; i++) if (compareBySeverity(list[i - 1]!.d, list[i]!.d) > 0) return false;
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
    async offer(chat, list) {
      const sorted = isBySeverity(list) ? list : [...list].sort((a, b) => compareBySeverity(a.d, b.d));
      let next = 0;
      while (next < sorted.length) {
        const picks = byChat.get(chat) ?? [];
        // As many marks read at once as picks are missing (one at a time once full): no more than could be kept.
        const batch: Array<Picked<P>> = [];
        while (next < sorted.length && batch.length < Math.max(1, max - picks.length)) {
          const candidate = sorted[next++]!;
          // Full, and this one no more severe than the least kept: neither is anything after it.
          if (picks.length >= max && compareBySeverity(candidate.d, picks[picks.length - 1]!.d) >= 0) return;
          if (wouldKeep(picks, candidate.d)) batch.push(candidate);
        }
        counts.marksRead += batch.length;
        const sent = await Promise.all(batch.map(({ d }) => isSent(chat, d)));
        batch.forEach((candidate, i) => {
          if (!sent[i]) keep(chat, candidate);
        });
      }
    },
    picked: (chat) => byChat.get(chat) ?? [],
    chats: () => byChat.keys(),
  };
}

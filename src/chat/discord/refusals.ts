// Targets that refused the bot for good (blocked DMs, a kick, a deleted channel), remembered so
// that no request goes to them again: each would be one more 403 or 404 towards Discord's limit
// on invalid requests. Bounded: past `max` the oldest is forgotten (at worst, tried once more).

export interface Refusals {
  reasonFor(chatId: string): string | undefined;
  remember(chatId: string, reason: string): void;
  /** The chat spoke to the bot again (a slash command there): worth one more try. */
  forget(chatId: string): void;
  readonly size: number;
}

export function createRefusals(max = 100_000): Refusals {
  const refused = new Map<string, string>();
  return {
    reasonFor: (chatId) => refused.get(chatId),
    remember(chatId, reason) {
      refused.delete(chatId);
      refused.set(chatId, reason);
      if (refused.size > max) refused.delete(refused.keys().next().value!);
    },
    forget: (chatId) => void refused.delete(chatId),
    get size() {
      return refused.size;
    },
  };
}

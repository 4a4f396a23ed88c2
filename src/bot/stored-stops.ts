import type { IdentifierGrammar } from '../domain/identifiers.js';
import type { SavedStopsRepository, SubscriptionsRepository } from '../domain/store-ports.js';
import type { Subscription } from '../domain/subscription.js';

// Stops stored by an earlier version are read back in today's form: a bot that served one feed
// stored bare codes ("3017"), which, once it serves several, are the first feed's ("oc:3017").
// Nothing stored is rewritten; what is read is. A source whose grammar has no such mapping
// (one feed) gets its repositories back as they are.

export interface StopRepositories {
  savedStops: SavedStopsRepository;
  subscriptions: SubscriptionsRepository;
}

export function withStoredStops<T extends StopRepositories>(repositories: T, grammar: IdentifierGrammar): T {
  const fromStore = grammar.fromStore?.bind(grammar);
  if (fromStore === undefined) return repositories;
  const saved = repositories.savedStops;
  const subs = repositories.subscriptions;
  const current = (sub: Subscription): Subscription => ({ ...sub, stopNo: fromStore(sub.stopNo) });
  const savedStops: SavedStopsRepository = {
    list: async (chat) => (await saved.list(chat)).map((stop) => ({ ...stop, stopNo: fromStore(stop.stopNo) })),
    add: (chat, stop, max) => saved.add(chat, stop, max),
    async *everySaved() {
      for await (const stop of saved.everySaved()) yield { ...stop, stopNo: fromStore(stop.stopNo) };
    },
    async remove(chat, stopNo) {
      if (await saved.remove(chat, stopNo)) return true;
      // Saved by an earlier version under its bare code.
      const stored = (await saved.list(chat)).find((stop) => stop.stopNo !== stopNo && fromStore(stop.stopNo) === fromStore(stopNo));
      return stored !== undefined && saved.remove(chat, stored.stopNo);
    },
  };
  const subscriptions: SubscriptionsRepository = {
    ...subs,
    list: async (chat) => (await subs.list(chat)).map(current),
    dueAt: async (zone, local, at) => (await subs.dueAt(zone, local, at)).map(current),
    async *every() {
      for await (const sub of subs.every()) yield current(sub);
    },
  };
  return { ...repositories, savedStops, subscriptions };
}

import type { CommandRequest } from '../domain/command-request.js';
import type { IdentifierGrammar } from '../domain/identifiers.js';
import type { LiveMessagesRepository, SavedStop, SavedStopsRepository, SubscriptionsRepository } from '../domain/store-ports.js';
import type { Subscription } from '../domain/subscription.js';
import { findCommand } from './commands/index.js';

// Stops stored, or carried by a button, under an earlier set of feeds are read in today's form:
// a bot that served one feed stored bare codes ("3017"), which, once it serves several, are the
// first feed's ("oc:3017"); a bot cut back to one feed reads "oc:3017" as its own 3017. This is a
// translation at read time, not a migration: it depends on today's FEEDS_FILE, not on the store's
// version, so nothing stored is rewritten (an operator going back to the earlier feeds finds the
// stops as they were) and buttons in chats' histories, which no migration reaches, read the same.
// stopInTodaysFeeds is the one mapping: repositories, live messages and pressed buttons all go
// through it.

/** A stored or button-carried stop in the current feed set's form (a saved name stays as it is). */
export function stopInTodaysFeeds(grammar: IdentifierGrammar, stop: string): string {
  return grammar.fromStore?.(stop) ?? stop;
}

/** A request a button or a stored record carried, its stops in today's form; typed text never comes here. */
export function requestInTodaysFeeds(grammar: IdentifierGrammar, request: CommandRequest): CommandRequest {
  const args = findCommand(request.name)?.spec.args ?? [];
  const options = request.options as Readonly<Record<string, unknown>> | null | undefined;
  if (grammar.fromStore === undefined || typeof options !== 'object' || options === null) return request;
  const mapped: Record<string, string> = { ...(options as Record<string, string>) };
  for (const arg of args) {
    const value = Object.hasOwn(options, arg.name) ? options[arg.name] : undefined;
    if ((arg.kind === 'stop' || arg.kind === 'stop-or-name') && typeof value === 'string') mapped[arg.name] = stopInTodaysFeeds(grammar, value);
  }
  return { ...request, options: mapped };
}

export interface StopRepositories {
  savedStops: SavedStopsRepository;
  subscriptions: SubscriptionsRepository;
  liveMessages?: LiveMessagesRepository;
}

export function inTodaysFeeds<T extends StopRepositories>(repositories: T, grammar: IdentifierGrammar): T {
  if (grammar.fromStore === undefined) return repositories;
  const current = (stop: string) => stopInTodaysFeeds(grammar, stop);
  const saved = repositories.savedStops;
  const subs = repositories.subscriptions;
  const currentSub = (sub: Subscription): Subscription => ({ ...sub, stopNo: current(sub.stopNo) });
  /** Each stop once, in today's form, where it was first saved: two spellings of one stop are one entry. */
  const distinct = (stored: readonly SavedStop[]): SavedStop[] => {
    const seen = new Set<string>();
    return stored.flatMap((stop) => {
      const stopNo = current(stop.stopNo);
      if (seen.has(stopNo)) return [];
      seen.add(stopNo);
      return [{ ...stop, stopNo }];
    });
  };
  const savedStops: SavedStopsRepository = {
    list: async (chat) => distinct(await saved.list(chat)),
    async add(chat, stop, max) {
      // Saved before under another spelling ("3017" by a one-feed bot, now "oc:3017"): already there.
      const stopNo = current(stop.stopNo);
      if ((await saved.list(chat)).some((s) => s.stopNo !== stop.stopNo && current(s.stopNo) === stopNo)) return 'already';
      return saved.add(chat, stop, max);
    },
    async *everySaved() {
      for await (const stop of saved.everySaved()) yield { ...stop, stopNo: current(stop.stopNo) };
    },
    async remove(chat, stopNo) {
      // Every spelling it was stored under goes (two copies saved before one stop was one entry).
      const stop = current(stopNo);
      const stored = (await saved.list(chat)).filter((s) => s.stopNo === stopNo || current(s.stopNo) === stop);
      let removed = false;
      for (const s of stored) removed = (await saved.remove(chat, s.stopNo)) || removed;
      return removed || (stored.length === 0 && (await saved.remove(chat, stopNo)));
    },
  };
  const subscriptions: SubscriptionsRepository = {
    ...subs,
    list: async (chat) => (await subs.list(chat)).map(currentSub),
    dueAt: async (zone, local, at) => (await subs.dueAt(zone, local, at)).map(currentSub),
    async *every() {
      for await (const sub of subs.every()) yield currentSub(sub);
    },
  };
  const live = repositories.liveMessages;
  const liveMessages: LiveMessagesRepository | undefined =
    live === undefined
      ? undefined
      : {
          ...live,
          list: async (platform) =>
            (await live.list(platform)).map((message) => ({ ...message, request: requestInTodaysFeeds(grammar, message.request) })),
        };
  return { ...repositories, savedStops, subscriptions, ...(liveMessages !== undefined ? { liveMessages } : {}) };
}

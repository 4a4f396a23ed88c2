import type { StopIndex } from '../domain/stop-index.js';
import type { SavedStopsRepository, SubscriptionsRepository } from '../domain/store-ports.js';
import { kindOf } from '../domain/alert-kinds/index.js';
import { hasEnded } from '../domain/subscription.js';
import { displayStop, type IdentifierGrammar } from '../domain/identifiers.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { ChatContext } from './chat-context.js';
import { findCommand, type Suggestion } from './commands/index.js';
import { compareRoutes } from './format/route-order.js';

export interface SuggestContext {
  chat: ChatContext;
  identifiers: IdentifierGrammar;
  savedStops: SavedStopsRepository;
  subscriptions: SubscriptionsRepository;
  transit: TransitSource;
  stops?: StopIndex;
  now: Date;
}

const LABEL_CHARS = 100;

/**
 * Values for an argument being typed, by its kind: a stop offers the chat's saved stops first,
 * then stops from the offline index by number or name; a route offers the routes serving the stop
 * already given. Only routes ask the transit service, for its route summary (cached for a day), so
 * an answer comes fast enough for Discord's autocomplete.
 */
export async function suggestValues(
  name: string,
  arg: string,
  partial: string,
  ctx: SuggestContext,
  limit: number,
  given: Readonly<Record<string, unknown>> = {},
): Promise<Suggestion[]> {
  const spec = findCommand(name)?.spec.args.find((a) => a.name === arg);
  if (spec?.kind === 'route') return routesAtStop(given.stop, partial, ctx, limit);
  if (spec?.kind === 'subscription-id') return subscriptionsOfChat(partial, ctx, limit);
  if (spec === undefined || (spec.kind !== 'stop' && spec.kind !== 'stop-or-name')) return [];
  const typed = partial.trim().toLowerCase();
  const shown = (stopNo: string) => displayStop(ctx.identifiers, stopNo);
  const saved = (await ctx.savedStops.list(ctx.chat).catch(() => []))
    .filter(
      (s) =>
        typed === '' || s.stopNo.startsWith(typed) || shown(s.stopNo).toLowerCase().includes(typed) || (s.name ?? '').toLowerCase().includes(typed),
    )
    .map((s) => choice(s.stopNo, s.name, shown));
  const indexed = ctx.stops === undefined || typed === '' ? [] : fromIndex(ctx.stops, typed, limit, shown);
  const seen = new Set<string>();
  return [...saved, ...indexed].filter((s) => !seen.has(s.value) && seen.add(s.value)).slice(0, limit);
}

/** The routes serving the stop, one choice per route with its headings ("95 Barrhaven Centre / Orléans"). */
async function routesAtStop(stop: unknown, partial: string, ctx: SuggestContext, limit: number): Promise<Suggestion[]> {
  const stopNo = typeof stop === 'string' ? ctx.identifiers.readStop(stop) : undefined;
  if (!stopNo?.ok) return [];
  const typed = partial.trim().toLowerCase();
  const headings = new Map<string, string[]>();
  for (const route of [...(await ctx.transit.routeSummary(stopNo.value)).routes].sort(compareRoutes)) {
    const heading = route.heading || route.direction;
    const list = headings.get(route.routeNo) ?? [];
    if (heading !== '' && !list.includes(heading)) list.push(heading);
    headings.set(route.routeNo, list);
  }
  return [...headings]
    .filter(([routeNo]) => typed === '' || routeNo.toLowerCase().startsWith(typed))
    .slice(0, limit)
    .map(([routeNo, list]) => choice(routeNo, list.join(' / ') || undefined, (route) => route));
}

/** The chat's alerts by id, each labelled with its stop, route and time ("k3f9 3017 95 07:30"). */
async function subscriptionsOfChat(partial: string, ctx: SuggestContext, limit: number): Promise<Suggestion[]> {
  const typed = partial.trim().toLowerCase();
  return (await ctx.subscriptions.list(ctx.chat))
    .filter((sub) => !hasEnded(sub, ctx.now) && (typed === '' || sub.id.startsWith(typed)))
    .slice(0, limit)
    .map((sub) => ({
      label: [sub.id, sub.stopNo, sub.routeNo, kindOf(sub.schedule).when(sub.schedule)].filter((part) => part !== undefined).join(' '),
      value: sub.id,
    }));
}

function fromIndex(stops: StopIndex, typed: string, limit: number, shown: (value: string) => string): Suggestion[] {
  const byNumber = /^[0-9]+$/.test(typed) ? stops.byCodePrefix(typed, limit) : [];
  const byName = byNumber.length > 0 ? [] : stops.search(typed, limit);
  return [...byNumber, ...byName].map((s) => choice(s.code, s.name, shown));
}

/** A value to offer, labelled as riders read it ("STO 3000 TERMINUS FREEMAN"). */
function choice(value: string, name: string | undefined, shown: (value: string) => string): Suggestion {
  const label = name ? `${shown(value)} ${name}` : shown(value);
  return { label: label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label, value };
}

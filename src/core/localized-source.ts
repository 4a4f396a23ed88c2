import type { StopArrivals } from '../domain/arrivals.js';
import type { Locale } from '../domain/locale.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { Say } from './format/text.js';
import type { TypedWords } from './languages/typed-words.js';
import type { Compass } from './languages/words-file.js';

/** What reading the source in one chat's language needs (a HandlerContext has it). */
export interface ChatLanguage {
  locale: Locale;
  words: TypedWords;
  say: Say;
}

const DIRECTION_IDS: Readonly<Record<Compass, string>> = {
  north: 'routes-direction-north',
  south: 'routes-direction-south',
  east: 'routes-direction-east',
  west: 'routes-direction-west',
};

/**
 * The source as one chat reads it: a stop's name in the chat's language when the feed gives one
 * (Transcollines names its stops in French, with English in translations.txt), else as the
 * feed writes it; a direction any language's words name ("Eastbound", "direction est") in the
 * chat's words. Everything else passes through as it is.
 */
export function inLanguage(source: TransitSource, chat: ChatLanguage): TransitSource {
  return {
    ...source,
    routeSummary: async (stop) => localArrivals(await source.routeSummary(stop), chat),
    nextTrips: async (stop, route) => localArrivals(await source.nextTrips(stop, route), chat),
    nextTripsAllRoutes: async (stop) => localArrivals(await source.nextTripsAllRoutes(stop), chat),
    async stopDetails(stop) {
      const details = await source.stopDetails(stop);
      const name = details.translatedNames?.[chat.locale];
      return name === undefined ? details : { ...details, name };
    },
  };
}

export function localArrivals(arrivals: StopArrivals, chat: ChatLanguage): StopArrivals {
  const name = arrivals.translatedNames?.[chat.locale];
  const routes = arrivals.routes.map((route) => {
    const compass = route.direction === '' ? undefined : chat.words.direction(route.direction);
    return compass === undefined ? route : { ...route, direction: chat.say(DIRECTION_IDS[compass]) };
  });
  return { ...arrivals, routes, ...(name !== undefined ? { stopName: name } : {}) };
}

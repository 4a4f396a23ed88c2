import type { StopArrivals } from '../domain/arrivals.js';
import type { Locale } from '../domain/locale.js';
import type { TransitSource } from '../domain/transit-source.js';

/**
 * The source as one chat reads it: a stop's name in the chat's language when the feed gives one
 * (Transcollines names its stops in French, with English in translations.txt), else as the
 * feed writes it. Everything else passes through as it is.
 */
export function inLanguage(source: TransitSource, locale: Locale): TransitSource {
  return {
    ...source,
    routeSummary: async (stop) => localArrivals(await source.routeSummary(stop), locale),
    nextTrips: async (stop, route) => localArrivals(await source.nextTrips(stop, route), locale),
    nextTripsAllRoutes: async (stop) => localArrivals(await source.nextTripsAllRoutes(stop), locale),
    async stopDetails(stop) {
      const details = await source.stopDetails(stop);
      const name = details.translatedNames?.[locale];
      return name === undefined ? details : { ...details, name };
    },
  };
}

export function localArrivals(arrivals: StopArrivals, locale: Locale): StopArrivals {
  const name = arrivals.translatedNames?.[locale];
  return name === undefined ? arrivals : { ...arrivals, stopName: name };
}

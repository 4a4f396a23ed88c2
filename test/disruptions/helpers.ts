import { readFileSync } from 'node:fs';

export const fixture = (name: string) => new URL(`../fixtures/disruptions/${name}`, import.meta.url).pathname;

export const readJson = <T>(name: string): T => JSON.parse(readFileSync(fixture(name), 'utf8')) as T;

/** The JSON twins of the captures (gtfs-realtime-bindings' toObject): the tests' independent expectation. */
export interface JsonAlertFeed {
  header: { timestamp: string };
  entity: Array<{
    id: string;
    alert: {
      activePeriod?: Array<{ start?: string; end?: string }>;
      informedEntity?: Array<{ agencyId?: string; routeId?: string; stopId?: string }>;
      effect?: string;
      cause?: string;
      headerText?: { translation: Array<{ text: string; language?: string }> };
      descriptionText?: { translation: Array<{ text: string; language?: string }> };
    };
  }>;
}

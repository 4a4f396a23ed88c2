import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import type { Clock } from '../../src/domain/clock.js';
import { DEMO_ALERTS_HEADER, DEMO_ALERTS_PATH, DEMO_API_KEY, DEMO_APP_ID, DEMO_STOPS_FILE } from '../../src/sim/index.js';
import type { OpenedSource } from '../../src/sources/kind.js';
import { openTransitSource } from '../../src/sources/open.js';
import { openPublishers } from '../../src/sources/publishers.js';

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

/**
 * The demo network through the local server's v1.2 API, with its disruptions (the server's demo
 * Service Alerts unless `alertsUrl` says otherwise) and no cache, so every question reaches it.
 */
export function openDemoWithDisruptions(simUrl: string, now: Clock, alertsUrl = `${simUrl}${DEMO_ALERTS_PATH}`): Promise<OpenedSource> {
  const logger = pino({ level: 'silent' });
  return openTransitSource(
    {
      kind: 'octranspo-v12',
      v12: {
        baseUrl: simUrl,
        appId: DEMO_APP_ID,
        apiKey: DEMO_API_KEY,
        format: 'json',
        timeoutMs: 5_000,
        cacheSeconds: { nextTrips: 0, routeSummary: 0 },
        stopsFile: DEMO_STOPS_FILE,
      },
    },
    {
      dataDir: '/nonexistent',
      now,
      logger,
      quietRequests: true,
      disruptionFeeds: openPublishers(
        [{ kind: 'gtfs-rt-alerts', url: alertsUrl, headers: { [DEMO_ALERTS_HEADER]: DEMO_API_KEY }, refreshSeconds: 60 }],
        {
          now,
          logger,
        },
      ),
    },
  );
}

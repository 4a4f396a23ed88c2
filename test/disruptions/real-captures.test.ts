import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/domain/clock.js';
import type { DisruptionQuery, DisruptionReading } from '../../src/domain/disruption.js';
import { isTransitError } from '../../src/domain/transit-error.js';
import { openGtfsFeed } from '../../src/sources/gtfs/open-feed.js';
import type { GtfsSource } from '../../src/sources/gtfs/source.js';
import { capturingLogger, tempDir } from '../sources/gtfs/helpers.js';
import { fixture, readJson, type JsonAlertFeed } from './helpers.js';

// Real Service Alerts matched against their own agencies' static feeds, as the specification
// reads informed_entity; expectations come from the captures' JSON twins. Neither static feed has
// stop_times.txt (see test/fixtures/disruptions/README.md): which routes serve a stop is unknown,
// so a disruption naming "route R at stop S" is taken at its word for S.

async function open(zip: string, alerts: string, at: string) {
  const dir = tempDir();
  const { logger } = capturingLogger();
  const { transit } = await openGtfsFeed(
    { scheduleUrl: fixture(zip), alertsUrl: fixture(alerts), headers: {}, refreshSeconds: 30 },
    { dataDir: dir.path, now: fixedClock(at), logger, refresh: false },
  );
  expect(await transit.refreshSchedule()).toBe('imported');
  return { transit, close: async () => (await transit.close(), dir.remove()) };
}

async function ids(transit: GtfsSource, query: DisruptionQuery): Promise<string[]> {
  const reading: DisruptionReading = await transit.disruptions!(query);
  if (reading.status !== 'ok') throw new Error('disruptions unavailable');
  return reading.disruptions.map((d) => d.id);
}

describe('MiWay: alerts of 2025-10-26 against its schedule', () => {
  const json = readJson<JsonAlertFeed>('miway-alerts.json');
  let feed: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => void (feed = await open('miway-gtfs-no-calls.zip', 'miway-alerts.pb', '2025-10-26T18:50:32-04:00')), 60_000);
  afterAll(() => feed.close());

  const pairs = json.entity.flatMap((e) =>
    (e.alert.informedEntity ?? []).filter((x) => x.routeId !== undefined && x.stopId !== undefined).map((x) => ({ id: e.id, ...x })),
  );
  const agencyWide = json.entity.filter((e) => (e.alert.informedEntity ?? []).some((x) => x.agencyId !== undefined)).map((e) => e.id);

  it('shows at a stop every alert naming it (route at that stop), and the agency-wide ones', async () => {
    expect(pairs.length).toBeGreaterThan(30);
    for (const pair of pairs.slice(0, 12)) {
      const at = await ids(feed.transit, { stop: pair.stopId! });
      const naming = new Set(pairs.filter((p) => p.stopId === pair.stopId).map((p) => p.id));
      expect(new Set(at)).toEqual(new Set([...naming, ...agencyWide]));
    }
  });

  it('reads the alerts\' agency "Mississauga Transit" (absent from agency.txt) as MiWay, the feed\'s only agency', async () => {
    expect(agencyWide).toHaveLength(3);
    const unnamed = await ids(feed.transit, { stop: '0001' });
    expect(pairs.some((p) => p.stopId === '0001')).toBe(false);
    expect(unnamed.sort()).toEqual([...agencyWide].sort());
  });

  it('keeps "route R at stop S" to route R there, and shows route-only alerts for the route asked', async () => {
    const pair = pairs[0]!;
    expect(await ids(feed.transit, { stop: pair.stopId!, route: pair.routeId! })).toContain(pair.id);
    const other = pairs.find((p) => p.routeId !== pair.routeId)!.routeId!;
    expect(await ids(feed.transit, { stop: pair.stopId!, route: other })).not.toContain(pair.id);
    const routeOnly = json.entity
      .filter((e) => (e.alert.informedEntity ?? []).some((x) => x.routeId === '17' && x.stopId === undefined))
      .map((e) => e.id);
    expect(routeOnly.length).toBeGreaterThan(0);
    const route17 = await ids(feed.transit, { route: '17' });
    for (const id of routeOnly) expect(route17).toContain(id);
    for (const p of pairs.filter((x) => x.routeId === '17')) expect(route17).toContain(p.id);
    const route28 = await ids(feed.transit, { route: '28' });
    for (const id of routeOnly) expect(route28).not.toContain(id);
  });

  it('lists every alert for the whole agency, each once', async () => {
    const all = await ids(feed.transit, {});
    expect(new Set(all)).toEqual(new Set(json.entity.map((e) => e.id)));
  });

  it('refuses a stop the schedule lacks', async () => {
    const refused = await feed.transit.disruptions!({ stop: '999999' }).catch((err: unknown) => err);
    expect(isTransitError(refused) && refused.kind).toBe('unknown-stop');
  });
});

describe('London Transit: detours of 2020-10-30', () => {
  const json = readJson<JsonAlertFeed>('ltc-alerts.json');
  let feed: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => void (feed = await open('ltc-gtfs-no-calls.zip', 'ltc-alerts.pb', '2020-10-30T13:59:36-04:00')), 60_000);
  afterAll(() => feed.close());

  const naming = (stop: string) => json.entity.filter((e) => (e.alert.informedEntity ?? []).some((x) => x.stopId === stop)).map((e) => e.id);

  it('shows at KINGTALB the detours naming it, not the others', async () => {
    expect(naming('KINGTALB').length).toBeGreaterThan(3);
    expect(new Set(await ids(feed.transit, { stop: 'KINGTALB' }))).toEqual(new Set(naming('KINGTALB')));
  });

  it('never shows the two alerts that name nothing, even agency-wide', async () => {
    const empty = json.entity.filter((e) => (e.alert.informedEntity ?? []).length === 0).map((e) => e.id);
    expect(empty).toHaveLength(2);
    const all = await ids(feed.transit, {});
    for (const id of empty) expect(all).not.toContain(id);
    expect(all).toHaveLength(json.entity.length - 2);
  });

  it('shows route 19\'s route-only detour for route 19, with "route 19 at stop" ones', async () => {
    const route19 = await ids(feed.transit, { route: '19' });
    const expected = json.entity.filter((e) => (e.alert.informedEntity ?? []).some((x) => x.routeId === '19')).map((e) => e.id);
    expect(new Set(route19)).toEqual(new Set(expected));
  });
});

describe('an alerts feed that cannot be read', () => {
  it('is "unavailable", and arrivals still answer', async () => {
    const dir = tempDir();
    const { logger } = capturingLogger();
    const { transit } = await openGtfsFeed(
      { scheduleUrl: fixture('ltc-gtfs-no-calls.zip'), alertsUrl: fixture('no-such-file.pb'), headers: {}, refreshSeconds: 30 },
      { dataDir: dir.path, now: fixedClock('2020-10-30T13:59:36-04:00'), logger, refresh: false },
    );
    await transit.refreshSchedule();
    expect(await transit.disruptions!({ stop: 'KINGTALB' })).toEqual({ status: 'unavailable' });
    expect((await transit.nextTripsAllRoutes('KINGTALB')).stopName).not.toBe('');
    await transit.close();
    dir.remove();
  });

  it('before the first import, a stop is "loading", not unknown', async () => {
    const dir = tempDir();
    const { logger } = capturingLogger();
    const { transit } = await openGtfsFeed(
      { scheduleUrl: fixture('ltc-gtfs-no-calls.zip'), alertsUrl: fixture('ltc-alerts.pb'), headers: {}, refreshSeconds: 30 },
      { dataDir: dir.path, now: fixedClock('2020-10-30T13:59:36-04:00'), logger, refresh: false },
    );
    const early = await transit.disruptions!({ stop: 'KINGTALB' }).catch((err: unknown) => err);
    expect(isTransitError(early) && early.kind).toBe('loading');
    await transit.close();
    dir.remove();
  });
});

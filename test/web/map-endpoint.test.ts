import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator, localeFromCode, packageLanguages } from '../../src/core/index.js';
import type { Disruption } from '../../src/domain/disruption.js';
import type { RouteMap, RouteMapQuery } from '../../src/domain/route-map.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { silentLogger } from '../../src/log.js';
import { createOps } from '../../src/ops/ops.js';
import { GTFS_IDENTIFIERS } from '../../src/sources/gtfs/identifiers.js';
import { signInitData } from '../../src/web/init-data.js';
import { createWebHandler, startWebServer, type WebDeps } from '../../src/web/index.js';
import { memoryStores } from '../core/fakes.js';
import type { MapAnswer } from '../../src/web/map-answer.js';

// The live map's JSON endpoint and the rider's, through real HTTP: the route drawn in the rider's
// language with its disruptions, read once for every page asking within a while; the rider's saved
// stops only for initData Telegram signed with the bot's token, recently.

const TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
const START = Date.parse('2026-03-02T15:00:00Z');
const t = createTranslator(packageLanguages());

const DETOUR: Disruption = {
  id: 'd1',
  version: '1',
  effect: 'detour',
  cause: 'construction',
  severity: 'warning',
  header: [
    { language: 'en', text: 'Route 9 detoured around Main' },
    { language: 'fr', text: 'Ligne 9 détournée autour de Main' },
  ],
  description: [],
  entities: [{ routeName: '9' }],
  periods: [],
};

/** A source whose one bus moves 0.001° north at each reading, so that a new reading is seen. */
function fakeTransit(behaviour: { fail?: TransitError } = {}) {
  const asked: RouteMapQuery[] = [];
  const refuse = () => Promise.reject(new TransitError('unknown-stop', 'not here'));
  const transit: TransitSource = {
    identifiers: GTFS_IDENTIFIERS,
    profile: () => ({
      agencies: ['Test Transit'],
      timeZone: 'America/Toronto',
      examples: { stop: '101', route: '9' },
      vehicles: 'bus',
      attributions: ['Data: Test Transit'],
    }),
    routeSummary: refuse,
    nextTrips: refuse,
    nextTripsAllRoutes: refuse,
    stopDetails: refuse,
    disruptions: () => Promise.resolve({ status: 'ok', disruptions: [DETOUR] }),
    routeMap(query): Promise<RouteMap> {
      asked.push(query);
      if (behaviour.fail !== undefined) return Promise.reject(behaviour.fail);
      if (query.route !== '9') return Promise.reject(new TransitError('unknown-route', 'no such route'));
      return Promise.resolve({
        route: '9',
        directions: [
          {
            directionId: 0,
            heading: 'Third',
            stops: [
              { stop: '101', name: 'First', lat: 45.4, lon: -75.7 },
              { stop: '103', name: 'Third', lat: 45.42, lon: -75.68 },
            ],
            line: [
              [45.4, -75.7],
              [45.42, -75.68],
            ],
            drawn: 'stops',
          },
        ],
        vehicles: [
          {
            id: 'v1',
            directionId: 0,
            position: { lat: 45.4 + 0.001 * asked.length, lon: -75.69, bearing: 30, label: '4321' },
            trust: 'tracked',
            ageSeconds: 20,
            nextStop: 'Third',
          },
        ],
      });
    },
  };
  return { transit, asked };
}

describe('the live map over HTTP', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function serve(transit: TransitSource, more: Partial<WebDeps> = {}) {
    let nowMs = START;
    const stores = memoryStores();
    const handler = createWebHandler({
      transit,
      t,
      localeFromCode,
      savedStops: stores.savedStops,
      botToken: TOKEN,
      initDataMaxAgeSeconds: 3600,
      tiles: { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' },
      pollSeconds: 7,
      now: () => new Date(nowMs),
      logger: silentLogger(),
      ...more,
    });
    const server = await startWebServer({ port: 0, host: '127.0.0.1', handler, logger: silentLogger() });
    closers.push(() => server.close());
    return { base: server.localUrl, stores, advance: (ms: number) => void (nowMs += ms) };
  }

  it("answers the route in the rider's language: lines, stops with the rider's marked, vehicles in words, disruptions; nothing secret", async () => {
    const { transit } = fakeTransit();
    const { base } = await serve(transit);
    const response = await fetch(`${base}/api/route?route=9&stop=101&lang=fr-CA`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    expect(text).not.toContain(TOKEN);
    const body = JSON.parse(text) as MapAnswer;
    expect(body).toMatchObject({
      route: '9',
      title: 'Ligne 9 : carte en direct',
      updated: 'Mis à jour à 10:00:00',
      pollSeconds: 7,
      riderStop: '101',
      tiles: { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© Example' },
      attributions: ['Data: Test Transit'],
      directions: [
        {
          directionId: 0,
          label: 'vers Third',
          stops: [
            { stop: '101', name: 'First', rider: true },
            { stop: '103', name: 'Third', rider: false },
          ],
        },
      ],
      vehicles: [{ id: 'v1', bearing: 30, trust: 'tracked', text: '4321 vers Third · prochain arrêt Third · vu il y a 20 s' }],
      disruptions: [{ id: 'd1', severity: 'warning', text: 'Ligne 9 détournée autour de Main' }],
      words: { stops: 'Arrêts', yourStop: 'votre arrêt' },
    });
    expect(body.noVehicles).toBeUndefined();
  });

  it('reads the source once for every page asking within a while, then again: the bus has moved', async () => {
    const { transit, asked } = fakeTransit();
    const { base, advance } = await serve(transit);
    const read = async () => ((await (await fetch(`${base}/api/route?route=9&stop=101`)).json()) as MapAnswer).vehicles[0]!.lat;
    const first = await Promise.all([read(), read(), read()]);
    expect(asked).toHaveLength(1);
    expect(new Set(first).size).toBe(1);
    advance(2500);
    const later = await read();
    expect(asked).toHaveLength(2);
    expect(later).toBeGreaterThan(first[0] ?? Infinity);
  });

  it('a route the source lacks: 404 in words; a source down: 503; no route given: 400', async () => {
    const { base } = await serve(fakeTransit().transit);
    const missing = await fetch(`${base}/api/route?route=404`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'unknown-route', text: 'There is no route 404 to show.' });
    expect((await fetch(`${base}/api/route?route=`)).status).toBe(400);
    const down = await serve(fakeTransit({ fail: new TransitError('unavailable', 'upstream down http://secret.example/key=abc') }).transit);
    const answer = await fetch(`${down.base}/api/route?route=9&lang=es`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: 'unavailable', text: 'Los datos en vivo no se pueden leer ahora; se vuelve a intentar.' });
  });

  it('serves the page and its files with a policy that loads nothing but them and the tiles', async () => {
    const { base } = await serve(fakeTransit().transit);
    const page = await fetch(`${base}?route=9`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data: https://tiles.example.org");
    expect(await page.text()).toContain('map/app.js');
    expect((await fetch(`${base}/app.js`)).headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
  });

  it("shows a rider's saved stops only for initData the bot's token signed, recently", async () => {
    const { base, stores } = await serve(fakeTransit().transit);
    await stores.savedStops.add({ platform: 'telegram', chatId: '777' }, { stopNo: '101', name: 'First', label: 'home' }, 10);
    const user = JSON.stringify({ id: 777, first_name: 'Ana' });
    const initData = (authSeconds: number, token = TOKEN) => signInitData({ auth_date: String(authSeconds), user }, token);
    const ask = (body: string) => fetch(`${base}/api/rider`, { method: 'POST', body });

    const valid = await ask(initData(START / 1000 - 60));
    expect(valid.status).toBe(200);
    expect(await valid.json()).toEqual({ savedStops: [{ stop: '101', name: 'home' }] });

    const forged = initData(START / 1000 - 60).replace('777', '778');
    for (const refused of [forged, initData(START / 1000 - 60, '999:another-bot-token'), initData(START / 1000 - 3700), ''])
      expect([(await ask(refused)).status, refused]).toEqual([401, refused]);
    expect((await fetch(`${base}/api/rider`)).status).toBe(405);

    const noBot = await serve(fakeTransit().transit, { botToken: undefined });
    expect((await fetch(`${noBot.base}/api/rider`, { method: 'POST', body: initData(START / 1000) })).status).toBe(404);
  });

  it('is served beside the metrics and probes when the operator gives them one port', async () => {
    const { transit } = fakeTransit();
    const handler = createWebHandler({
      transit,
      t,
      localeFromCode,
      initDataMaxAgeSeconds: 3600,
      pollSeconds: 10,
      now: () => new Date(START),
      logger: silentLogger(),
    });
    const ops = createOps({ clock: () => new Date(START), feeds: () => [] });
    const server = await ops.serve({ port: 0, logger: silentLogger(), beside: handler });
    closers.push(() => server.close());
    const map = await fetch(`http://127.0.0.1:${server.port}/map/api/route?route=9`);
    expect(map.status).toBe(200);
    expect(((await map.json()) as MapAnswer).tiles).toBeNull();
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPlainText } from '../../../src/chat/console/render.js';
import { loadConfig, secretsOf } from '../../../src/config/index.js';
import { createBotCore, type BotCore } from '../../../src/core/index.js';
import { inTodaysFeeds } from '../../../src/core/todays-feeds.js';
import { fixedClock, type Clock } from '../../../src/domain/clock.js';
import { healthAnswer } from '../../../src/domain/health.js';
import { createOps } from '../../../src/ops/ops.js';
import { loadDemoNetwork } from '../../../src/sim/index.js';
import type { OpenedSource } from '../../../src/sources/kind.js';
import { openFeeds } from '../../../src/sources/open.js';
import { memoryStores, privateChat } from '../../core/fakes.js';
import { startStoPortal, type StoPortal } from '../../support/sto-portal.js';
import { capturingLogger, tempDir } from './helpers.js';

// STO's signed realtime through the `sto` preset, from FEEDS_FILE to riders' answers, against a
// local copy of STO's portal (test/support/sto-portal.ts) that checks each request's signature
// against the minute it arrives in. The keys come from the environment ("$STO_KEY"), as the
// README tells operators to give them.

const KEY = 'CF6C5PUBLICKEY7A91';
const PRIVATE_KEY = 'FA56PRIVATEKEY3C3753271D1EFC4D218E';
// A Tuesday at 08:00 in Gatineau: the demo network's weekday service is running.
const START = '2026-03-10T08:00:00-04:00';
const progress = { write: () => true };

interface Opened {
  feeds: OpenedSource;
  lines: string[];
  secrets: string[];
  core: BotCore;
}

describe('the sto preset against a portal that checks each signature', () => {
  const now = fixedClock(START);
  const dir = tempDir();
  let portal: StoPortal;
  let echoing: StoPortal;
  const opened: Opened[] = [];

  /** The sto preset with the portal's addresses, read through FEEDS_FILE like an operator's. */
  async function open(at: StoPortal, env: Record<string, string>, data: string, clock: Clock = now, keys = true): Promise<Opened> {
    const file = JSON.stringify([
      {
        id: 'sto',
        name: 'STO',
        preset: 'sto',
        ...(keys ? { key: '$STO_KEY', privateKey: '$STO_PRIVATE_KEY' } : {}),
        gtfs: `${at.url}/GTFS/GTFS.zip`,
        ...(keys
          ? {
              tripUpdates: `${at.url}/download.php?file=trip`,
              vehiclePositions: `${at.url}/download.php?file=vehicule`,
              alerts: `${at.url}/download.php?file=alert`,
            }
          : {}),
      },
    ]);
    const config = loadConfig({ FEEDS_FILE: '/feeds.json', ...env }, () => file);
    const captured = capturingLogger();
    const feeds = await openFeeds(config.feeds.list, {
      dataDir: `${dir.path}/${data}`,
      now: clock,
      logger: captured.logger,
      quietRequests: true,
      folders: 'per-feed',
      waitForSchedule: progress,
    });
    const stores = memoryStores();
    const core = createBotCore({
      transit: feeds.source,
      ...stores,
      ...inTodaysFeeds(stores, feeds.source.identifiers),
      now: clock,
      ...(feeds.stops !== undefined ? { stops: feeds.stops } : {}),
    });
    const result = { feeds, lines: captured.lines, secrets: secretsOf(config), core };
    opened.push(result);
    return result;
  }

  beforeAll(async () => {
    const network = loadDemoNetwork();
    portal = await startStoPortal({ now, network, key: KEY, privateKey: PRIVATE_KEY });
    echoing = await startStoPortal({ now, network, key: KEY, privateKey: PRIVATE_KEY, refusal: 'text' });
  });
  afterAll(async () => {
    for (const o of opened) await o.feeds.close();
    await portal.close();
    await echoing.close();
    dir.remove();
  });

  it('reads trip updates, vehicle positions and alerts, each request signed at the minute it is made', async () => {
    const sto = await open(portal, { STO_KEY: KEY, STO_PRIVATE_KEY: PRIVATE_KEY }, 'good');
    expect(sto.secrets).toEqual(expect.arrayContaining([KEY, PRIVATE_KEY]));
    const first = await sto.feeds.source.nextTripsAllRoutes('3017');
    expect(first.liveUnavailable).toBeUndefined();
    expect(first.routes.flatMap((r) => r.trips).some((t) => t.trust !== 'scheduled')).toBe(true);
    await sto.feeds.source.disruptions!({});
    // A minute and more later: new signatures, accepted in their own minute.
    now.advance(61_000);
    await sto.feeds.source.nextTripsAllRoutes('3017');
    await sto.feeds.source.disruptions!({});
    const asked = portal.requests;
    expect(new Set(asked.map((r) => r.file))).toEqual(new Set(['trip', 'vehicule', 'alert']));
    expect(asked.every((r) => r.accepted)).toBe(true);
    expect(asked.every((r) => /^[0-9A-F]{64}$/.test(r.hash))).toBe(true);
    expect(new Set(asked.map((r) => r.hash)).size).toBe(2);
    expect(sto.feeds.source.status!()).toEqual([expect.objectContaining({ realtime: 'ok' })]);
    expect(sto.feeds.source.status!()[0]!.realtimeProblem).toBeUndefined();
  });

  it("shows STO's occupancy under 📍, and its alerts in the chat's language where STO gives it", async () => {
    const sto = opened[0]!;
    const rider = privateChat({ chatId: 'rider', languageCode: 'en' });
    const board = (await sto.core.handleText('/next 3017', rider))!;
    const pins = board.buttons!.flat().filter((b) => b.command.name === 'where');
    expect(pins.length).toBeGreaterThan(0);
    const where = await Promise.all(pins.map(async (pin) => renderPlainText(await sto.core.run(pin.command, rider))));
    expect(where.some((text) => /🟢 Many seats available|🟡 Few seats available|🟠 Standing room only|🔴 Crowded|🔴 Full|🟢 Empty/u.test(text))).toBe(
      true,
    );

    const english = renderPlainText((await sto.core.handleText('/disruptions', rider))!);
    const french = renderPlainText((await sto.core.handleText('/disruptions', privateChat({ chatId: 'usager', languageCode: 'fr' })))!);
    expect(english).toContain('Route 95: detour on Slater St');
    expect(english).not.toContain('Ligne 95');
    expect(french).toContain('Ligne 95 : détour rue Slater');
    // Given in French alone: French for everyone.
    expect(english).toContain('Arrêt Laurier déplacé de 50 m');
    expect(french).toContain('Arrêt Laurier déplacé de 50 m');
  });

  it.each([
    ['a wrong private key, refused with a 403 echoing the query', 'forbidden', 'wrong-private'],
    ['a wrong private key, refused with a 200 whose text echoes the query', 'text', 'wrong-private-text'],
  ] as const)('%s: the operator told in words, riders the schedule marked as such, no secret anywhere', async (_, mode, data) => {
    const at = mode === 'text' ? echoing : portal;
    const before = at.requests.length;
    const wrong = 'WRONG-PRIVATE-KEY-0B7E22';
    const sto = await open(at, { STO_KEY: KEY, STO_PRIVATE_KEY: wrong }, data);
    const arrivals = await sto.feeds.source.nextTripsAllRoutes('3017');
    const trips = arrivals.routes.flatMap((r) => r.trips);
    expect(trips.length).toBeGreaterThan(0);
    expect(trips.every((t) => t.trust === 'scheduled')).toBe(true);
    expect(arrivals.liveUnavailable).toBe(true);
    const board = renderPlainText((await sto.core.handleText('/next 3017', privateChat({ chatId: 'r' })))!);
    expect(board).toContain('🕒');
    await sto.feeds.source.disruptions!({});
    const refused = at.requests.slice(before);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(refused.every((r) => !r.accepted)).toBe(true);

    const [status] = sto.feeds.source.status!();
    expect(status).toMatchObject({ realtime: 'failing', realtimeProblem: { kind: 'refused' } });
    expect(status!.realtimeProblem!.message).toMatch(/STO refused the signed request: check the feed's "key" and "privateKey"/);
    const ops = createOps({ clock: now, feeds: () => sto.feeds.source.status!() });
    const healthz = healthAnswer('/healthz', ops.health)!;
    const readyz = healthAnswer('/readyz', ops.health)!;
    expect(healthz.status).toBe(200);
    expect((JSON.parse(healthz.body) as { problems?: unknown }).problems).toEqual([
      expect.stringMatching(/^sto: realtime refused since .*: .*STO refused the signed request/),
    ]);
    expect(readyz.body).toContain('STO refused the signed request');
    const log = sto.lines.join('');
    expect(log).toMatch(/"level":50.*trip updates refused: .*STO refused the signed request/);

    const everything = [log, healthz.body, readyz.body, await ops.metrics.registry.metrics(), JSON.stringify(sto.feeds.source.status!())].join('\n');
    for (const secret of [KEY, wrong, ...refused.map((r) => r.hash)]) expect(everything).not.toContain(secret);
    expect(everything).not.toContain('signature invalide');
  });

  it('refuses a clock off by more than a minute: told as a refusal, never as "no buses"', async () => {
    const behind = fixedClock(new Date(now().getTime() - 2 * 60_000).toISOString());
    const before = portal.requests.length;
    const sto = await open(portal, { STO_KEY: KEY, STO_PRIVATE_KEY: PRIVATE_KEY }, 'behind', behind);
    const arrivals = await sto.feeds.source.nextTripsAllRoutes('3017');
    expect(portal.requests.slice(before).every((r) => !r.accepted)).toBe(true);
    expect(arrivals.liveUnavailable).toBe(true);
    expect(arrivals.routes.flatMap((r) => r.trips).length).toBeGreaterThan(0);
    expect(sto.feeds.source.status!()[0]!.realtimeProblem).toMatchObject({ kind: 'refused' });
  });

  it('without keys: the schedule alone, said once at start, nothing asked of the portal', async () => {
    const before = portal.requests.length;
    const sto = await open(portal, {}, 'keyless', now, false);
    const arrivals = await sto.feeds.source.nextTripsAllRoutes('3017');
    await sto.feeds.source.nextTripsAllRoutes('3017');
    expect(arrivals.routes.flatMap((r) => r.trips).every((t) => t.trust === 'scheduled')).toBe(true);
    expect(portal.requests.length).toBe(before);
    const said = sto.lines.map((line) => (JSON.parse(line) as { msg: string }).msg).filter((msg) => msg.includes('reads its schedule alone'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('"key" and "privateKey"');
    expect(said[0]).toContain("STO's Developer Space");
    expect(sto.feeds.source.status!()).toEqual([expect.objectContaining({ realtime: 'none' })]);
  });
});

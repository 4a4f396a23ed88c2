import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createTranslator, localeFromCode, packageLanguages } from '../../src/core/index.js';
import { silentLogger } from '../../src/log.js';
import {
  DEMO_ALERTS_HEADER,
  DEMO_API_KEY,
  DEMO_APP_ID,
  DEMO_GTFS_PATH,
  DEMO_VEHICLES_PATH,
  startSimServer,
  type SimServer,
} from '../../src/sim/index.js';
import { openGtfsFeed, type OpenedGtfsFeed } from '../../src/sources/gtfs/open-feed.js';
import { signInitData } from '../../src/web/init-data.js';
import { createWebHandler, startWebServer, type WebServer } from '../../src/web/index.js';
import { memoryStores } from '../core/fakes.js';

// The live map in a real browser (Debian's chromium, driven by playwright-core): the demo network
// served as npm start's map reads it (the demo server's GTFS twin and its moving buses), the page
// draws route 95 with its stops and buses, a bus moves after the next poll, the keyboard reaches
// the lists, Telegram's dark theme and the system's are taken, and a Mini App's forged launch data
// shows nothing of a rider while a signed one shows their saved stops. A screenshot is kept in
// test-results/. Where chromium is not installed (`apt-get install -y chromium`), it is skipped, loudly.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAS_CHROMIUM = existsSync(CHROMIUM);
if (!HAS_CHROMIUM) {
  process.stderr.write(
    `\n!!! ${CHROMIUM} is missing: the live map's browser test is SKIPPED. Install it with \`apt-get install -y chromium\` (CI: .ci/run).\n\n`,
  );
}
const ARTEFACTS = new URL('../../test-results/', import.meta.url).pathname;
const TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';

describe.skipIf(!HAS_CHROMIUM)(
  'the live map in a browser',
  () => {
    // A weekday morning in Ottawa, when route 95 runs; moved on by the test, never by itself.
    let nowMs = Date.parse('2026-03-02T14:00:00Z');
    const now = () => new Date(nowMs);
    const dataDir = mkdtempSync(join(tmpdir(), 'live-map-'));
    let sim: SimServer;
    let feed: OpenedGtfsFeed;
    let web: WebServer;
    let browser: Browser;
    const stores = memoryStores();

    beforeAll(async () => {
      const { chromium } = await import('playwright-core');
      const launching = chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      sim = await startSimServer({ port: 0, host: '127.0.0.1', now, appId: DEMO_APP_ID, apiKey: DEMO_API_KEY, logger: silentLogger() });
      feed = await openGtfsFeed(
        {
          scheduleUrl: `${sim.url}${DEMO_GTFS_PATH}`,
          vehiclePositionsUrl: `${sim.url}${DEMO_VEHICLES_PATH}`,
          headers: { [DEMO_ALERTS_HEADER]: DEMO_API_KEY },
          refreshSeconds: 5,
        },
        { dataDir, now, logger: silentLogger(), refresh: false },
      );
      expect(await feed.transit.refreshSchedule()).toBe('imported');
      await stores.savedStops.add({ platform: 'telegram', chatId: '777' }, { stopNo: '3017', name: 'BASELINE 1A', label: 'work' }, 10);
      const handler = createWebHandler({
        transit: feed.transit,
        t: createTranslator(packageLanguages()),
        localeFromCode,
        savedStops: stores.savedStops,
        botToken: TOKEN,
        initDataMaxAgeSeconds: 3600,
        pollSeconds: 1,
        now,
        logger: silentLogger(),
      });
      web = await startWebServer({ port: 0, host: '127.0.0.1', handler, logger: silentLogger() });
      browser = await launching;
    });

    afterAll(async () => {
      await browser?.close();
      await web?.close();
      await feed?.transit.close();
      await sim?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    // Run in the page: this file is compiled without the DOM's types, so the page's code is text.
    const polls = (page: Page) => page.evaluate<number>("Number(document.body.dataset.polls ?? '0')");

    it('draws route 95 with its stops and buses, moves a bus after the next poll, and the keyboard reaches the lists', async () => {
      const page = await browser.newPage({ viewport: { width: 900, height: 900 }, colorScheme: 'light' });
      await page.goto(`${web.localUrl}?route=95&stop=3017`);
      await page.waitForSelector('#vehicles-layer g.vehicle');
      expect(await page.locator('#lines-layer polyline').count()).toBe(2);
      expect(await page.locator('#stops-layer circle').count()).toBe(30);
      expect(await page.locator('#stops-layer circle.rider').count()).toBeGreaterThan(0);
      expect(await page.locator('h1').textContent()).toBe('Route 95: live map');
      expect(await page.locator('#stops li').count()).toBe(30);
      const buses = await page.locator('#vehicles li').count();
      expect(buses).toBeGreaterThan(2);
      expect(await page.locator('#vehicles-layer g.vehicle').count()).toBe(buses);
      expect(await page.locator('#credits').textContent()).toContain('Drawn without a background map.');

      const where = () =>
        page.evaluate<Record<string, string>>(
          "Object.fromEntries([...document.querySelectorAll('#vehicles-layer g.vehicle')].map((g) => [g.dataset.vehicle, g.dataset.x + ',' + g.dataset.y]))",
        );
      const before = await where();
      const seen = await polls(page);
      nowMs += 30_000;
      // Polled from here: the page's policy refuses the eval waitForFunction would need.
      await expect.poll(() => polls(page), { timeout: 10_000, interval: 200 }).toBeGreaterThan(seen + 1);
      const after = await where();
      const moved = Object.keys(before).filter((id) => after[id] !== undefined && after[id] !== before[id]);
      expect(moved.length).toBeGreaterThan(0);

      await page.screenshot({ path: join(ARTEFACTS, 'live-map-light.png') });

      // Tab from the top: the first focusable things are the lists' buttons, the vehicles first.
      await page.keyboard.press('Tab');
      const focused = await page.evaluate<{ list?: string; vehicle?: string }>(
        "({ list: document.activeElement?.closest('#vehicles, #stops, #saved')?.id, vehicle: document.activeElement?.dataset.vehicle })",
      );
      expect(focused.list).toBe('vehicles');
      expect(await page.locator(`#vehicles-layer g.vehicle.picked[data-vehicle="${focused.vehicle}"]`).count()).toBe(1);
      for (let i = 0; i < buses; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate('document.activeElement?.dataset.stop')).toBe('3017');
      await page.close();
    });

    it("takes the system's dark scheme, and Telegram's theme when opened as a Mini App", async () => {
      const dark = await browser.newPage({ colorScheme: 'dark' });
      await dark.goto(`${web.localUrl}?route=95`);
      await dark.waitForSelector('#vehicles-layer g.vehicle');
      expect(await dark.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(23, 33, 43)');
      await dark.screenshot({ path: join(ARTEFACTS, 'live-map-dark.png') });
      await dark.close();

      const theme = { bg_color: '#f7f1e3', text_color: '#222222', hint_color: '#777777', link_color: '#0044aa', secondary_bg_color: '#ece4d0' };
      const telegram = await browser.newPage({ colorScheme: 'dark' });
      await telegram.goto(`${web.localUrl}?route=95#tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(theme))}`);
      await telegram.waitForSelector('#vehicles-layer g.vehicle');
      expect(await telegram.evaluate('[document.documentElement.dataset.theme, getComputedStyle(document.body).backgroundColor]')).toEqual([
        'light',
        'rgb(247, 241, 227)',
      ]);
      await telegram.close();
    });

    it("shows a Mini App rider's saved stops for signed launch data, nothing for forged", async () => {
      const user = JSON.stringify({ id: 777, first_name: 'Ana', language_code: 'fr' });
      const open = async (initData: string) => {
        const page = await browser.newPage();
        const rider = page.waitForResponse((r) => r.url().endsWith('/map/api/rider'));
        await page.goto(`${web.localUrl}?route=95#tgWebAppData=${encodeURIComponent(initData)}`);
        const status = (await rider).status();
        await page.waitForSelector('#vehicles-layer g.vehicle');
        return { page, status };
      };
      const signed = signInitData({ auth_date: String(Math.floor(nowMs / 1000)), user }, TOKEN);
      const good = await open(signed);
      expect(good.status).toBe(200);
      await good.page.waitForSelector('#saved-section:not([hidden])');
      expect(await good.page.locator('#saved li').allTextContents()).toEqual(['work (3017)']);
      // Telegram's language, read from the launch data.
      expect(await good.page.locator('h1').textContent()).toBe('Ligne 95 : carte en direct');
      await good.page.close();

      const forged = await open(signed.replace('Ana', 'Bob'));
      expect(forged.status).toBe(401);
      expect(await forged.page.locator('#saved-section').isHidden()).toBe(true);
      await forged.page.close();
    });
  },
  15_000,
);

mkdirSync(ARTEFACTS, { recursive: true });

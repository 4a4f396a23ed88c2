import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.js';

// The live map's settings: OpenStreetMap's tiles by default where the bot reads real feeds, none for
// the offline demo or when told "none"; its port never a platform's.

const GTFS = { GTFS_URL: 'https://example.org/gtfs.zip' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('the live map settings', () => {
  it('the demo: no tiles (it runs offline), no port of its own (the terminal picks a free one)', () => {
    expect(loadConfig({}).web).toEqual({ host: '127.0.0.1', pollSeconds: 10, initDataMaxAgeSeconds: 3600 });
  });

  it("real feeds: OpenStreetMap's tiles with its attribution, unless another URL or none is set", () => {
    expect(loadConfig(GTFS).web.tiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(loadConfig({ ...GTFS, WEB_TILES_URL: 'none' }).web.tiles).toBeUndefined();
    expect(loadConfig({ ...GTFS, WEB_TILES_URL: 'https://t.example.org/{z}/{x}/{y}.png', WEB_TILES_ATTRIBUTION: '© Example' }).web.tiles).toEqual({
      url: 'https://t.example.org/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
  });

  it('reads the port, the address and the public base (without its trailing slash)', () => {
    const { web } = loadConfig({ ...GTFS, WEB_PORT: '8090', WEB_HOST: '0.0.0.0', WEB_BASE_URL: 'https://bus.example.org/', WEB_POLL_SECONDS: '5' });
    expect(web).toMatchObject({ port: 8090, host: '0.0.0.0', baseUrl: 'https://bus.example.org', pollSeconds: 5 });
  });

  it('refuses tiles without {z}/{x}/{y}, a base that is no http(s) address', () => {
    expect(problemsOf({ WEB_TILES_URL: 'https://t.example.org/tile.png', WEB_BASE_URL: 'ftp://bus.example.org', WEB_POLL_SECONDS: '1' })).toEqual([
      expect.stringContaining('WEB_BASE_URL: expected an http:// or https:// address'),
      'WEB_TILES_URL: expected an http(s) URL with {z}, {x} and {y}, or none',
      'WEB_POLL_SECONDS: expected a number of seconds from 2 to 300',
    ]);
    const webhook = {
      TELEGRAM_BOT_TOKEN: '123456:ABC-DEF',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram',
      TELEGRAM_WEBHOOK_SECRET: 's3cret',
      TELEGRAM_WEBHOOK_PORT: '9000',
    };
    expect(loadConfig({ ...webhook, WEB_PORT: '9001', METRICS_PORT: '9001' }).web).toMatchObject({ port: 9001 });
    expect(loadConfig({ ...webhook, WEB_PORT: '9001', METRICS_PORT: '9001' }).web.besidePlatform).toBeUndefined();
  });

  it("serves the map beside the Telegram webhook when WEB_PORT is the webhook's port", () => {
    const webhook = {
      TELEGRAM_BOT_TOKEN: '123456:ABC-DEF',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram',
      TELEGRAM_WEBHOOK_SECRET: 's3cret',
      TELEGRAM_WEBHOOK_PORT: '9000',
    };
    expect(loadConfig({ ...webhook, WEB_PORT: '9000', WEB_BASE_URL: 'https://bot.example.org' }).web).toMatchObject({
      port: 9000,
      besidePlatform: 'telegram',
      baseUrl: 'https://bot.example.org',
    });
    // Not beside a webhook that is not set up: polling has no server of its own.
    const polling = { TELEGRAM_BOT_TOKEN: '123456:ABC-DEF' };
    expect(loadConfig({ ...polling, WEB_PORT: '8443' }).web.besidePlatform).toBeUndefined();
  });
});

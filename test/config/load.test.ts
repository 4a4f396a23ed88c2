import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig, loadConfigFromProcess, secretsOf, type Config } from '../../src/config/index.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives working embedded defaults for an empty environment: the demo feed, the terminal chat', () => {
    const config = loadConfig({});
    expect(config.feeds).toEqual({
      list: [],
      secrets: [],
      folders: 'shared',
      demo: { format: 'xml', timeoutMs: 8000, cacheSeconds: { nextTrips: 30, routeSummary: 86_400 }, requestsPerSecond: 10 },
    });
    expect(config.store).toEqual({ dataDir: './data' });
    expect(config.platforms).toEqual({ console: {} });
    expect(config.rateLimitPerMinute).toBe(20);
    expect(config.logLevel).toBe('info');
  });

  it("reads RIDER_REPORTS: riders' 👻 reports on unless an operator turns them off", () => {
    expect(loadConfig({}).riderReports).toBe(true);
    expect(loadConfig({ RIDER_REPORTS: 'off' }).riderReports).toBe(false);
    expect(loadConfig({ RIDER_REPORTS: ' OFF ' }).riderReports).toBe(false);
    expect(loadConfig({ RIDER_REPORTS: 'on' }).riderReports).toBe(true);
    expect(problemsOf({ RIDER_REPORTS: 'no' })).toEqual([expect.stringMatching(/^RIDER_REPORTS: .*on or off/)]);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      OC_APP_ID: 'app',
      OC_API_KEY: 'key',
      OC_BASE_URL: 'http://127.0.0.1:8089',
      OC_FORMAT: 'json',
      OC_TIMEOUT_MS: '2500',
      CACHE_NEXT_TRIPS_SECONDS: '15',
      CACHE_ROUTE_SUMMARY_SECONDS: '3600',
      OC_REQUESTS_PER_SECOND: '2',
      DATA_DIR: '/var/lib/arrivals',
      REDIS_URL: 'redis://127.0.0.1:6379',
      LOG_LEVEL: 'debug',
      TELEGRAM_BOT_TOKEN: '123456:ABC-def_9',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:8081',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram',
      TELEGRAM_WEBHOOK_SECRET: 's3cret_-',
      TELEGRAM_WEBHOOK_PORT: '9000',
      RATE_LIMIT_PER_MINUTE: '5',
      GTFS_STOPS_FILE: './stops.txt',
    });
    // The v1.2 API's settings are a list of one feed.
    expect(config.feeds.list).toEqual([
      {
        id: 'default',
        source: {
          kind: 'octranspo-v12',
          v12: {
            appId: 'app',
            apiKey: 'key',
            baseUrl: 'http://127.0.0.1:8089',
            format: 'json',
            timeoutMs: 2500,
            cacheSeconds: { nextTrips: 15, routeSummary: 3600 },
            requestsPerSecond: 2,
            stopsFile: './stops.txt',
          },
        },
      },
    ]);
    expect(config.feeds.demo).toBeUndefined();
    expect(config.store).toEqual({ dataDir: '/var/lib/arrivals', redisUrl: 'redis://127.0.0.1:6379' });
    // A platform set up serves; the terminal does not.
    expect(config.platforms.console).toBeUndefined();
    expect(config.platforms.telegram).toEqual({
      token: '123456:ABC-def_9',
      apiRoot: 'http://127.0.0.1:8081',
      webhook: { url: 'https://bot.example.org/telegram', secret: 's3cret_-', port: 9000 },
    });
    expect(config.rateLimitPerMinute).toBe(5);
  });

  it("reads the alert settings, with defaults within the platforms' limits; metrics off unless a port is set", () => {
    expect(loadConfig({}).alerts).toEqual({
      catchUpMinutes: 5,
      perSecond: { telegram: 29, discord: 45, console: 50 },
      chatIntervalMs: 1000,
      groupPerMinute: 20,
    });
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
    expect(loadConfig({ METRICS_HOST: '::' }).metricsHost).toBe('::');
    const config = loadConfig({
      ALERT_CATCH_UP_MINUTES: '10',
      ALERT_TELEGRAM_PER_SECOND: '25',
      ALERT_DISCORD_PER_SECOND: '40',
      ALERT_CHAT_INTERVAL_MS: '1500',
      ALERT_GROUP_PER_MINUTE: '15',
      METRICS_PORT: '9464',
    });
    expect(config.alerts).toEqual({
      catchUpMinutes: 10,
      perSecond: { telegram: 25, discord: 40, console: 50 },
      chatIntervalMs: 1500,
      groupPerMinute: 15,
    });
    expect(config.metricsPort).toBe(9464);
    // The bot's own variables, then each platform's (Telegram's pace is Telegram's).
    expect(problemsOf({ ALERT_CATCH_UP_MINUTES: '0', ALERT_TELEGRAM_PER_SECOND: 'fast', METRICS_PORT: '70000', METRICS_HOST: 'http://x/' })).toEqual([
      'ALERT_CATCH_UP_MINUTES: expected a number of minutes from 1 to 60',
      'METRICS_PORT: expected a port from 1 to 65535',
      'METRICS_HOST: expected an address of this machine to listen on, such as 127.0.0.1 (this machine only) or 0.0.0.0 (every interface)',
      'ALERT_TELEGRAM_PER_SECOND: expected a whole number',
    ]);
  });

  it('reads the days of accuracy figures kept (7 unless said), refusing a number past sense', () => {
    expect(loadConfig({}).accuracyDays).toBe(7);
    expect(loadConfig({ ACCURACY_DAYS: '14' }).accuracyDays).toBe(14);
    expect(problemsOf({ ACCURACY_DAYS: '0' })).toEqual(['ACCURACY_DAYS: expected a number of days from 1 to 90']);
  });

  it('refuses, by name, times a timer cannot hold and numbers past any sense', () => {
    expect(
      problemsOf({ OC_TIMEOUT_MS: '3000000000', ALERT_CHAT_INTERVAL_MS: '3000000000', CACHE_NEXT_TRIPS_SECONDS: '99999999999999999999' }),
    ).toEqual([
      'OC_TIMEOUT_MS: expected a number of milliseconds from 1 to 600000 (10 minutes)',
      'CACHE_NEXT_TRIPS_SECONDS: expected a whole number above 0',
      'ALERT_CHAT_INTERVAL_MS: expected a number of milliseconds from 1 to 3600000 (an hour)',
    ]);
    expect(loadConfig({ OC_TIMEOUT_MS: '600000', ALERT_CHAT_INTERVAL_MS: '3600000' }).feeds.demo?.timeoutMs).toBe(600_000);
  });

  it('refuses a metrics port that the webhook server takes, naming both', () => {
    const webhook = {
      TELEGRAM_BOT_TOKEN: '123456:ABC-def_9',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram',
      TELEGRAM_WEBHOOK_SECRET: 's3cret',
    };
    expect(problemsOf({ ...webhook, TELEGRAM_WEBHOOK_PORT: '9464', METRICS_PORT: '9464' })).toEqual([
      'METRICS_PORT: expected another port than TELEGRAM_WEBHOOK_PORT (9464): the webhook server listens there',
    ]);
    expect(problemsOf({ ...webhook, METRICS_PORT: '8443' })).toEqual([
      'METRICS_PORT: expected another port than TELEGRAM_WEBHOOK_PORT (8443): the webhook server listens there',
    ]);
    // Polling runs no webhook server.
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: '123456:ABC-def_9', METRICS_PORT: '8443' }).metricsPort).toBe(8443);
  });

  it("takes the terminal chat's language from the system locale, in POSIX order", () => {
    const language = (env: Record<string, string>) => loadConfig(env).platforms.console?.languageCode;
    expect(language({ LANG: 'fr_CA.UTF-8' })).toBe('fr_CA.UTF-8');
    expect(language({ LANG: 'fr_CA.UTF-8', LC_MESSAGES: 'en_GB.UTF-8' })).toBe('en_GB.UTF-8');
    expect(language({ LANG: 'en_CA.UTF-8', LC_ALL: 'fr_FR.UTF-8', LC_MESSAGES: 'en_GB' })).toBe('fr_FR.UTF-8');
    expect(language({ LC_ALL: '', LANG: 'fr_CA' })).toBe('fr_CA');
    expect(language({})).toBeUndefined();
  });

  it('treats empty values as unset, as a copied .env.example leaves them', () => {
    const config = loadConfig({ OC_APP_ID: '', OC_API_KEY: '', TELEGRAM_BOT_TOKEN: '', REDIS_URL: '' });
    expect(config.feeds.list).toEqual([]);
    expect(config.platforms.telegram).toBeUndefined();
    expect(config.store.redisUrl).toBeUndefined();
  });

  it('reports every problem at once, each by variable name', () => {
    const problems = problemsOf({
      OC_APP_ID: 'app',
      OC_FORMAT: 'yaml',
      OC_TIMEOUT_MS: 'soon',
      CACHE_NEXT_TRIPS_SECONDS: '0',
      REDIS_URL: 'localhost:6379',
      TELEGRAM_BOT_TOKEN: 'not a token',
      TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/hook',
      TELEGRAM_WEBHOOK_PORT: '70000',
      LOG_LEVEL: 'loud',
    });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'CACHE_NEXT_TRIPS_SECONDS',
        'LOG_LEVEL',
        'OC_API_KEY',
        'OC_FORMAT',
        'OC_TIMEOUT_MS',
        'REDIS_URL',
        'TELEGRAM_BOT_TOKEN',
        'TELEGRAM_WEBHOOK_PORT',
        'TELEGRAM_WEBHOOK_SECRET',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('OC_FORMAT'))).toMatch(/xml or json/);
    expect(problems.find((p) => p.startsWith('REDIS_URL'))).toMatch(/redis:\/\//);
  });

  it('accepts only http(s) addresses, and only https for the webhook', () => {
    expect(
      problemsOf({
        OC_BASE_URL: 'ftp://api.example.org',
        TELEGRAM_API_ROOT: 'file:///tmp/api',
        TELEGRAM_WEBHOOK_URL: 'http://bot.example.org/hook',
        TELEGRAM_WEBHOOK_SECRET: 's',
      }),
    ).toStrictEqual([
      'OC_BASE_URL: expected an http(s) URL such as https://api.octranspo1.com',
      'TELEGRAM_API_ROOT: expected an http(s) URL such as http://127.0.0.1:8081',
      'TELEGRAM_WEBHOOK_URL: expected an https:// URL such as https://bot.example.org/telegram',
    ]);
  });

  it('reads OC_FORMAT in either case, as the spec writes it both ways', () => {
    expect(loadConfig({ OC_FORMAT: 'JSON' }).feeds.demo?.format).toBe('json');
    expect(loadConfig({ OC_FORMAT: ' Xml ' }).feeds.demo?.format).toBe('xml');
  });

  it('never echoes a secret value in its messages', () => {
    const token = 'bad token with secret-part-123';
    const problems = problemsOf({ TELEGRAM_BOT_TOKEN: token, OC_API_KEY: 'key-only-xyz' });
    expect(problems.join('\n')).not.toContain('secret-part-123');
    expect(problems.join('\n')).not.toContain('key-only-xyz');
  });
});

describe('GTFS settings', () => {
  const gtfsOf = (config: Config) => {
    const [feed] = config.feeds.list;
    return feed?.source.kind === 'gtfs' ? feed.source.gtfs : undefined;
  };

  it('GTFS_URL selects the GTFS source; the trip updates, headers and refresh are read with it', () => {
    expect(gtfsOf(loadConfig({}))).toBeUndefined();
    const config = loadConfig({
      GTFS_URL: './feeds/gtfs.zip',
      GTFS_RT_TRIP_UPDATES_URL: 'https://rt.example.org/tu',
      GTFS_RT_HEADERS: 'X-Api-Key: abc123; Accept-Language: en',
      GTFS_RT_REFRESH_SECONDS: '15',
      CLOCK_START: '2023-11-07T17:05:34-08:00',
    });
    expect(gtfsOf(config)).toEqual({
      scheduleUrl: './feeds/gtfs.zip',
      tripUpdatesUrl: 'https://rt.example.org/tu',
      headers: { 'X-Api-Key': 'abc123', 'Accept-Language': 'en' },
      refreshSeconds: 15,
    });
    expect(config.clockStart?.getTime()).toBe(1699405534000);
    expect(secretsOf(config)).toContain('abc123');
  });

  it("OCTRANSPO_SUBSCRIPTION_KEY alone gives OC Transpo's addresses and header, each overridable", () => {
    const config = loadConfig({ OCTRANSPO_SUBSCRIPTION_KEY: 'sub-key-1' });
    expect(gtfsOf(config)?.scheduleUrl).toMatch(/^https:\/\/.*GTFSExport\.zip$/);
    expect(gtfsOf(config)?.tripUpdatesUrl).toMatch(/\/TripUpdates$/);
    expect(gtfsOf(config)?.vehiclePositionsUrl).toMatch(/\/gtfs-rt-vp\/.*\/VehiclePositions$/);
    expect(gtfsOf(loadConfig({ OCTRANSPO_SUBSCRIPTION_KEY: 'k', GTFS_RT_VEHICLE_POSITIONS_URL: 'vp.pb' }))?.vehiclePositionsUrl).toBe('vp.pb');
    expect(gtfsOf(loadConfig({ GTFS_URL: 'static.zip' }))?.vehiclePositionsUrl).toBeUndefined();
    expect(problemsOf({ GTFS_RT_VEHICLE_POSITIONS_URL: 'vp.pb' })[0]).toMatch(/^GTFS_RT_VEHICLE_POSITIONS_URL: expected GTFS_URL/);
    expect(gtfsOf(config)?.headers).toEqual({ 'Ocp-Apim-Subscription-Key': 'sub-key-1' });
    expect(secretsOf(config)).toContain('sub-key-1');
    expect(gtfsOf(loadConfig({ OCTRANSPO_SUBSCRIPTION_KEY: 'k', GTFS_URL: 'http://127.0.0.1:8089/gtfs/static.zip' }))?.scheduleUrl).toBe(
      'http://127.0.0.1:8089/gtfs/static.zip',
    );
  });

  it('reports bad GTFS settings without repeating a header value', () => {
    const problems = problemsOf({
      GTFS_RT_TRIP_UPDATES_URL: 'x',
      GTFS_RT_HEADERS: 'no colon secret-value-9',
      GTFS_RT_REFRESH_SECONDS: '0',
      CLOCK_START: 'yesterday',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual(
      expect.arrayContaining(['GTFS_RT_TRIP_UPDATES_URL', 'GTFS_RT_HEADERS', 'GTFS_RT_REFRESH_SECONDS', 'CLOCK_START']),
    );
    expect(problems.join('\n')).not.toContain('secret-value-9');
  });

  it('refuses a header value fetch could not send (a letter past Latin-1, a control character), naming the header only', () => {
    const problems = problemsOf({ GTFS_URL: './x.zip', GTFS_RT_HEADERS: 'X-Key: 🔑hush-7; Accept: a\u0007hush-8; Ok: clé' });
    expect(problems).toEqual([
      expect.stringMatching(/^GTFS_RT_HEADERS: .*the header X-Key needs a value on one line, without control characters/),
      expect.stringMatching(/^GTFS_RT_HEADERS: .*the header Accept needs a value on one line/),
    ]);
    expect(problems.join('\n')).not.toContain('hush');
  });

  it("CLOCK_START takes an instant to the minute, as the simulator's --at does, or to the second; never one without its offset", () => {
    expect(loadConfig({ CLOCK_START: '2026-11-24T08:00-05:00' }).clockStart?.toISOString()).toBe('2026-11-24T13:00:00.000Z');
    expect(loadConfig({ CLOCK_START: '2025-10-26T18:50Z' }).clockStart?.toISOString()).toBe('2025-10-26T18:50:00.000Z');
    expect(loadConfig({ CLOCK_START: '2023-11-07T17:05:34-08:00' }).clockStart?.getTime()).toBe(1699405534000);
    for (const bad of ['2026-11-24T08:00', '2026-11-24', '2026-11-24T8:00-05:00', '2026-13-24T08:00-05:00']) {
      expect(problemsOf({ CLOCK_START: bad })).toEqual([
        'CLOCK_START: expected an ISO instant with its offset, to the minute or the second, such as 2026-11-24T08:00-05:00 or 2023-11-07T17:05:34-08:00',
      ]);
    }
  });
});

describe('Discord settings', () => {
  const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.secret_Part-of-the-hmac_0123456789';

  it('reads the token, the server for commands and the REST base', () => {
    expect(
      loadConfig({ DISCORD_TOKEN: TOKEN, DISCORD_GUILD_ID: '123456789012345678', DISCORD_API_ROOT: 'http://127.0.0.1:9000/api' }).platforms.discord,
    ).toEqual({
      token: TOKEN,
      guildId: '123456789012345678',
      apiRoot: 'http://127.0.0.1:9000/api',
    });
    expect(loadConfig({ DISCORD_TOKEN: ` ${TOKEN} ` }).platforms.discord).toEqual({ token: TOKEN });
    expect(loadConfig({}).platforms.discord).toBeUndefined();
    expect(loadConfig({ DISCORD_TOKEN: '', DISCORD_GUILD_ID: '', DISCORD_API_ROOT: '' }).platforms.discord).toBeUndefined();
  });

  it('runs beside Telegram when both tokens are set', () => {
    const config = loadConfig({ DISCORD_TOKEN: TOKEN, TELEGRAM_BOT_TOKEN: '123456:ABC' });
    expect([config.platforms.telegram?.token, config.platforms.discord?.token]).toEqual(['123456:ABC', TOKEN]);
  });

  it('refuses a malformed token, server id or versioned REST base, by name and without echoing the token', () => {
    const problems = problemsOf({
      DISCORD_TOKEN: 'not a token secret-part-xyz',
      DISCORD_GUILD_ID: '12ab',
      DISCORD_API_ROOT: 'https://discord.com/api/v10',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['DISCORD_API_ROOT', 'DISCORD_GUILD_ID', 'DISCORD_TOKEN']);
    expect(problems.join('\n')).not.toContain('secret-part-xyz');
    expect(problems.find((p) => p.startsWith('DISCORD_API_ROOT'))).toMatch(/without a version/);
    expect(problemsOf({ DISCORD_API_ROOT: 'ws://127.0.0.1:9000' })).toStrictEqual([
      'DISCORD_API_ROOT: expected an http(s) URL such as https://discord.com/api',
    ]);
  });

  it('counts the token among the secrets redactors remove', () => {
    expect(secretsOf(loadConfig({ DISCORD_TOKEN: TOKEN }))).toContain(TOKEN);
  });
});

describe('documentation of the settings', () => {
  const example = parseEnv(readFileSync(new URL('../../.env.example', import.meta.url), 'utf8'));

  it('.env.example lists every variable, and copied as it is gives the embedded defaults', () => {
    expect(Object.keys(example).sort()).toEqual([...CONFIG_VARIABLES].sort());
    expect(loadConfig(example)).toEqual(loadConfig({}));
  });

  it('the README has a row for every variable', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    for (const name of CONFIG_VARIABLES) expect(readme).toContain(`| \`${name}\``);
  });
});

describe('loadConfigFromProcess', () => {
  const dir = mkdtempSync(join(tmpdir(), 'arrivals-config-'));
  const touched = ['OC_TIMEOUT_MS', 'CACHE_NEXT_TRIPS_SECONDS', 'OC_FORMAT'];
  const before = Object.fromEntries(touched.map((name) => [name, process.env[name]]));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    for (const name of touched) {
      if (before[name] === undefined) delete process.env[name];
      else process.env[name] = before[name];
    }
  });

  it('reads .env when present, the real environment winning over it', () => {
    for (const name of touched) delete process.env[name];
    process.env.OC_FORMAT = 'json';
    const file = join(dir, 'settings.env');
    writeFileSync(file, '# comment\nOC_TIMEOUT_MS=1234\nCACHE_NEXT_TRIPS_SECONDS=5\nOC_FORMAT=xml\n');
    const demo = loadConfigFromProcess(file).feeds.demo;
    expect([demo?.timeoutMs, demo?.cacheSeconds.nextTrips, demo?.format]).toStrictEqual([1234, 5, 'json']);
  });

  it('starts without .env', () => {
    for (const name of touched) delete process.env[name];
    expect(loadConfigFromProcess(join(dir, 'absent.env')).feeds.demo?.timeoutMs).toBe(8000);
  });

  it('reports a .env that cannot be read as a setting problem, not a crash', () => {
    let error: unknown;
    try {
      loadConfigFromProcess(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    // A folder where the file should be; Node names the reason in its own words.
    expect((error as ConfigError).problems).toHaveLength(1);
    expect((error as ConfigError).problems[0]).toMatch(new RegExp(`^${dir}: expected a readable file \\(\\w+\\)$`));
  });
});

describe('LOG_FILE', () => {
  it("the terminal chat's logs go to DATA_DIR/arrivals-bot.log, a platform's to stderr; LOG_FILE says otherwise", () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/bot' }).logFile).toBe('/var/lib/bot/arrivals-bot.log');
    expect(loadConfig({}).logFile).toBe('data/arrivals-bot.log');
    expect(loadConfig({ TELEGRAM_BOT_TOKEN: '123:abc' }).logFile).toBeUndefined();
    expect(loadConfig({ LOG_FILE: 'stderr' }).logFile).toBeUndefined();
    expect(loadConfig({ LOG_FILE: '/tmp/bot.log', TELEGRAM_BOT_TOKEN: '123:abc' }).logFile).toBe('/tmp/bot.log');
  });
});

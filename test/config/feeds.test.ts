import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretsOf } from '../../src/config/index.js';

// FEEDS_FILE, read as every setting is: the Ottawa-Gatineau list the README shows, and every
// problem of a wrong one at once, by feed and field, without a secret in any of them.

const FILES: Record<string, string> = {};
const readFile = (path: string) => {
  const text = FILES[path];
  if (text === undefined) throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
  return text;
};

function load(feeds: unknown, env: Record<string, string> = {}) {
  FILES['/etc/feeds.json'] = typeof feeds === 'string' ? feeds : JSON.stringify(feeds);
  return loadConfig({ FEEDS_FILE: '/etc/feeds.json', ...env }, readFile);
}

/** Problems of a FEEDS_FILE with the environment; feeds undefined: of the environment alone. */
function problemsOf(feeds: unknown, env: Record<string, string> = {}): string[] {
  try {
    if (feeds === undefined) loadConfig(env, readFile);
    else load(feeds, env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

const OTTAWA_GATINEAU = [
  { id: 'oc', name: 'OC Transpo', preset: 'octranspo', key: '$OCTRANSPO_KEY' },
  { id: 'sto', name: 'STO', preset: 'sto' },
  { id: 'tc', name: 'Transcollines', preset: 'transcollines' },
];

describe('FEEDS_FILE', () => {
  it('reads the Ottawa-Gatineau list: presets by name, the key from the environment', () => {
    const config = load(OTTAWA_GATINEAU, { OCTRANSPO_KEY: 'oc-secret-4f1a' });
    const [oc, sto, tc] = config.feeds.list;
    expect(oc).toEqual({
      id: 'oc',
      name: 'OC Transpo',
      source: {
        kind: 'gtfs',
        gtfs: {
          scheduleUrl: 'https://oct-gtfs-emasagcnfmcgeham.z01.azurefd.net/public-access/GTFSExport.zip',
          tripUpdatesUrl: 'https://nextrip-public-api.azure-api.net/octranspo/gtfs-rt-tp/v1/TripUpdates',
          vehiclePositionsUrl: 'https://nextrip-public-api.azure-api.net/octranspo/gtfs-rt-vp/v1/VehiclePositions',
          headers: { 'Ocp-Apim-Subscription-Key': 'oc-secret-4f1a' },
          refreshSeconds: 30,
        },
      },
      // Its detours and cancelled trips: the public RSS in both languages (no key).
      disruptions: [
        {
          kind: 'octranspo-rss',
          english: 'https://www.octranspo.com/en/feeds/updates-en/',
          french: 'https://www.octranspo.com/fr/feeds/updates-fr/',
          refreshSeconds: 30,
        },
      ],
    });
    expect(sto).toMatchObject({ id: 'sto', source: { gtfs: { scheduleUrl: 'https://contenu.sto.ca/GTFS/GTFS.zip', headers: {} } } });
    expect(sto!.attribution).toContain('Société de transport de l');
    expect(tc!.attribution).toContain('Transcollines');
    expect(secretsOf(config)).toContain('oc-secret-4f1a');
  });

  it('reads a GTFS feed by address with its realtime feeds and headers, and the v1.2 API with its credentials', () => {
    const config = load(
      [
        {
          id: 'miway',
          name: 'MiWay',
          gtfs: './feeds/miway.zip',
          tripUpdates: 'https://example.org/tu.pb',
          alerts: './feeds/alerts.pb',
          headers: { 'X-Key': '$MIWAY_KEY' },
          refreshSeconds: 15,
        },
        { id: 'legacy', name: 'OC Transpo (v1.2)', kind: 'octranspo-v1.2', appId: 'app-1', apiKey: '$OC_API' },
        { id: 'oc', name: 'OC Transpo', preset: 'octranspo', key: 'k', paths: 'beta/v1' },
      ],
      { MIWAY_KEY: 'mw-secret', OC_API: 'v12-secret', OC_TIMEOUT_MS: '4000' },
    );
    const [miway, legacy, oc] = config.feeds.list;
    expect(miway!.source).toEqual({
      kind: 'gtfs',
      gtfs: {
        scheduleUrl: './feeds/miway.zip',
        tripUpdatesUrl: 'https://example.org/tu.pb',
        alertsUrl: './feeds/alerts.pb',
        headers: { 'X-Key': 'mw-secret' },
        refreshSeconds: 15,
      },
    });
    expect(legacy!.source).toMatchObject({
      kind: 'octranspo-v12',
      v12: { appId: 'app-1', apiKey: 'v12-secret', baseUrl: 'https://api.octranspo1.com', timeoutMs: 4000 },
    });
    expect(oc!.source).toMatchObject({
      gtfs: { tripUpdatesUrl: 'https://nextrip-public-api.azure-api.net/octranspo/gtfs-rt-tp/beta/v1/TripUpdates' },
    });
    expect(secretsOf(config)).toEqual(expect.arrayContaining(['mw-secret', 'v12-secret', 'k']));
  });

  it('names every problem at once, by feed and field, and never a secret', () => {
    const problems = problemsOf(
      [
        { id: 'oc', name: 'OC Transpo', preset: 'octranspo', key: '$MISSING_KEY' },
        { id: 'OC!', name: '', preset: 'gatineau' },
        { id: 'x', name: 'X', gtfs: 'https://example.org/x.zip', colour: 'red', headers: { 'Bad Header': 'hush-secret-9' } },
        { id: 'oc', name: 'again', gtfs: './oc.zip' },
        { name: 'no id, no kind' },
        'not an object',
      ],
      { GTFS_URL: './single.zip' },
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        "GTFS_URL: expected to be unset when FEEDS_FILE lists the feeds (give it in the feed's entry instead)",
        'FEEDS_FILE: feed 1 ("oc"): key: expected the environment variable MISSING_KEY to be set',
        expect.stringMatching(/^FEEDS_FILE: feed 2 \("OC!"\): id: expected a short lower-case id/),
        expect.stringMatching(/^FEEDS_FILE: feed 2 \("OC!"\): name: expected/),
        expect.stringMatching(/^FEEDS_FILE: feed 2 \("OC!"\): preset: expected/),
        'FEEDS_FILE: feed 3 ("x"): entry: unknown field(s) colour',
        expect.stringMatching(/^FEEDS_FILE: feed 3 \("x"\): headers\.Bad Header: expected/),
        'FEEDS_FILE: feed id "oc": expected each id once',
        expect.stringMatching(/^FEEDS_FILE: feed 5: expected one of "preset"/),
        expect.stringMatching(/^FEEDS_FILE: feed 6: expected an object/),
      ]),
    );
    expect(problems.join('\n')).not.toContain('hush-secret-9');
  });

  it('refuses header values that cannot be sent (a line break, a control character, a letter past Latin-1) at start, every one at once, never shown', () => {
    const problems = problemsOf(
      [
        {
          id: 'mw',
          name: 'MiWay',
          gtfs: 'https://example.org/mw.zip',
          alerts: 'https://example.org/alerts',
          headers: { 'X-Key': 'hush-1\r\nX-Injected: yes' },
        },
        {
          id: 'ltc',
          name: 'LTC',
          gtfs: 'https://example.org/ltc.zip',
          tripUpdates: 'https://example.org/tu',
          headers: { 'X-Key': '$LTC_KEY', Accept: 'hush-2\u0000' },
        },
        { id: 'oc', name: 'OC Transpo', preset: 'octranspo', key: 'hush-3\n' + 'more' },
        { id: 'sto', name: 'STO', preset: 'sto', headers: { 'X-Key': 'clé-🔑-hush-4' } },
        { id: 'ok', name: 'Fine', gtfs: './fine.zip', headers: { 'X-Key': 'clé\tfine' } },
      ],
      { LTC_KEY: 'hush-5\nsecond-line' },
    );
    const header = /expected a value on one line, without control characters or letters past Latin-1 \(it is sent as an HTTP header\)/;
    expect(problems).toEqual([
      expect.stringMatching(new RegExp(`^FEEDS_FILE: feed 1 \\("mw"\\): headers\\.X-Key: ${header.source}`)),
      expect.stringMatching(
        new RegExp(`^FEEDS_FILE: feed 2 \\("ltc"\\): headers\\.X-Key: expected the environment variable LTC_KEY to hold a value on one line`),
      ),
      expect.stringMatching(new RegExp(`^FEEDS_FILE: feed 2 \\("ltc"\\): headers\\.Accept: ${header.source}`)),
      expect.stringMatching(new RegExp(`^FEEDS_FILE: feed 3 \\("oc"\\): key: ${header.source}`)),
      expect.stringMatching(new RegExp(`^FEEDS_FILE: feed 4 \\("sto"\\): headers\\.X-Key: ${header.source}`)),
    ]);
    expect(problems.join('\n')).not.toMatch(/hush|second-line|Injected/);
  });

  it("reads STO's keys from the environment: its portal's three feeds, signed; one key alone, or a private key elsewhere, refused by name", () => {
    const config = load([{ id: 'sto', name: 'STO', preset: 'sto', key: '$STO_KEY', privateKey: '$STO_PRIVATE_KEY' }], {
      STO_KEY: 'sto-public-51',
      STO_PRIVATE_KEY: 'sto-private-hush-77',
    });
    expect(config.feeds.list[0]!.source).toEqual({
      kind: 'gtfs',
      gtfs: {
        scheduleUrl: 'https://contenu.sto.ca/GTFS/GTFS.zip',
        tripUpdatesUrl: 'https://gtfs.sto.ca/download.php?file=trip',
        vehiclePositionsUrl: 'https://gtfs.sto.ca/download.php?file=vehicule',
        alertsUrl: 'https://gtfs.sto.ca/download.php?file=alert',
        headers: {},
        refreshSeconds: 30,
        signing: { key: 'sto-public-51', privateKey: 'sto-private-hush-77' },
      },
    });
    expect(secretsOf(config)).toEqual(expect.arrayContaining(['sto-public-51', 'sto-private-hush-77']));
    // Without keys: the schedule alone, and why.
    const keyless = load([{ id: 'sto', name: 'STO', preset: 'sto' }]).feeds.list[0]!.source;
    expect(keyless.kind === 'gtfs' ? keyless.gtfs.scheduleOnly : undefined).toContain('"key" and "privateKey"');
    expect(keyless).not.toHaveProperty('gtfs.tripUpdatesUrl');
    const problems = problemsOf(
      [
        { id: 'sto', name: 'STO', preset: 'sto', privateKey: '$STO_PRIVATE_KEY' },
        { id: 'oc', name: 'OC Transpo', preset: 'octranspo', key: 'k', privateKey: 'hush-private-2' },
      ],
      { STO_PRIVATE_KEY: 'hush-private-1' },
    );
    expect(problems).toEqual([
      'FEEDS_FILE: feed 1 ("sto"): key: expected "key" too: the sto preset signs each request with "key" and "privateKey"',
      'FEEDS_FILE: feed 2 ("oc"): privateKey: expected no privateKey: the octranspo preset signs no request',
    ]);
    expect(problems.join('\n')).not.toContain('hush');
  });

  it('a feed may carry its own replay instant, so that captures of several days replay together', () => {
    const config = load([
      { id: 'miway', name: 'MiWay', gtfs: 'miway.zip', tripUpdates: 'miway-tu.pb', clockStart: '2025-10-26T18:50-04:00' },
      { id: 'caltrain', name: 'Caltrain', gtfs: 'caltrain.zip', clockStart: '2023-11-07T17:05:34-08:00' },
      { id: 'oc', name: 'OC Transpo', preset: 'octranspo', key: 'k', clockStart: '2026-11-24T08:00-05:00' },
      { id: 'now', name: 'Now Transit', gtfs: 'now.zip' },
    ]);
    expect(config.feeds.list.map((f) => f.clockStart?.toISOString())).toEqual([
      '2025-10-26T22:50:00.000Z',
      '2023-11-08T01:05:34.000Z',
      '2026-11-24T13:00:00.000Z',
      undefined,
    ]);
    expect(problemsOf([{ id: 'a', name: 'A', gtfs: 'a.zip', clockStart: 'yesterday' }])).toEqual([
      'FEEDS_FILE: feed 1 ("a"): clockStart: expected an ISO instant with its offset, to the minute or the second, such as 2026-11-24T08:00-05:00 or 2023-11-07T17:05:34-08:00',
    ]);
  });

  it('says what is wrong with the file itself', () => {
    expect(problemsOf('[{"id": "oc",')).toEqual([
      'FEEDS_FILE: expected JSON: a list of feeds, like [{"id": "oc", "name": "OC Transpo", "preset": "octranspo", "key": "$OC_KEY"}]',
    ]);
    expect(problemsOf([])).toEqual(['FEEDS_FILE: expected a non-empty list of feeds']);
    expect(() => loadConfig({ FEEDS_FILE: '/nowhere.json' }, readFile)).toThrow(ConfigError);
    try {
      loadConfig({ FEEDS_FILE: '/nowhere.json' }, readFile);
    } catch (err) {
      expect((err as ConfigError).problems).toEqual(['FEEDS_FILE: expected a readable file (ENOENT)']);
    }
  });
});

describe("the environment's source settings: a shorthand for a FEEDS_FILE of one feed", () => {
  // Each environment beside the FEEDS_FILE that says the same: one path inside, one list out.
  const cases: Array<{ name: string; env: Record<string, string>; file: unknown[]; fileEnv?: Record<string, string> }> = [
    {
      name: "OC Transpo's key, an address overridden, headers and the refresh",
      env: {
        OCTRANSPO_SUBSCRIPTION_KEY: 'oc-key-7',
        GTFS_RT_ALERTS_URL: './alerts.pb',
        GTFS_RT_HEADERS: 'Accept-Language: fr',
        GTFS_RT_REFRESH_SECONDS: '15',
      },
      file: [{ id: 'default', preset: 'octranspo', paths: 'beta/v1', key: '$OC_KEY', alerts: './alerts.pb', headers: { 'Accept-Language': 'fr' } }],
      fileEnv: { OC_KEY: 'oc-key-7', GTFS_RT_REFRESH_SECONDS: '15' },
    },
    {
      name: "OC Transpo's key with its schedule elsewhere",
      env: { OCTRANSPO_SUBSCRIPTION_KEY: 'k', GTFS_URL: 'http://127.0.0.1:8089/gtfs/static.zip' },
      file: [{ id: 'default', preset: 'octranspo', paths: 'beta/v1', key: 'k', gtfs: 'http://127.0.0.1:8089/gtfs/static.zip' }],
    },
    {
      name: 'any GTFS feed with its realtime feeds',
      env: {
        GTFS_URL: './caltrain.zip',
        GTFS_RT_TRIP_UPDATES_URL: './tu.pb',
        GTFS_RT_VEHICLE_POSITIONS_URL: './vp.pb',
        GTFS_RT_HEADERS: 'X-Key: mw-1',
      },
      file: [{ id: 'default', gtfs: './caltrain.zip', tripUpdates: './tu.pb', vehiclePositions: './vp.pb', headers: { 'X-Key': '$MW_KEY' } }],
      fileEnv: { MW_KEY: 'mw-1' },
    },
    {
      name: 'the v1.2 API with its stops file',
      env: { OC_APP_ID: 'app', OC_API_KEY: 'v12-key', OC_BASE_URL: 'http://127.0.0.1:8089', OC_FORMAT: 'json', GTFS_STOPS_FILE: './stops.txt' },
      file: [{ id: 'default', kind: 'octranspo-v1.2', appId: 'app', apiKey: '$V12_KEY', baseUrl: 'http://127.0.0.1:8089', stops: './stops.txt' }],
      fileEnv: { V12_KEY: 'v12-key', OC_FORMAT: 'json' },
    },
  ];

  it.each(cases)('$name: the same feed list, the same secrets', ({ env, file, fileEnv }) => {
    const shorthand = loadConfig(env).feeds;
    const listed = load(file, fileEnv).feeds;
    expect(shorthand.list).toHaveLength(1);
    expect(shorthand.list).toEqual(listed.list);
    expect([...shorthand.secrets].sort()).toEqual([...listed.secrets].sort());
    // The environment's one feed keeps its data where a bot of one source always kept it.
    expect([shorthand.folders, listed.folders]).toEqual(['shared', 'per-feed']);
  });

  it('names the variable a problem of the shorthand comes from, never its value', () => {
    const problems = problemsOf(undefined, { OCTRANSPO_SUBSCRIPTION_KEY: 'hush-key\nX-Injected: yes' });
    expect(problems).toEqual([
      'OCTRANSPO_SUBSCRIPTION_KEY: expected a value on one line, without control characters or letters past Latin-1 (it is sent as an HTTP header)',
    ]);
  });
});

describe('feed names', () => {
  it('a feed listed alone may leave its name to its source; several are each named', () => {
    expect(load([{ id: 'ct', gtfs: './caltrain.zip' }]).feeds.list[0]).not.toHaveProperty('name');
    expect(
      problemsOf([
        { id: 'ct', gtfs: './caltrain.zip' },
        { id: 'mw', name: 'MiWay', gtfs: './miway.zip' },
      ]),
    ).toEqual(['FEEDS_FILE: feed 1 ("ct"): name: expected the agency riders know it by, when several feeds are listed']);
  });
});

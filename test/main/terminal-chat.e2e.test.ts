import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimServer, type SimServer } from '../../src/sim/index.js';
import { runBot, startBot } from './run-bot.js';

const dataDir = mkdtempSync(join(tmpdir(), 'arrivals-e2e-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET_KEY = 'e2e-secret-key-7f3a9c';
const APP_ID = 'e2e-app';

describe('npm start with no credentials: the built-in demo feed', () => {
  it('answers piped commands from the in-process demo server and exits 0 at end of input', async () => {
    const run = await runBot('/next 3017 95\n3017\n/next 9999\n/next 3017 999\n/next 3017 7\n/next 30170\n', {
      DATA_DIR: dataDir,
      LANG: 'en_CA.UTF-8',
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/built-in demo feed at http:\/\/127\.0\.0\.1:\d+/);
    const replies = run.stdout.split(/\n\n(?=\S)/);
    // One route asked: route 95 in both directions, with Refresh and Save hints.
    expect(run.stdout).toMatch(/^BASELINE STATION \(3017\)\n\n95 /);
    expect(run.stdout).toContain('[Refresh] /next 3017 95');
    // All routes: both routes serving the stop, each with its button.
    expect(run.stdout).toContain('[Route 95] /next 3017 95');
    expect(run.stdout).toContain('[Route 97] /next 3017 97');
    expect(run.stdout).toContain("Stop 9999 doesn't exist. Check the 4-digit number on the stop sign.");
    expect(run.stdout).toContain('Route 999 does not exist.');
    // Route 7 runs in the demo network, but not through Baseline.
    expect(run.stdout).toContain('Route 7 does not stop at 3017. /routes 3017 lists the ones that do.');
    // The replies already say what went wrong; no log line comes between them.
    expect(run.stderr).not.toContain('"level"');
    expect(run.stdout.trimEnd().endsWith('Stop numbers have 4 digits: 30170 has 5.')).toBe(true);
    expect(replies.length).toBeGreaterThan(5);
  });

  it('speaks French when the terminal locale is French, and remembers /lang in DATA_DIR', async () => {
    const dir = join(dataDir, 'lang');
    const first = await runBot('/routes 3017\n/lang en\n', { DATA_DIR: dir, LANG: 'fr_CA.UTF-8' });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Circuits à BASELINE STATION (3017)');
    expect(first.stdout).toContain("OK, I'll speak English in this chat.");
    const second = await runBot('/routes 3017\n', { DATA_DIR: dir, LANG: 'fr_CA.UTF-8' });
    expect(second.stdout).toContain('Routes at BASELINE STATION (3017)');
  });

  it('speaks Spanish after /lang es, its help naming commands in Spanish; French riders type their own', async () => {
    const spanish = await runBot('/lang es\n/next 3017 95\n/help\n/ayuda llegadas\n', { DATA_DIR: join(dataDir, 'es'), LANG: 'en_CA.UTF-8' });
    expect(spanish.code).toBe(0);
    expect(spanish.stdout).toContain('De acuerdo, hablaré español en este chat.');
    expect(spanish.stdout).toMatch(/BASELINE STATION \(3017\)\n\n95 /);
    expect(spanish.stdout).toMatch(/\nActualizado a las \d\d:\d\d\n/);
    expect(spanish.stdout).toContain('/proxima <parada> [ruta]: Próximas llegadas a una parada, de una ruta o de todas');
    const french = await runBot('/aide passages\n/prochain 3017 95\n', { DATA_DIR: join(dataDir, 'fr'), LANG: 'fr_CA.UTF-8' });
    expect(french.stdout).toContain('/prochain <arrêt> [circuit] : Prochains passages à un arrêt, pour un circuit ou tous');
    expect(french.stdout).toMatch(/BASELINE STATION \(3017\)\n\n95 /);
    expect(french.stdout).toMatch(/\nMis à jour à \d\d:\d\d\n/);
  });
});

describe('npm start against a configured upstream', () => {
  let sim: SimServer;
  beforeAll(async () => {
    sim = await startSimServer({ port: 0, host: '127.0.0.1', appId: APP_ID, apiKey: SECRET_KEY });
  });
  afterAll(() => sim.close());

  const env = () => ({ DATA_DIR: dataDir, OC_APP_ID: APP_ID, OC_API_KEY: SECRET_KEY, OC_BASE_URL: sim.url, LOG_LEVEL: 'debug' });

  it('uses the configured upstream and never prints the API key', async () => {
    sim.setFaults({});
    const run = await runBot('/next 3017 95\n', env());
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('demo feed');
    expect(run.stdout).toContain('BASELINE STATION (3017)');
    expect(run.stdout + run.stderr).not.toContain(SECRET_KEY);
  });

  it('says the service is not answering when it fails with HTTP 500, and still exits 0', async () => {
    sim.setFaults({ failure: 'http-500' });
    const run = await runBot('/next 3017 95\n3017\n', env());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('The transit service is not answering properly (HTTP 500). Try again in a minute.');
    expect(run.stdout).not.toContain('No buses');
    expect(run.stdout + run.stderr).not.toContain(SECRET_KEY);
  });

  it.each([
    [
      'reset',
      {},
      "The transit service is not answering (I can't reach it). Try again in a minute.",
      'Le service de transport ne répond pas (impossible de le joindre). Réessayez dans une minute.',
    ],
    [
      'error-2',
      {},
      "The transit service can't reach its own data right now. Try again in a minute.",
      "Le service de transport n'arrive pas à joindre ses propres données en ce moment. Réessayez dans une minute.",
    ],
    [
      'truncated',
      {},
      'The transit service is not answering properly (its answer made no sense). Try again in a minute.',
      'Le service de transport ne répond pas correctement (sa réponse est incompréhensible). Réessayez dans une minute.',
    ],
    [
      'slow',
      { OC_TIMEOUT_MS: '200' },
      'The transit service is not answering (it took too long). Try again in a minute.',
      'Le service de transport ne répond pas (il a mis trop de temps). Réessayez dans une minute.',
    ],
  ] as const)('says what happened when the upstream fails (%s), in English and French', async (fault, extraEnv, english, french) => {
    sim.setFaults(fault === 'slow' ? { latencyMs: 2_000 } : { failure: fault });
    const run = await runBot('/next 3017 95\n/lang fr\n3017\n', { ...env(), ...extraEnv, DATA_DIR: join(dataDir, `fault-${fault}`) });
    expect(run.code).toBe(0);
    const [first, , third] = run.stdout.trimEnd().split('\n\n');
    expect([first, third]).toEqual([english, french]);
  });

  it('tells a refused key (error 1) from a service that is down', async () => {
    sim.setFaults({});
    const run = await runBot('/next 3017 95\n', { ...env(), OC_API_KEY: `${SECRET_KEY}-wrong` });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("The transit service refused this bot's key.");
    expect(run.stdout + run.stderr).not.toContain(SECRET_KEY);
  });
});

describe('the log, when an answer meets trouble', () => {
  let sim: SimServer;
  beforeAll(async () => {
    sim = await startSimServer({ port: 0, host: '127.0.0.1', appId: APP_ID, apiKey: SECRET_KEY });
  });
  afterAll(() => sim.close());
  // The schedule answers; the trip updates do not (404): the first question finds them down.
  const gtfs = (dir: string) => ({
    DATA_DIR: join(dataDir, dir),
    GTFS_URL: `${sim.url}/gtfs/static.zip`,
    GTFS_RT_TRIP_UPDATES_URL: `${sim.url}/gtfs-rt/no-such-feed`,
    LANG: 'en_CA.UTF-8',
  });

  it('goes to DATA_DIR/arrivals-bot.log, never between the question and its answer; the terminal is told where', async () => {
    const run = await runBot('/next 3017 95\n/next 3017\n', gtfs('log-file'));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('BASELINE');
    // Nothing but plain lines on the screen: no JSON, no stack.
    expect(run.stdout + run.stderr).not.toContain('"level"');
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /);
    const file = join(dataDir, 'log-file', 'arrivals-bot.log');
    expect(run.stderr).toContain(`Logs go to ${file} (LOG_FILE=stderr shows them here).`);
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.some((l) => l.level === 40 && l.msg.includes('unavailable'))).toBe(true);
  }, 90_000);

  it('LOG_FILE names another file, or stderr (in French too: the answers stay the same)', async () => {
    const elsewhere = join(dataDir, 'elsewhere.log');
    const toFile = await runBot('/next 3017 95\n', { ...gtfs('log-elsewhere'), LOG_FILE: elsewhere, LANG: 'fr_CA.UTF-8' });
    expect(toFile.stdout).toContain('Mis à jour à');
    expect(toFile.stderr).not.toContain('"level"');
    expect(readFileSync(elsewhere, 'utf8')).toContain('"level":40');
    const toStderr = await runBot('/next 3017 95\n', { ...gtfs('log-stderr'), LOG_FILE: 'stderr' });
    expect(toStderr.stdout).toContain('BASELINE');
    expect(toStderr.stderr).not.toContain('Logs go to');
    expect(toStderr.stderr).toContain('"level":40');
    expect(existsSync(join(dataDir, 'log-stderr', 'arrivals-bot.log'))).toBe(false);
  }, 120_000);
});

describe('shutting down', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('on %s closes everything and exits 0', async (signal) => {
    const bot = startBot({ DATA_DIR: join(dataDir, signal) });
    const answered = bot.printed('[Save stop] /save 3017');
    bot.child.stdin.write('/next 3017 95\n');
    await answered;
    bot.child.kill(signal);
    const run = await bot.exited;
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('npm start with a bad configuration', () => {
  it('names each bad variable, prints no stack trace and exits 1', async () => {
    const run = await runBot('', { DATA_DIR: dataDir, LOG_LEVEL: 'loud', OC_APP_ID: 'only-the-id', OC_TIMEOUT_MS: 'soon' });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('arrivals-bot cannot start');
    expect(run.stderr).toMatch(/- LOG_LEVEL: expected one of fatal, error/);
    expect(run.stderr).toMatch(/- OC_TIMEOUT_MS: expected a number of milliseconds from 1 to 600000/);
    expect(run.stderr).toMatch(/- OC_API_KEY: expected to be set together/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('does not echo a secret given in a malformed variable', async () => {
    const run = await runBot('', { DATA_DIR: dataDir, OC_APP_ID: APP_ID, OC_API_KEY: SECRET_KEY, OC_BASE_URL: 'not a url' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('OC_BASE_URL');
    expect(run.stderr).not.toContain(SECRET_KEY);
  });
});

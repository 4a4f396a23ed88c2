import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBot } from './run-bot.js';

// `npm start` on the built-in demo feed, as a new rider types to it in a terminal (issue 30, items 17-19).
const dataDir = mkdtempSync(join(tmpdir(), 'arrivals-words-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const INPUT = '/next laurier\nlees\nhello\n/where 3017\n/next 95\n/subscribe 3017 95 at 8am\n/disruptions maybe\n';

describe('a new rider in the terminal', () => {
  it('is answered in English: searches, a greeting, and questions about what is missing', async () => {
    const run = await runBot(INPUT, { DATA_DIR: join(dataDir, 'en'), LANG: 'en_CA.UTF-8' });
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toContain('Which stop? Stops matching "laurier"');
    expect(out).toContain('[3020 LAURIER] /next 3020');
    expect(out).not.toContain('/save 3017 laurier');
    expect(out).toContain('LEES STATION (3022)');
    expect(out).toContain('Hello! I tell you when your bus comes.');
    expect(out).toContain('Which route at 3017?');
    expect(out).toContain('At which stop? 95 reads as a route');
    expect(out).toContain('I can\'t read "8am" as a time. Write it on the 24-hour clock, like: /subscribe 3017 95 08:00');
    expect(out).toContain('I don\'t understand "maybe" here');
    expect(run.stderr).not.toContain('"level"');
  }, 60_000);

  it('is answered in French', async () => {
    const run = await runBot(INPUT, { DATA_DIR: join(dataDir, 'fr'), LANG: 'fr_CA.UTF-8' });
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toContain('Quel arrêt? Arrêts correspondant à « laurier »');
    expect(out).toContain('LEES STATION (3022)');
    expect(out).toContain('Bonjour! Je vous dis quand passe votre autobus.');
    expect(out).toContain("Quel circuit à l'arrêt 3017?");
    expect(out).toContain('À quel arrêt? 95 ressemble à un circuit');
    expect(out).toContain('Je ne sais pas lire « 8am » comme une heure.');
    expect(out).toContain('Je ne comprends pas « maybe » ici');
  }, 60_000);
});

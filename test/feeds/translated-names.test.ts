import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCore, type BotCore } from '../../src/core/index.js';
import type { GtfsSource } from '../../src/sources/gtfs/source.js';
import { memoryStores, privateChat } from '../core/fakes.js';
import { fileSource, fixture, tempDir } from '../sources/gtfs/helpers.js';

// Transcollines names its stops in French and gives English names in translations.txt: a rider
// who speaks English reads the English name, one who speaks French the feed's own.
const MONDAY_MORNING = '2026-04-20T08:00:00-04:00';

describe("a feed's names in the rider's language", () => {
  const dir = tempDir();
  let source: GtfsSource;
  let core: BotCore;

  beforeAll(async () => {
    let now;
    ({ source, now } = await fileSource(dir.path, fixture('transcollines-qc-ca.zip'), undefined, MONDAY_MORNING));
    expect(await source.refreshSchedule()).toBe('imported');
    core = createBotCore({ transit: source, ...memoryStores(), now, stops: source.stops });
  });
  afterAll(async () => {
    await source.close();
    dir.remove();
  });

  it('reads the English name in English and the French one in French, on the agency clock', async () => {
    const english = (await core.handleText('/routes 261-35', privateChat({ chatId: 'en', languageCode: 'en' })))!;
    const french = (await core.handleText('/routes 261-35', privateChat({ chatId: 'fr', languageCode: 'fr' })))!;
    expect(english.title).toBe('Routes at NCC Visitor Centre (261-35)');
    expect(french.title).toBe('Circuits à Accueil CCN (Centre des visiteurs) (261-35)');
    const summary = await source.routeSummary('261-35');
    expect(summary.timeZone).toBe('America/Montreal');
    expect(summary.translatedNames).toEqual({ en: 'NCC Visitor Centre' });
  });

  it("keeps the feed's name where no translation is given", async () => {
    const english = (await core.handleText('/stop 411-56', privateChat({ chatId: 'en', languageCode: 'en' })))!;
    expect(english.title).toBe('des Pins | de la Cascade (411-56)');
  });
});

import { describe, expect, it } from 'vitest';
import { renderPlainText } from '../../src/chat/console/render.js';
import { createBotCore } from '../../src/core/create-core.js';
import type { ReliabilityQuery, ReliabilityReading } from '../../src/domain/accuracy.js';
import type { RiderReportsRepository } from '../../src/domain/rider-reports.js';
import { TransitError } from '../../src/domain/transit-error.js';
import type { TransitSource } from '../../src/domain/transit-source.js';
import { clock, fakeTransit, memoryStores, NOW, privateChat } from './fakes.js';

// /reliability through the core, typed in each language: the source's figures in plain words, the
// riders' reports beside them, and honest answers when there is nothing to tell.

const FIGURES: ReliabilityReading = {
  status: 'ok',
  days: 7,
  route: '95',
  stop: '3017',
  tally: { scored: 200, accurate: 162, caught: 184, cancelled: 6, vanished: 2 },
};

function coreWith(reliability: TransitSource['reliability'], riderReports?: RiderReportsRepository) {
  const asked: ReliabilityQuery[] = [];
  const transit: TransitSource = {
    ...fakeTransit({}),
    ...(reliability !== undefined
      ? {
          reliability: (query: ReliabilityQuery) => {
            asked.push(query);
            return reliability(query);
          },
        }
      : {}),
  };
  const core = createBotCore({ transit, ...memoryStores(), now: clock, ...(riderReports !== undefined ? { riderReports } : {}) });
  const say = async (typed: string, languageCode = 'en') => renderPlainText((await core.handleText(typed, privateChat({ languageCode })))!);
  return { core, asked, say };
}

describe('/reliability', () => {
  it('speaks of the feed’s own vehicles: trains on a railway', async () => {
    const { core } = coreWith(() => Promise.resolve(FIGURES));
    const railway = createBotCore({
      ...memoryStores(),
      now: clock,
      transit: {
        ...fakeTransit({}),
        profile: () => ({ ...fakeTransit({}).profile(), vehicles: 'train' }),
        reliability: () => Promise.resolve(FIGURES),
      },
    });
    const text = async (c: typeof core, typed: string, languageCode: string) =>
      renderPlainText((await c.handleText(typed, privateChat({ languageCode })))!);
    expect(await text(railway, '/reliability 3017 95', 'en')).toContain("you'd have caught the train 92% of the time");
    expect(await text(railway, '/fiabilite 3017 95', 'fr')).toContain('vous auriez attrapé le train 92 % du temps');
    expect(await text(core, '/reliability 3017 95', 'en')).toContain("you'd have caught the bus 92% of the time");
  });

  it('says the route’s figures at a stop in English, French and Spanish', async () => {
    const { say, asked } = coreWith(() => Promise.resolve(FIGURES));
    const en = await say('/reliability 3017 95');
    expect(en).toContain('Last 7 days, route 95 at 3017:');
    expect(en).toContain('81% of 200 predictions came true within the usual margin');
    expect(en).toContain("you'd have caught the bus 92% of the time");
    expect(en).toContain('On the whole route 95: 6 trips cancelled, 2 vanished from tracking.');
    expect(en).not.toContain('Few predictions');
    const fr = await say('/fiabilite 3017 95', 'fr');
    expect(fr).toContain('7 derniers jours, circuit 95 à l’arrêt 3017'.replace('’', "'"));
    expect(fr).toContain('81 % de 200 prévisions');
    expect(fr).toContain('92 % du temps');
    expect(fr).toContain('6 passages annulés, 2 disparus du suivi');
    const es = await say('/fiabilidad 3017 95', 'es');
    expect(es).toContain('Últimos 7 días, ruta 95 en la parada 3017:');
    expect(es).toContain('El 81 % de 200 predicciones');
    expect(es).toContain('6 viajes cancelados, 2 desaparecidos del seguimiento');
    expect(asked).toEqual([
      { stop: '3017', route: '95' },
      { stop: '3017', route: '95' },
      { stop: '3017', route: '95' },
    ]);
  });

  it('a route alone asks for the route everywhere it runs', async () => {
    const { say, asked, core } = coreWith(() => Promise.resolve({ ...FIGURES, stop: undefined } as ReliabilityReading));
    expect(core.parse('/reliability 95', privateChat())).toEqual({ ok: true, request: { name: 'reliability', options: { route: '95' } } });
    const en = await say('/reliability 95');
    expect(asked).toEqual([{ route: '95' }]);
    expect(en).toContain('Last 7 days, route 95:');
    expect(en).toContain('6 trips cancelled, 2 vanished from tracking.');
    expect(en).not.toContain('whole route');
  });

  it('says honestly when no prediction was checked yet, or only a few', async () => {
    const none = coreWith(() => Promise.resolve({ ...FIGURES, tally: { scored: 0, accurate: 0, caught: 0, cancelled: 0, vanished: 0 } }));
    const text = await none.say('/reliability 3017 95');
    expect(text).toContain('No prediction checked yet');
    expect(text).not.toContain('%');
    const few = coreWith(() => Promise.resolve({ ...FIGURES, tally: { scored: 4, accurate: 3, caught: 4, cancelled: 1, vanished: 0 } }));
    const fewText = await few.say('/reliability 3017 95');
    expect(fewText).toContain('75% of 4 predictions');
    expect(fewText).toContain('Few predictions checked so far');
    expect(fewText).toContain('1 trip cancelled, 0 vanished');
  });

  it('a feed without live times, and a source that keeps no figures, say so', async () => {
    expect(await coreWith(() => Promise.resolve({ status: 'no-realtime' })).say('/reliability 95')).toContain('This feed gives no live times');
    expect(await coreWith(() => Promise.resolve({ status: 'not-recorded' })).say('/reliability 95')).toContain('No figures for this feed');
    // The v1.2 source has no reliability at all.
    expect(await coreWith(undefined).say('/fiabilidad 95', 'es')).toContain('No hay cifras para esta fuente');
  });

  it('an unknown route is the rider’s typo, said as for /next', async () => {
    const { say } = coreWith(() => Promise.reject(new TransitError('unknown-route', 'no such route')));
    expect(await say('/reliability 3017 999')).toMatch(/999/);
  });

  it('shows riders’ reports of the week when there are any, asked for the route and stop shown', async () => {
    const counted: Array<Parameters<RiderReportsRepository['count']>[0]> = [];
    const reports = (n: number): RiderReportsRepository => ({
      report: () => Promise.resolve('counted'),
      count: (query) => {
        counted.push(query);
        return Promise.resolve(n);
      },
    });
    const some = await coreWith(() => Promise.resolve(FIGURES), reports(3)).say('/reliability 3017 95');
    expect(some).toContain("3 riders reported a bus that didn't come this week.");
    expect(counted[0]).toEqual({ route: '95', stop: '3017', since: new Date(NOW.getTime() - 7 * 86_400_000) });
    const fr = await coreWith(() => Promise.resolve(FIGURES), reports(1)).say('/fiabilite 3017 95', 'fr');
    expect(fr).toContain("1 usager a signalé un autobus qui n'est pas passé cette semaine.");
    const none = await coreWith(() => Promise.resolve(FIGURES), reports(0)).say('/reliability 3017 95');
    expect(none).not.toContain('reported');
    const broken: RiderReportsRepository = { report: () => Promise.resolve('counted'), count: () => Promise.reject(new Error('down')) };
    expect(await coreWith(() => Promise.resolve(FIGURES), broken).say('/reliability 3017 95')).toContain('81% of 200');
  });
});

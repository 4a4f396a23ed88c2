import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { TransitError } from '../../src/domain/transit-error.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, privateChat, route, stopArrivals } from './fakes.js';

const stops = fakeStopIndex([
  { code: '3017', id: 'RF900', name: "TUNNEY'S PASTURE", lat: 45.403, lon: -75.735, meters: 120 },
  { code: '3023', id: 'AF910', name: 'HURDMAN 1B', lat: 45.412, lon: -75.665, meters: 640.4 },
  { code: '7687', id: 'CA090', name: 'BANK / SLATER', lat: 45.419, lon: -75.7, meters: 1800 },
]);

const summary3017 = stopArrivals([route('95', [], { heading: 'Orléans', direction: 'Eastbound' })]);

describe('/stop', () => {
  it('gives the name, the location with a map link and the routes', async () => {
    const transit = fakeTransit({
      details: { 'details 3017': { stopNo: '3017', name: "TUNNEY'S PASTURE", position: { lat: 45.403, lon: -75.735 } } },
      summary: { 'summary 3017': summary3017 },
    });
    const core = createBotCore({ transit, ...memoryStores(), now: clock });
    expect(renderPlainText((await core.handleText('/stop 3017', privateChat()))!)).toBe(`TUNNEY'S PASTURE (3017)

Location: 45.40300, -75.73500
Map: https://www.openstreetmap.org/?mlat=45.40300&mlon=-75.73500#map=18/45.40300/-75.73500

Routes
  95 Orléans (Eastbound)

  [Save stop] /save 3017
  [Route 95] /next 3017 95`);
  });

  it('says the stop is unknown when neither the API nor the index knows it', async () => {
    const core = createBotCore({ transit: fakeTransit({ details: {} }), ...memoryStores(), now: clock });
    const reply = await core.handleText('/stop 9999', privateChat({ languageCode: 'fr' }));
    expect(reply).toMatchObject({
      kind: 'failure',
      blocks: [{ lines: ["Je ne connais pas l'arrêt 9999. Vérifiez le numéro à 4 chiffres sur le panneau de l'arrêt."] }],
    });
  });

  it('says the service is not answering when both calls fail that way', async () => {
    const down = new TransitError('unavailable', 'refused', { reason: 'network' });
    const core = createBotCore({
      transit: fakeTransit({ details: { 'details 3017': down }, summary: { 'summary 3017': down } }),
      ...memoryStores(),
      now: clock,
    });
    expect((await core.handleText('/stop 3017', privateChat()))?.blocks[0]!.lines[0]).toContain('not answering');
  });

  it("uses the stop index for the location when the source's stop details fail", async () => {
    const transit = fakeTransit({
      details: { 'details 3017': new TransitError('unavailable', '500', { reason: 'http', code: 500 }) },
      summary: { 'summary 3017': summary3017 },
    });
    const core = createBotCore({ transit, ...memoryStores(), now: clock, stops });
    expect(renderPlainText((await core.handleText('/stop 3017', privateChat()))!)).toContain(
      'Map: https://www.openstreetmap.org/?mlat=45.40300&mlon=-75.73500',
    );
  });

  it('/stop <words> searches the index by name, each match a next button', async () => {
    const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock, stops });
    const reply = await core.handleText('/stop hurdman', privateChat());
    expect(reply?.title).toBe('Stops matching "hurdman"');
    expect(reply?.buttons).toEqual([[{ label: '3023 HURDMAN 1B', command: { name: 'next', options: { stop: '3023' } }, effect: 'reply' }]]);
    expect((await core.handleText('/stop nowhere at all', privateChat()))?.blocks[0]!.lines[0]).toBe(
      'No stop matches "nowhere at all". Try fewer or other words.',
    );
  });

  it('/stop <words> without an index asks for the number', async () => {
    const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock });
    expect((await core.handleText('/stop hurdman', privateChat()))?.blocks[0]!.lines[0]).toBe(
      "I can't search stops by name here. Send the 4-digit number on the stop sign.",
    );
  });
});

describe('a shared location', () => {
  it('lists the stops within 1 km, nearest first, with distances and next buttons', async () => {
    const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock, stops });
    const reply = await core.handleLocation(45.41, -75.7, privateChat({ languageCode: 'fr' }));
    expect(reply.title).toBe('Arrêts près de vous');
    expect(reply.blocks[0]!.lines).toEqual(["3017 TUNNEY'S PASTURE : 120 m", '3023 HURDMAN 1B : 640 m']);
    expect(reply.buttons?.flat().map((b) => b.command)).toEqual([
      { name: 'next', options: { stop: '3017' } },
      { name: 'next', options: { stop: '3023' } },
    ]);
  });

  it('says so when no stop is near, when there is no index, or the point is impossible', async () => {
    const far = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock, stops: fakeStopIndex([]) });
    expect((await far.handleLocation(45, -75, privateChat())).blocks[0]!.lines[0]).toBe('No stop within 1,000 m of that spot.');
    const blind = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock });
    expect((await blind.handleLocation(45, -75, privateChat())).blocks[0]!.lines[0]).toBe(
      "I can't look up stops by location here. Send the 4-digit stop number instead.",
    );
    expect((await far.handleLocation(Number.NaN, 500, privateChat())).kind).toBe('usage-error');
  });
});

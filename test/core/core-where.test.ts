import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { clock, fakeTransit, memoryStores, NOW, plainBus, privateChat, route, stopArrivals, trip } from './fakes.js';

const at = (msAgo: number) => new Date(NOW.getTime() - msAgo);

// Route 95 at 3017: a bus tracked 40 s ago with everything a VehiclePositions feed says, a bus
// whose last fix is 7 minutes old, and a scheduled one without a fix.
const tracked = trip(4, {
  trust: 'tracked',
  startTime: '07:40',
  destination: 'Orléans',
  position: {
    lat: 45.40321,
    lon: -75.73512,
    bearing: 90,
    speedKmh: 31.4,
    fixAt: at(40_000),
    stopsAway: 3,
    occupancy: 'standing-room',
    label: '4512',
  },
});
const stale = trip(9, { trust: 'tracked', startTime: '07:50', destination: 'Orléans', position: { lat: 45.41, lon: -75.7, fixAt: at(7 * 60_000) } });
const scheduled = trip(20, { startTime: '08:05', destination: 'Orléans', bus: { ...plainBus, lowFloor: false } });
const tunney = stopArrivals([route('95', [tracked, stale, scheduled], { heading: 'Orléans' })]);

function core() {
  const transit = fakeTransit({ next: { 'next 3017 95': tunney }, all: { 'all 3017': tunney } });
  return { transit, core: createBotCore({ transit, ...memoryStores(), now: clock }) };
}

describe('where is my bus', () => {
  it('the arrivals carry a 📍 button per live trip, naming the trip by its start', async () => {
    const reply = await core().core.handleText('3017', privateChat());
    const where = reply!.buttons!.flat().filter((b) => b.command.name === 'where');
    expect(where.map((b) => [b.label, b.command.options])).toEqual([
      ['📍 95 · 4 min', { stop: '3017', route: '95', trip: '0740' }],
      ['📍 95 · 9 min', { stop: '3017', route: '95', trip: '0750' }],
    ]);
  });

  it('a tracked bus: its facts, and the map link; the reply carries the place for platforms with maps', async () => {
    const reply = await core().core.run({ name: 'where', options: { stop: '3017', route: '95', trip: '0740' } }, privateChat());
    expect(renderPlainText(reply)).toBe(`📍 95 to Orléans

4 min (08:09) to TUNNEY'S PASTURE (3017)
3 stops away
Position from 40 s ago
Moving at 31 km/h
🟠 Standing room only
♿ Wheelchair accessible
Vehicle 4512

Map: https://www.openstreetmap.org/?mlat=45.40321&mlon=-75.73512#map=17/45.40321/-75.73512

Updated at 08:05

  [Refresh] /where 3017 95 0740
  [🛤 95] /line 3017 95
  [🚌 Track to my stop] /track 3017 95 0740`);
    expect(reply.location).toEqual({ lat: 45.40321, lon: -75.73512, bearing: 90 });
  });

  it('an old fix is said old, never shown as where the bus is now', async () => {
    const reply = await core().core.run({ name: 'where', options: { stop: '3017', route: '95', trip: '0750' } }, privateChat({ languageCode: 'fr' }));
    const text = renderPlainText(reply);
    expect(text).toContain("⚠️ Aucune position récente : la dernière date de 7 min, l'autobus n'y est plus.");
    expect(text).toContain('Dernière position connue (ancienne) : https://www.openstreetmap.org/?mlat=45.41000');
    expect(text).not.toContain('Carte :');
    expect(reply.location).toBeUndefined();
  });

  it('a trip without a fix says so plainly; unknown occupancy and wheelchair show nothing', async () => {
    const reply = await core().core.run({ name: 'where', options: { stop: '3017', route: '95', trip: '0805' } }, privateChat());
    const text = renderPlainText(reply);
    expect(text).toContain('No position for this bus: only its scheduled time is known.');
    expect(text).not.toMatch(/openstreetmap|seats|Standing|Wheelchair|wheelchair|stops away/);
  });

  it('typed /where picks the next bus with a fix; a trip gone from the board is said so', async () => {
    const { core: c } = core();
    expect(renderPlainText((await c.handleText('/where 3017 95', privateChat()))!)).toContain('Vehicle 4512');
    const gone = await c.run({ name: 'where', options: { stop: '3017', route: '95', trip: '0600' } }, privateChat());
    expect(renderPlainText(gone)).toContain('That bus of route 95 is no longer among the next ones at 3017.');
    const bad = await c.handleText('/where 3017 95 99:99', privateChat());
    expect(bad?.kind).toBe('usage-error');
  });

  it('the trip a 📍 follows cancelled, or vanished from tracking: said so with the next one, and the pin told why it is over', async () => {
    const cancelled = trip(9, { startTime: '07:50', destination: 'Orléans', cancelled: true });
    const vanished = trip(12, { startTime: '07:55', destination: 'Orléans', vanishedAt: at(60_000) });
    const board = stopArrivals([route('95', [tracked, cancelled, vanished, scheduled], { heading: 'Orléans' })]);
    const c = createBotCore({ transit: fakeTransit({ next: { 'next 3017 95': board } }), ...memoryStores(), now: clock });
    const gone = await c.run({ name: 'where', options: { stop: '3017', route: '95', trip: '0750' } }, privateChat());
    expect(renderPlainText(gone)).toContain('✖ The 95 due at 08:14 at 3017 is cancelled. Next: 08:25 (scheduled only)');
    expect(gone).toMatchObject({ trackingOver: true, trackingOverWhy: 'cancelled' });
    const ghost = await c.run({ name: 'where', options: { stop: '3017', route: '95', trip: '0755' } }, privateChat({ languageCode: 'es' }));
    expect(renderPlainText(ghost)).toContain('👻 El 95 previsto a las 08:17 en 3017 desapareció del seguimiento a las 08:04: puede no pasar.');
    expect(ghost).toMatchObject({ trackingOver: true, trackingOverWhy: 'vanished' });
  });

  it('a bus due now: its 📍 button says "now" as the board does, never "0 min" (English and French)', async () => {
    const due = trip(0.2, { trust: 'tracked', startTime: '07:36', destination: 'Orléans', position: { lat: 45.4, lon: -75.7, fixAt: at(10_000) } });
    const board = stopArrivals([route('95', [due, tracked], { heading: 'Orléans' })]);
    const c = createBotCore({ transit: fakeTransit({ all: { 'all 3017': board } }), ...memoryStores(), now: clock });
    for (const [languageCode, word] of [
      ['en', 'now'],
      ['fr', 'maintenant'],
    ] as const) {
      const reply = await c.handleText('3017', privateChat({ languageCode }));
      const labels = reply!
        .buttons!.flat()
        .filter((b) => b.command.name === 'where')
        .map((b) => b.label);
      expect(labels).toEqual([`📍 95 · ${word}`, '📍 95 · 4 min']);
      expect(renderPlainText(reply!)).toContain(`${word} (`);
    }
  });

  it("a network whose feed gives no vehicle positions says so, not that the bus's tracker is silent (English and French)", async () => {
    const untracked = trip(4, { trust: 'tracked', startTime: '07:40', destination: 'Orléans' });
    const board = { ...stopArrivals([route('95', [untracked], { heading: 'Orléans' })]), noVehiclePositions: true };
    const c = createBotCore({ transit: fakeTransit({ next: { 'next 3017 95': board } }), ...memoryStores(), now: clock });
    const request = { name: 'where' as const, options: { stop: '3017', route: '95', trip: '0740' } };
    const english = renderPlainText(await c.run(request, privateChat()));
    expect(english).toContain("No position for this bus: this network's feed gives no vehicle positions.");
    expect(english).not.toContain('tracker');
    const french = renderPlainText(await c.run(request, privateChat({ languageCode: 'fr' })));
    expect(french).toContain('Aucune position pour cet autobus : les données de ce réseau ne donnent pas la position des véhicules.');
    // A network with positions whose bus sends none right now is still told apart.
    const silent = createBotCore({
      transit: fakeTransit({ next: { 'next 3017 95': stopArrivals([route('95', [untracked], { heading: 'Orléans' })]) } }),
      ...memoryStores(),
      now: clock,
    });
    expect(renderPlainText(await silent.run(request, privateChat()))).toContain('its tracker sends none right now');
  });
});

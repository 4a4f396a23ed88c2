import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { TransitError, type StopChoice } from '../../src/domain/transit-error.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, privateChat } from './fakes.js';

// Stop 3000 on both banks of the river: OC Transpo's on Rideau Street, STO's in Hull.
const choices: StopChoice[] = [
  { stop: 'oc:3000', agency: 'OC Transpo', name: 'RIDEAU', position: { lat: 45.4265, lon: -75.6918 } },
  { stop: 'sto:3000', agency: 'STO', name: 'PLACE DU PORTAGE', position: { lat: 45.4267, lon: -75.7175 } },
];
const hull = { lat: 45.4272, lon: -75.7165 };
const stops = fakeStopIndex([{ code: '3000', id: 'P1', name: 'PLACE DU PORTAGE', lat: 45.4267, lon: -75.7175, meters: 100 }]);

function bot() {
  const transit = fakeTransit({ next: { 'next 3000 33': new TransitError('ambiguous-stop', 'two feeds', { choices }) } });
  return createBotCore({ transit, ...memoryStores(), now: clock, stops });
}

describe('which agency a shared stop code means', () => {
  it("keeps the feeds' order when the bot does not know where the rider is", async () => {
    const reply = (await bot().handleText('/next 3000 33', privateChat()))!;
    expect(reply.buttons!.flat().map((b) => b.label)).toEqual(['OC Transpo: RIDEAU', 'STO: PLACE DU PORTAGE']);
  });

  it('puts the nearest first, with its distance, once the chat shared its location', async () => {
    const core = bot();
    await core.handleLocation(hull.lat, hull.lon, privateChat());
    const reply = (await core.handleText('/next 3000 33', privateChat()))!;
    expect(reply.blocks[0]!.lines).toEqual(['STO: PLACE DU PORTAGE (96 m away)', 'OC Transpo: RIDEAU (1,929 m away)']);
    expect(reply.buttons!.flat().map((b) => b.command.options.stop)).toEqual(['sto:3000', 'oc:3000']);
    const fr = (await core.handleText('/next 3000 33', privateChat({ languageCode: 'fr' })))!;
    expect(fr.blocks[0]!.lines[0]).toBe('STO : PLACE DU PORTAGE (à 96 m)');
  });

  it("uses only that chat's place, and only while it is fresh", async () => {
    let now = clock();
    const transit = fakeTransit({ next: { 'next 3000 33': new TransitError('ambiguous-stop', 'two feeds', { choices }) } });
    const core = createBotCore({ transit, ...memoryStores(), now: () => now, stops });
    await core.handleLocation(hull.lat, hull.lon, privateChat({ chatId: 'walker' }));
    const other = (await core.handleText('/next 3000 33', privateChat({ chatId: 'someone-else' })))!;
    expect(other.buttons!.flat()[0]!.label).toBe('OC Transpo: RIDEAU');
    now = new Date(now.getTime() + 31 * 60_000);
    const later = (await core.handleText('/next 3000 33', privateChat({ chatId: 'walker' })))!;
    expect(later.buttons!.flat()[0]!.label).toBe('OC Transpo: RIDEAU');
  });

  it('does not remember a place it refused', async () => {
    const core = bot();
    await core.handleLocation(95, 500, privateChat());
    const reply = (await core.handleText('/next 3000 33', privateChat()))!;
    expect(reply.buttons!.flat()[0]!.label).toBe('OC Transpo: RIDEAU');
  });

  it('names the agency alone where its feed cannot name the stop yet (still loading)', async () => {
    const loading: StopChoice[] = [{ stop: 'oc:3000', agency: 'OC Transpo', name: '' }, choices[1]!];
    const transit = fakeTransit({ next: { 'next 3000 33': new TransitError('ambiguous-stop', 'two feeds', { choices: loading }) } });
    const reply = (await createBotCore({ transit, ...memoryStores(), now: clock }).handleText('/next 3000 33', privateChat()))!;
    expect(reply.blocks[0]!.lines).toEqual(['OC Transpo', 'STO: PLACE DU PORTAGE']);
  });
});

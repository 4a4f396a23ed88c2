import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import type { Disruption } from '../../src/domain/disruption.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, NOW, privateChat, route, stopArrivals, trip } from './fakes.js';

// Stop 3017 closed by a detour whose text sends riders to 3020: the trip that skips 3017 and the
// disruption under the arrivals both name 3020, in the chat's language.

const closed: Disruption = {
  id: 'detour-1',
  version: 'v1',
  effect: 'detour',
  cause: 'construction',
  severity: 'warning',
  header: [
    { language: 'en', text: 'Route 95 detour: stop 3017 closed' },
    { language: 'fr', text: 'Circuit 95 dévié : arrêt 3017 fermé' },
  ],
  description: [
    { language: 'en', text: 'Use stop 3020 instead.' },
    { language: 'fr', text: "Utilisez l'arrêt 3020." },
  ],
  entities: [{ routeName: '95' }],
  periods: [],
};

const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const board = stopArrivals([route('95', [trip(4, { skipped: true, at: at(4) }), trip(19, { at: at(19) })])]);
const stops = fakeStopIndex([
  { code: '3017', id: 'A', name: "TUNNEY'S PASTURE", lat: 45.4, lon: -75.7 },
  { code: '3020', id: 'B', name: 'RIDEAU', lat: 45.42, lon: -75.69 },
]);

function core(disruptions: Disruption[]) {
  const transit = { ...fakeTransit({ next: { 'next 3017 95': board } }), disruptions: () => Promise.resolve({ status: 'ok' as const, disruptions }) };
  return createBotCore({ transit, ...memoryStores(), now: clock, stops });
}

describe('a stop a disruption closes, with the stop it sends riders to', () => {
  it('names 3020 on the skipping trip and under the arrivals, in English and French', async () => {
    const en = renderPlainText((await core([closed]).handleText('/next 3017 95', privateChat()))!);
    expect(en).toMatch(/skips this stop ⏭ · use stop 3020 instead/);
    expect(en).toContain('➡️ Use stop 3020 (RIDEAU) instead');
    const fr = renderPlainText((await core([closed]).handleText('/next 3017 95', privateChat({ languageCode: 'fr' })))!);
    expect(fr).toMatch(/ne s'arrête pas ici ⏭ · prenez plutôt l'arrêt 3020/);
    expect(fr).toContain("➡️ Prenez plutôt l'arrêt 3020 (RIDEAU)");
  });

  it('names none when the text gives no stop the feed knows', async () => {
    const vague = { ...closed, description: [{ language: 'en', text: 'Use the temporary stop on Scott Street.' }] };
    const en = renderPlainText((await core([vague]).handleText('/next 3017 95', privateChat()))!);
    expect(en).toContain('skips this stop ⏭');
    expect(en).not.toContain('3020');
  });
});

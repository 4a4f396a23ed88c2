import { describe, expect, it } from 'vitest';
import type { CommandRequest } from '../../src/bot/command-request.js';
import { COMMAND_SPECS } from '../../src/bot/commands/index.js';
import { createBotCore } from '../../src/bot/create-core.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

const tunney = stopArrivals([route('95', [trip(4, { live: true })]), route('R2', [trip(9)])]);

function freshCore() {
  const transit = fakeTransit({
    next: { 'next 3017 95': tunney, 'next 3017 R2': tunney },
    all: { 'all 3017': tunney },
    summary: { 'summary 3017': tunney },
    gtfs: { 'gtfs stops stop_code=3017': [{ stop_code: '3017', stop_name: 'TUNNEY', stop_lat: '45.4', stop_lon: '-75.7' }] },
  });
  const stops = fakeStopIndex([{ code: '3017', id: 'RF900', name: "TUNNEY'S PASTURE", lat: 45.4, lon: -75.7 }]);
  return createBotCore({ transit, ...memoryStores(), now: clock, stops });
}

// Each command typed, beside the same command as structured options (a slash command, a button, a push).
const FORMS: Array<[string, CommandRequest]> = [
  ['/next 3017 95', { name: 'next', options: { stop: '3017', route: '95' } }],
  ['/next r2 3017', { name: 'next', options: { stop: '3017', route: 'r2' } }],
  ['3017', { name: 'next', options: { stop: '3017' } }],
  ['/routes 3017', { name: 'routes', options: { stop: '3017' } }],
  ['/stop 3017', { name: 'stop', options: { query: '3017' } }],
  ['/stop tunney pasture', { name: 'stop', options: { query: 'tunney  pasture' } }],
  ['/save 3017', { name: 'save', options: { stop: '3017' } }],
  ['/stops', { name: 'stops', options: {} }],
  ['/lang fr', { name: 'lang', options: { language: 'French' } }],
  ['/help', { name: 'help', options: {} }],
  ['/start', { name: 'start', options: {} }],
  // Refusals are the same too.
  ['/next 301', { name: 'next', options: { stop: '301' } }],
  ['/next 3017 AB123C', { name: 'next', options: { stop: '3017', route: 'AB123C' } }],
  ['/routes', { name: 'routes', options: {} }],
  ['/lang de', { name: 'lang', options: { language: 'de' } }],
];

describe('run(command) and its text form', () => {
  it('covers every command of the table', () => {
    expect(new Set(FORMS.map(([, request]) => request.name))).toEqual(new Set(COMMAND_SPECS.map((spec) => spec.name)));
  });

  it.each(FORMS)('%s gives the same Reply as its structured form', async (text, request) => {
    const typed = await freshCore().handleText(text, privateChat());
    const structured = await freshCore().run(request, privateChat());
    expect(structured).toEqual(typed);
  });

  it('never throws on a request of the wrong shape, and says what is wrong', async () => {
    const core = freshCore();
    const odd = [
      { name: 'frobnicate', options: {} },
      { name: 'next', options: null },
      { name: 'next', options: { stop: 3017 } },
      { name: 'constructor', options: {} },
      { name: 'next', options: { stop: '3017', route: { toString: () => '95' } } },
    ] as unknown as CommandRequest[];
    for (const request of odd) {
      const reply = await core.run(request, privateChat());
      expect(reply.kind).toBe('usage-error');
    }
  });
});

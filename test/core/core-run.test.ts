import { describe, expect, it } from 'vitest';
import type { CommandRequest } from '../../src/domain/command-request.js';
import { COMMAND_SPECS } from '../../src/core/commands/index.js';
import { createBotCore } from '../../src/core/create-core.js';
import { clock, fakeStopIndex, fakeTransit, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

const tunney = stopArrivals([route('95', [trip(4, { trust: 'tracked' })]), route('R2', [trip(9)])]);

function freshCore() {
  const transit = fakeTransit({
    next: { 'next 3017 95': tunney, 'next 3017 R2': tunney },
    all: { 'all 3017': tunney },
    summary: { 'summary 3017': tunney },
    details: { 'details 3017': { stopNo: '3017', name: 'TUNNEY', position: { lat: 45.4, lon: -75.7 } } },
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
  ['/stops', { name: 'saved', options: {} }],
  ['/lang fr', { name: 'lang', options: { language: 'French' } }],
  ['/help', { name: 'help', options: {} }],
  ['/start', { name: 'start', options: {} }],
  ['/saved', { name: 'saved', options: {} }],
  ['/unsave 3017', { name: 'unsave', options: { stop: '3017' } }],
  ['/subscribe 3017 95 07:30 weekdays', { name: 'subscribe', options: { stop: '3017', route: '95', time: '7h30', days: 'Mon,Tue,Wed,Thu,Fri' } }],
  ['/subscribe 3017 95 when 5 min 07:00-09:00', { name: 'subscribe', options: { stop: '3017', route: '95', when: '5', window: '7h-9h' } }],
  ['/subs', { name: 'subs', options: {} }],
  ['/unsubscribe abcd', { name: 'unsubscribe', options: { id: 'ABCD' } }],
  ['/pause abcd', { name: 'pause', options: { id: 'abcd' } }],
  ['/resume abcd', { name: 'resume', options: { id: 'abcd' } }],
  ['/timezone', { name: 'timezone', options: {} }],
  ['/timezone europe/paris', { name: 'timezone', options: { zone: 'Europe/Paris' } }],
  ['/notify 3017 95', { name: 'notify', options: { stop: '3017', route: '95' } }],
  ['/disruptions 3017 95', { name: 'disruptions', options: { stop: '3017', route: '95' } }],
  ['/disruptions route 95', { name: 'disruptions', options: { route: '95' } }],
  ['/perturbations', { name: 'disruptions', options: {} }],
  ['/disruptionspage 2', { name: 'disruptionspage', options: { page: '2' } }],
  ['/disruptionspage 2 3017 95', { name: 'disruptionspage', options: { page: '2', stop: '3017', route: '95' } }],
  ['/disruption 0123456789ab', { name: 'disruption', options: { item: '0123456789AB' } }],
  ['/disruptionspage two', { name: 'disruptionspage', options: { page: 'two' } }],
  ['/reliability 3017 95', { name: 'reliability', options: { stop: '3017', route: '95' } }],
  ['/fiabilite 95', { name: 'reliability', options: { route: '95' } }],
  ['/where 3017 95', { name: 'where', options: { stop: '3017', route: '95' } }],
  ['/live 3017 95', { name: 'live', options: { stop: '3017', route: '95' } }],
  ['/where 3017 95 0930', { name: 'where', options: { stop: '3017', route: '95', trip: '0930' } }],
  ['/track 3017 95', { name: 'track', options: { stop: '3017', route: '95' } }],
  ['/suivre 3017 95 0930 à 3020', { name: 'track', options: { stop: '3017', route: '95', trip: '0930', off: '3020' } }],
  ['/off 3017 95 at 3020', { name: 'off', options: { stop: '3017', route: '95', off: '3020' } }],
  ['/bajar 3017 95', { name: 'off', options: { stop: '3017', route: '95' } }],
  ['/line 95', { name: 'line', options: { route: '95' } }],
  ['/line 3017 95', { name: 'line', options: { stop: '3017', route: '95' } }],
  ['/linelive 3017 95', { name: 'linelive', options: { stop: '3017', route: '95' } }],
  ['/ghost 3017 95 07:10 29712345', { name: 'ghost', options: { stop: '3017', route: '95', trip: '0710', due: '029712345' } }],
  ['/walk fast', { name: 'walk', options: { pace: 'fast' } }],
  ['/place home 45.4,-75.7', { name: 'place', options: { name: 'home', at: '45.4,-75.7' } }],
  ['/place', { name: 'place', options: {} }],
  ['/leave 3017 95', { name: 'leave', options: { stop: '3017', route: '95' } }],
  // Refusals are the same too.
  ['/next 30170', { name: 'next', options: { stop: '30170' } }],
  ['/next 3017 AB123C', { name: 'next', options: { stop: '3017', route: 'AB123C' } }],
  ['/routes', { name: 'routes', options: {} }],
  ['/lang de', { name: 'lang', options: { language: 'de' } }],
];

describe('run(command) and its text form', () => {
  it('covers every command of the table', () => {
    expect(new Set(FORMS.map(([, request]) => request.name))).toEqual(new Set(COMMAND_SPECS.map((spec) => spec.name)));
  });

  it.each(FORMS)('%s gives the same Reply as its structured form', async (text, request) => {
    // A new alert's id is random by design: the rest of the reply must match.
    const withoutIds = (reply: unknown) => JSON.parse(JSON.stringify(reply).replace(/Alert [a-z0-9]{4}/g, 'Alert ····')) as unknown;
    const typed = await freshCore().handleText(text, privateChat());
    const structured = await freshCore().run(request, privateChat());
    expect(withoutIds(structured)).toEqual(withoutIds(typed));
    expect(typed?.kind).toBe(structured.kind);
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

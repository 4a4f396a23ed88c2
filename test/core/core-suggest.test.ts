import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { TransitError } from '../../src/domain/transit-error.js';
import { brokenStores, clock, fakeStopIndex, fakeTransit, memoryStores, privateChat, route, stopArrivals } from './fakes.js';

const stops = fakeStopIndex([
  { code: '3017', id: 'RF900', name: "TUNNEY'S PASTURE", lat: 45.4, lon: -75.73 },
  { code: '3019', id: 'CD995', name: 'BAYVIEW', lat: 45.41, lon: -75.72 },
  { code: '3023', id: 'AF920', name: 'HURDMAN', lat: 45.41, lon: -75.66 },
  { code: '7687', id: 'CA090', name: 'BANK / SLATER', lat: 45.42, lon: -75.7 },
]);
const transit = fakeTransit({
  summary: {
    'summary 3023': stopArrivals([], '3023', 'HURDMAN'),
    'summary 3017': stopArrivals(
      [
        route('97', [], { heading: 'Airport', direction: 'Southbound' }),
        route('95', [], { heading: 'Barrhaven Centre' }),
        route('95', [], { directionId: 1, heading: 'Trim', direction: 'Eastbound' }),
        route('R2', [], { heading: '', direction: 'Northbound' }),
      ],
      '3017',
    ),
    'summary 3019': new TransitError('unavailable', 'slow', { reason: 'timeout' }),
  },
});

describe('suggest: values offered while an argument is typed', () => {
  it("offers the chat's saved stops first, then stops by number or name, never twice", async () => {
    const core = createBotCore({ transit, ...memoryStores(), now: clock, stops });
    await core.handleText('/save 3023', privateChat());
    expect(await core.suggest('next', 'stop', '', privateChat())).toEqual([{ label: '3023 HURDMAN', value: '3023' }]);
    expect((await core.suggest('next', 'stop', '30', privateChat())).map((s) => s.value)).toEqual(['3023', '3017', '3019']);
    expect(await core.suggest('routes', 'stop', 'bank', privateChat())).toEqual([{ label: '7687 BANK / SLATER', value: '7687' }]);
    expect(await core.suggest('stop', 'query', 'bay', privateChat())).toEqual([{ label: '3019 BAYVIEW', value: '3019' }]);
    expect(await core.suggest('next', 'stop', '30', privateChat(), 2)).toHaveLength(2);
  });

  it('offers nothing for other arguments and unknown commands, and survives a failing store', async () => {
    const core = createBotCore({ transit, ...memoryStores(), now: clock, stops });
    expect(await core.suggest('lang', 'language', 'f', privateChat())).toEqual([]);
    expect(await core.suggest('frobnicate', 'stop', '30', privateChat())).toEqual([]);
    const broken = createBotCore({ transit, ...brokenStores(), now: clock, stops });
    expect((await broken.suggest('next', 'stop', '3017', privateChat())).map((s) => s.value)).toEqual(['3017']);
  });

  it('offers the routes serving the stop already chosen, each once with its headings', async () => {
    const core = createBotCore({ transit, ...memoryStores(), now: clock, stops });
    expect(await core.suggest('next', 'route', '', privateChat(), 25, { stop: '3017' })).toEqual([
      { label: '95 Barrhaven Centre / Trim', value: '95' },
      { label: '97 Airport', value: '97' },
      { label: 'R2 Northbound', value: 'R2' },
    ]);
    expect((await core.suggest('next', 'route', '9', privateChat(), 25, { stop: '3017' })).map((s) => s.value)).toEqual(['95', '97']);
    expect((await core.suggest('next', 'route', 'r', privateChat(), 25, { stop: ' 3017 ' })).map((s) => s.value)).toEqual(['R2']);
    expect(await core.suggest('next', 'route', '', privateChat(), 1, { stop: '3017' })).toHaveLength(1);
  });

  it('offers no route without a valid stop, or when the transit service fails', async () => {
    const core = createBotCore({ transit, ...memoryStores(), now: clock, stops });
    const calls = transit.calls.length;
    expect(await core.suggest('next', 'route', '9', privateChat())).toEqual([]);
    expect(await core.suggest('next', 'route', '9', privateChat(), 25, { stop: 'abc' })).toEqual([]);
    expect(transit.calls.length).toBe(calls);
    expect(await core.suggest('next', 'route', '9', privateChat(), 25, { stop: '3019' })).toEqual([]);
    expect(await core.suggest('next', 'route', '9', privateChat(), 25, null as never)).toEqual([]);
  });
});

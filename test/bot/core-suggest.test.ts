import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/bot/create-core.js';
import { brokenStores, clock, fakeStopIndex, fakeTransit, memoryStores, privateChat, stopArrivals } from './fakes.js';

const stops = fakeStopIndex([
  { code: '3017', id: 'RF900', name: "TUNNEY'S PASTURE", lat: 45.4, lon: -75.73 },
  { code: '3019', id: 'CD995', name: 'BAYVIEW', lat: 45.41, lon: -75.72 },
  { code: '3023', id: 'AF920', name: 'HURDMAN', lat: 45.41, lon: -75.66 },
  { code: '7687', id: 'CA090', name: 'BANK / SLATER', lat: 45.42, lon: -75.7 },
]);
const transit = fakeTransit({ summary: { 'summary 3023': stopArrivals([], '3023', 'HURDMAN') } });

describe('suggest: values offered while an argument is typed', () => {
  it('offers the chat\'s saved stops first, then stops by number or name, never twice', async () => {
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
    expect(await core.suggest('next', 'route', '9', privateChat())).toEqual([]);
    expect(await core.suggest('frobnicate', 'stop', '30', privateChat())).toEqual([]);
    const broken = createBotCore({ transit, ...brokenStores(), now: clock, stops });
    expect((await broken.suggest('next', 'stop', '3017', privateChat())).map((s) => s.value)).toEqual(['3017']);
  });
});

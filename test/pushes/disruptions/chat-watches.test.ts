// The disruption pushes' watch list: who watches what, kept fresh without reading the whole store
// at each look. This process's writes (through the store's repositories) count at the next look;
// another instance's (written to the shared store, not heard here) once the cadence read them.
import { describe, expect, it } from 'vitest';
import { createChatWatches, placeKeyOf } from '../../../src/pushes/disruptions/chat-watches.js';
import { fixedClock } from '../../../src/domain/clock.js';
import { noticingWatchChanges } from '../../../src/store/watch-changes.js';
import { memoryStores } from '../../core/fakes.js';
import { at, capturingLogger, subscription } from '../fakes.js';
import { chatTypeOf } from '../../../src/chat/platforms.js';

const chat = (chatId: string) => ({ platform: 'telegram' as const, chatId });
const stop = (s: string) => placeKeyOf({ stop: s });

function setup() {
  const shared = memoryStores();
  // This process's repositories over the shared store: their writes are heard.
  const mine = noticingWatchChanges(shared.savedStops, shared.subscriptions, shared.lifecycle, shared.chats);
  const clock = fixedClock('2026-11-18T13:00:00Z');
  const watches = createChatWatches({
    savedStops: mine.savedStops,
    subscriptions: mine.subscriptions,
    changes: mine,
    platforms: new Set(['telegram']),
    chatTypeOf,
    clock,
    logger: capturingLogger().logger,
    rebuildMs: 60_000,
  });
  return { shared, mine, clock, watches };
}

/** Looks until the list shows what `expected` wants (a background read lands between two looks). */
async function eventually(watches: ReturnType<typeof setup>['watches'], expected: (l: Awaited<ReturnType<typeof watches.current>>) => boolean) {
  for (let i = 0; i < 50; i++) {
    const list = await watches.current();
    if (expected(list)) return list;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the watch list never showed it');
}

describe('the disruption watch list', () => {
  it("this process's saves, unsaves, subscriptions and pauses count at the next look, never reading every chat again", async () => {
    const { shared, mine, watches } = setup();
    await shared.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    const first = await watches.current();
    expect([...first.watchers(stop('3017'))]).toEqual(['telegram:42']);

    await mine.savedStops.add(chat('43'), { stopNo: '3017' }, 10);
    await mine.savedStops.remove(chat('42'), '3017');
    await mine.subscriptions.add(subscription(at('07:30'), { chatId: '44', stopNo: '3020', routeNo: '95' }), 10);
    const next = await watches.current();
    expect([...next.watchers(stop('3017'))]).toEqual(['telegram:43']);
    expect([...next.watchers(placeKeyOf({ stop: '3020', route: '95' }))]).toEqual(['telegram:44']);
    expect(next.chat('telegram:42')).toBeUndefined();
    expect([...next.changedSince(first.version)!].sort()).toEqual(['telegram:42', 'telegram:43', 'telegram:44']);

    // Refused by its platform: left out with its saved stops; back: watching again.
    await mine.savedStops.add(chat('44'), { stopNo: '7687' }, 10);
    await mine.lifecycle.refused(chat('44'));
    expect((await watches.current()).chat('telegram:44')).toBeUndefined();
    await mine.lifecycle.returned(chat('44'));
    expect([...(await watches.current()).watchers(stop('7687'))]).toEqual(['telegram:44']);
  });

  it("another instance's writes (not heard here) are read within the cadence, found as changes", async () => {
    const { shared, clock, watches } = setup();
    await shared.savedStops.add(chat('42'), { stopNo: '3017' }, 10);
    watches.refresh();
    const first = await watches.current();
    await shared.savedStops.add(chat('50'), { stopNo: '3017' }, 10);
    await shared.savedStops.remove(chat('42'), '3017');
    watches.refresh();
    expect([...(await watches.current()).watchers(stop('3017'))]).toEqual(['telegram:42']);

    clock.set('2026-11-18T13:01:00Z');
    watches.refresh();
    const later = await eventually(watches, (l) => l.watchers(stop('3017')).has('telegram:50'));
    expect([...later.watchers(stop('3017'))]).toEqual(['telegram:50']);
    expect([...later.changedSince(first.version)!].sort()).toEqual(['telegram:42', 'telegram:50']);
    await watches.close();
  });
});

// "/place home" on one instance, the location shared next reaching another (a fleet behind a
// balancer): the awaited name lives in the store, so the place is saved whichever instance gets it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { openStore, type Store } from '../../src/store/index.js';
import { clock, fakeStopIndex, fakeTransit, privateChat } from './fakes.js';

const stops = fakeStopIndex([{ code: '3017', id: 'RF900', name: "TUNNEY'S PASTURE", lat: 45.403, lon: -75.735, meters: 120 }]);
const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function instances(): Promise<[ReturnType<typeof createBotCore>, ReturnType<typeof createBotCore>, Store]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'place-location-'));
  dirs.push(dataDir);
  const store = await openStore({ dataDir });
  stores.push(store);
  const core = () => createBotCore({ transit: fakeTransit({}), stops, ...store, places: store.places, now: clock });
  return [core(), core(), store];
}

describe('a location shared after /place home', () => {
  it('is saved as that place when another instance receives it, once; the next location shows stops', async () => {
    const [a, b, store] = await instances();
    const chat = privateChat();
    const asked = renderPlainText((await a.handleText('/place home', chat))!);
    expect(asked).toMatch(/share your location/i);
    expect(renderPlainText(await b.handleLocation(45.36, -75.75, chat))).toMatch(/Saved "home"/);
    expect(await store.places.list({ platform: chat.platform, chatId: chat.chatId })).toEqual([{ name: 'home', lat: 45.36, lon: -75.75 }]);
    expect(renderPlainText(await a.handleLocation(45.403, -75.735, chat))).toMatch(/TUNNEY'S PASTURE/);
  });

  it('in French too', async () => {
    const [a, b] = await instances();
    const chat = privateChat({ languageCode: 'fr' });
    await a.handleText('/lieu maison', chat);
    expect(renderPlainText(await b.handleLocation(45.36, -75.75, chat))).toMatch(/« maison » enregistré/);
  });
});

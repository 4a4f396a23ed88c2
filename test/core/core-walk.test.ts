// /walk re-times the chat's leave-now alerts: each counted its walk at the pace of its day, and
// "leave now" must come when this rider, at the new pace, needs to leave.
import type { LeaveSchedule } from '../../src/domain/alert-kinds/index.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { openStore, type Store } from '../../src/store/index.js';
import { clock, fakeTransit, privateChat } from './fakes.js';
import { at, subscription } from '../pushes/fakes.js';

const dirs: string[] = [];
const stores: Store[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function riderWithAlerts(chatId: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'walk-'));
  dirs.push(dataDir);
  const store = await openStore({ dataDir });
  stores.push(store);
  const chat = { platform: 'telegram', chatId, chatType: 'private' } as const;
  const leave: LeaveSchedule = { kind: 'leave', from: 480, until: 540, days: [1, 2, 3, 4, 5], place: 'home', walkSeconds: 600 };
  await store.subscriptions.add(subscription(leave, { id: 'home1', chatId }), 20);
  await store.subscriptions.add(subscription({ ...leave, walkSeconds: 300 }, { id: 'home2', chatId }), 20);
  await store.subscriptions.add(subscription(at('07:30'), { id: 'daily', chatId }), 20);
  const core = createBotCore({ transit: fakeTransit({}), ...store, places: store.places, now: clock });
  const walks = async () =>
    Object.fromEntries((await store.subscriptions.list(chat)).map((s) => [s.id, s.schedule.kind === 'leave' ? s.schedule.walkSeconds : undefined]));
  return { core, walks };
}

describe('/walk', () => {
  it('re-times every leave-now alert of the chat to the new pace, the same distance walked, and says so', async () => {
    const { core, walks } = await riderWithAlerts('7');
    const faster = renderPlainText((await core.handleText('/walk fast', privateChat({ chatId: '7' })))!);
    expect(faster).toBe('Walking pace set: fast (6 km/h). Your 2 leave-now alerts now count on this pace.');
    // 10 min at 5 km/h is 833 m: 8 min 20 s at 6 km/h.
    expect(await walks()).toEqual({ home1: 500, home2: 250, daily: undefined });
    await core.handleText('/walk fast', privateChat({ chatId: '7' }));
    expect(await walks()).toEqual({ home1: 500, home2: 250, daily: undefined });
    await core.handleText('/walk slow', privateChat({ chatId: '7' }));
    expect(await walks()).toEqual({ home1: 750, home2: 375, daily: undefined });
  });

  it('in French', async () => {
    const { core } = await riderWithAlerts('8');
    const reply = renderPlainText((await core.handleText('/marche lent', privateChat({ chatId: '8', languageCode: 'fr' })))!);
    expect(reply).toBe('Allure de marche : lente (4 km/h). Vos 2 alertes de départ comptent désormais sur cette allure.');
  });
});

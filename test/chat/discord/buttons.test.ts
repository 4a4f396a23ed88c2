import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TransitError } from '../../../src/domain/transit-error.js';
import { riderWorld, startHarness, type Harness } from './harness.js';
import { ALICE, BENOIT, customIds, embedOf, press, slash } from './interactions.js';
import type { StoredMessage } from './fake-discord.js';

// Each button the core gives a reply, pressed under a message the bot sent.

const EPHEMERAL = 64;

describe('buttons', () => {
  let h: Harness;
  let world: ReturnType<typeof riderWorld>;
  let arrivals: StoredMessage;
  beforeAll(async () => {
    world = riderWorld();
    h = await startHarness({ core: world.core });
    const token = h.discord.interact(slash('next', { stop: '3017' }));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    arrivals = h.discord.original(token)!;
  });
  afterAll(() => h.close());

  const callsOf = (token: string) => h.discord.calls.filter((c) => c.path.includes(token));

  it('Refresh acknowledges at once and redraws the same message in place', async () => {
    const before = arrivals.history.length;
    const token = h.discord.interact(press('b1:u:next?stop=3017', arrivals));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    expect(callsOf(token).map((c) => c.body?.type ?? c.method)).toEqual([6, 'PATCH']);
    expect(h.discord.original(token)!.id).toBe(arrivals.id);
    expect(arrivals.history).toHaveLength(before + 1);
    expect(embedOf(arrivals).title).toBe('BASELINE STATION (3017)');
    expect(customIds(arrivals)[0]).toEqual(['b1:u:next?stop=3017', 'b1:u:live?stop=3017', 'b1:n:save?stop=3017']);
  });

  it('a failed Refresh keeps the arrivals and tells the rider alone why', async () => {
    const table = world.transit;
    const original = Object.getOwnPropertyDescriptor(table, 'nextTripsAllRoutes')!;
    table.nextTripsAllRoutes = () => Promise.reject(new TransitError('unavailable', 'slow upstream', { reason: 'timeout' }));
    try {
      const before = arrivals.history.length;
      const token = h.discord.interact(press('b1:u:next?stop=3017', arrivals, BENOIT));
      await h.discord.waitForCall('POST', /webhooks\/\d+\/[^/]+$/, (c) => c.path.includes(token));
      expect(callsOf(token).map((c) => c.body?.type ?? c.method)).toEqual([6, 'POST']);
      expect(arrivals.history).toHaveLength(before);
      expect(h.discord.followUps(token)[0]).toMatchObject({
        content: 'Le service de transport ne répond pas (il a mis trop de temps). Réessayez dans une minute.',
        flags: EPHEMERAL,
      });
    } finally {
      Object.defineProperty(table, 'nextTripsAllRoutes', original);
    }
  });

  it('a route button answers with a new message, deferred first', async () => {
    const token = h.discord.interact(press('b1:r:next?stop=3017&route=95', arrivals));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    expect(callsOf(token).map((c) => c.body?.type ?? c.method)).toEqual([5, 'PATCH']);
    const answer = h.discord.original(token)!;
    expect(answer.id).not.toBe(arrivals.id);
    expect(embedOf(answer).fields!.map((f) => f.name)).toEqual(['95 Barrhaven Centre']);
  });

  it('Save confirms privately', async () => {
    const token = h.discord.interact(press('b1:n:save?stop=3017', arrivals));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    expect(callsOf(token).map((c) => `${c.body?.type ?? c.method}${c.body?.data?.flags ? `/${c.body.data.flags}` : ''}`)).toEqual(['5/64', 'PATCH']);
    expect(h.discord.original(token)).toMatchObject({ content: 'Saved stop 3017. /stops lists your saved stops.', flags: EPHEMERAL });
  });

  it('a saved stop button from /stops shows its arrivals', async () => {
    const stops = h.discord.interact(slash('saved', {}));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(stops));
    const list = h.discord.original(stops)!;
    const token = h.discord.interact(press(customIds(list)[0]![0]!, list));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    expect(embedOf(h.discord.original(token)).title).toBe('BASELINE STATION (3017)');
  });

  it('the 🔔 button under a route sets its one-shot alert (the command is hidden from the menus, not from buttons)', async () => {
    const route = h.discord.interact(slash('next', { stop: '3017', route: '95' }, ALICE, 'dm'));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(route));
    const notify = customIds(h.discord.original(route))
      .flat()
      .find((id) => id.startsWith('b1:n:notify?'));
    expect(notify).toBe('b1:n:notify?stop=3017&route=95');
    const token = h.discord.interact(press(notify!, h.discord.original(route)!, ALICE, 'dm'));
    await h.discord.waitForCall('PATCH', /@original$/, (c) => c.path.includes(token));
    expect(h.discord.original(token)!.content).toMatch(/^Alert \w{4} set: when 95 to Barrhaven Centre is 5 min from 3017/);
  });

  it('a button this version does not understand is said to have expired, privately', async () => {
    for (const customId of ['2:u:next:3017', 'b1:u:frobnicate?stop=3017', 'b1:u:next?stop=1&stop=2']) {
      const token = h.discord.interact(press(customId, arrivals));
      await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(token));
      expect(h.discord.original(token)).toMatchObject({ content: 'This button has expired. Send the stop number again.', flags: EPHEMERAL });
    }
  });

  it('a forged value in a valid button gets the usage message, as typed text would', async () => {
    const token = h.discord.interact(press('b1:r:next?stop=ab!c', arrivals));
    await h.discord.waitForCall('POST', /webhooks\/\d+\/[^/]+$/, (c) => c.path.includes(token));
    expect(h.discord.followUps(token)[0]).toMatchObject({
      content: '"ab!c" is not a stop number. Stop numbers have 4 digits, like 3017.',
      flags: EPHEMERAL,
    });
  });
});

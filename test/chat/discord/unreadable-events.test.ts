import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InteractionPayload } from './fake-discord.js';
import { riderWorld, startHarness, TOKEN, type Harness } from './harness.js';
import { autocomplete, BENOIT, embedOf, GUILD, press, slash } from './interactions.js';

// Gateway events discord.js cannot read (it throws inside its gateway handler, before any
// listener of the bot's): each is dropped with one log line, an interaction answered when it
// carries an id and a token, and the adapter goes on serving the next, well-formed one. Before
// the guard each was an unhandled rejection, which ends the process (Telegram and the alerts with it).

const EPHEMERAL = 64;
const arrivals = { id: '1300000000000009998', channel_id: '1300000000000000302', content: '', embeds: [], components: [], flags: 0, history: [] };

function changed(interaction: InteractionPayload, change: (payload: Record<string, unknown>) => void): InteractionPayload {
  change(interaction);
  return interaction;
}

const malformed: Array<[string, () => InteractionPayload]> = [
  [
    'options that are not a list',
    () => changed(slash('next', { stop: '3017' }, BENOIT), (p) => ((p.data as Record<string, unknown>).options = 'abc')),
  ],
  ['neither member nor user', () => changed(slash('help', {}, BENOIT), (p) => (delete p.member, delete p.user))],
  ['permissions that are no number', () => changed(slash('help', {}, BENOIT), (p) => ((p.member as Record<string, unknown>).permissions = 'abc'))],
  ['a button press without its message', () => changed(press('b1:u:next?stop=3017', arrivals, BENOIT), (p) => delete p.message)],
];

describe('gateway events discord.js cannot read', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ core: riderWorld().core });
  });
  afterAll(() => h.close());

  it.each(malformed)('%s: answered with the apology in the rider’s language, logged once, and the next one served', async (_name, make) => {
    const logsBefore = h.logs.length;
    const bad = h.discord.interact(make());
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(bad));
    expect(h.discord.original(bad)).toMatchObject({
      content: 'Quelque chose a mal tourné de mon côté. Réessayez dans une minute.',
      flags: EPHEMERAL,
    });

    const good = h.discord.interact(slash('help', {}));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(good));
    expect(embedOf(h.discord.original(good)).title).toBe('OC Transpo bus arrivals');

    const logged = h.logs.slice(logsBefore).filter((l) => l.includes('could not read'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain(bad);
    expect(logged[0]).not.toContain(TOKEN);
  });

  it('an unreadable autocomplete gets no choices rather than no answer', async () => {
    const bad = h.discord.interact(changed(autocomplete('next', 'stop', '30'), (p) => (delete p.member, delete p.user)));
    const answer = await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(bad));
    expect(answer.body).toEqual({ type: 8, data: { choices: [] } });
  });

  it('one without a usable token is only logged: nothing is sent on its behalf', async () => {
    const logsBefore = h.logs.length;
    const callsBefore = h.discord.calls.length;
    h.discord.interact(changed(slash('help', {}), (p) => (delete p.member, delete p.user, (p.token = '../../channels/1/messages'))));
    const good = h.discord.interact(slash('help', {}));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(good));
    expect(h.discord.calls.slice(callsBefore).map((c) => c.path)).toEqual([expect.stringContaining(good)]);
    expect(h.logs.slice(logsBefore).filter((l) => l.includes('could not read'))).toHaveLength(1);
  });

  it.each([
    ['a channel event without its channel', 'CHANNEL_CREATE', null],
    [
      'a channel whose permission overwrites are no list',
      'CHANNEL_CREATE',
      { id: '1300000000000000999', type: 0, guild_id: GUILD.id, permission_overwrites: 'abc' },
    ],
    ['a server whose roles are no list', 'GUILD_UPDATE', { id: GUILD.id, roles: 'abc' }],
    ['a role event without its role', 'GUILD_ROLE_CREATE', { guild_id: GUILD.id, role: null }],
    ['threads that are no list', 'THREAD_LIST_SYNC', { guild_id: GUILD.id, threads: 5 }],
  ])('%s: dropped with one log line, and the next interaction served', async (_name, event, data) => {
    const logsBefore = h.logs.length;
    h.discord.dispatch(event, data, GUILD.id);
    const good = h.discord.interact(slash('help', {}));
    await h.discord.waitForCall('POST', /callback$/, (c) => c.path.includes(good));
    expect(embedOf(h.discord.original(good)).title).toBe('OC Transpo bus arrivals');
    const logged = h.logs.slice(logsBefore).filter((l) => l.includes('gateway event that discord.js could not read; dropped'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`"event":"${event}"`);
  });
});

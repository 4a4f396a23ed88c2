// /disruptions off|on (/perturbations): stored per chat, said in the chat's language; in a group
// only its administrators decide, as for its alerts; a store down is said as such.
import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import { brokenStores, clock, fakeTransit, groupChat, memoryStores, privateChat } from './fakes.js';

const line = (reply: { blocks: Array<{ lines: string[] }> } | null | undefined) => reply?.blocks[0]?.lines[0];

function setup(stores = memoryStores()) {
  return { stores, core: createBotCore({ transit: fakeTransit({}), ...stores, now: clock }) };
}

describe('/disruptions off and on', () => {
  it('turns the pushes off and on again, in English and French, without asking the transit service', async () => {
    const { core, stores } = setup();
    const chat = privateChat();
    expect(await stores.chats.disruptionPushes(chat)).toBe('on');
    expect(core.asksTransit({ name: 'disruptions', options: { pushes: 'off' } })).toBe(false);
    expect(line(await core.handleText('/disruptions off', chat))).toBe(
      'Disruptions will no longer be pushed to this chat. /disruptions on to have them again.',
    );
    expect(await stores.chats.disruptionPushes(chat)).toBe('off');
    await core.handleText('/lang fr', chat);
    expect(line(await core.handleText('/perturbations activer', chat))).toContain('Les perturbations touchant les arrêts enregistrés');
    expect(await stores.chats.disruptionPushes(chat)).toBe('on');
    expect(line(await core.handleText('/perturbations désactiver', chat))).toContain('ne seront plus envoyées');
    expect(await stores.chats.disruptionPushes(chat)).toBe('off');
  });

  it('a button or slash option with another word is told how to say it', async () => {
    const { core } = setup();
    const reply = await core.run({ name: 'disruptions', options: { pushes: 'maybe' } }, privateChat());
    expect(reply.kind).toBe('usage-error');
    expect(line(reply)).toBe('Say /disruptions on or /disruptions off.');
  });

  it('in a group only its administrators decide, asked at the moment', async () => {
    const { core, stores } = setup();
    let admin = false;
    const chat = groupChat({ userCanManage: () => Promise.resolve(admin) });
    expect(line(await core.handleText('/disruptions off', chat))).toBe("Only this group's administrators can change its alerts.");
    expect(await stores.chats.disruptionPushes(chat)).toBe('on');
    admin = true;
    await core.handleText('/disruptions off', chat);
    expect(await stores.chats.disruptionPushes(chat)).toBe('off');
  });

  it('a store that cannot be written is said as such', async () => {
    const { core } = setup(brokenStores());
    const reply = await core.handleText('/disruptions off', privateChat());
    expect(reply?.kind).toBe('failure');
    expect(line(reply)).toBe("I couldn't save that right now. Try again in a minute.");
  });
});

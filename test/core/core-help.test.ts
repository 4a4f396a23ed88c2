import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import type { SourceProfile } from '../../src/domain/transit-source.js';
import { renderPlainText } from '../../src/chat/console/render.js';
import { clock, fakeTransit, memoryStores, OTTAWA_PROFILE, privateChat } from './fakes.js';

// /help lists what riders use, and offers only examples that are real stops and routes of the feed.

const helpText = async (profile: SourceProfile, languageCode = 'en', command = '/help') => {
  const core = createBotCore({ transit: fakeTransit({ profile }), ...memoryStores(), now: clock });
  return renderPlainText((await core.handleText(command, privateChat({ languageCode })))!);
};

describe('/help', () => {
  it('lists /live and /notify, which the command menus leave to buttons, in both languages', async () => {
    const en = await helpText(OTTAWA_PROFILE);
    expect(en).toContain('/live <stop> [route]: Arrivals that keep themselves up to date for 10 minutes');
    expect(en).toContain('/notify <stop> <route>: Tell me when this bus is 5 min away');
    const fr = await helpText(OTTAWA_PROFILE, 'fr');
    expect(fr).toMatch(/\/direct <arrêt> \[circuit\] : .+/);
    expect(fr).toMatch(/\/prevenir <arrêt> <circuit> : Me prévenir quand cet autobus est à 5 min/);
    // The menus stay as they were: those two are reached by the 🔴 and 🔔 buttons.
    const core = createBotCore({ transit: fakeTransit({}), ...memoryStores(), now: clock });
    expect(core.commandMenu('en').map((c) => c.command)).not.toContain('live');
    expect(core.commandMenu('en').map((c) => c.command)).not.toContain('notify');
  });

  it('offers no example while the schedule only gives the shape of one (no "/stop 1234")', async () => {
    const loading: SourceProfile = { agencies: [], examples: { stop: '1234', route: '10' }, placeholderExamples: true, vehicles: 'any' };
    for (const languageCode of ['en', 'fr']) {
      for (const command of ['/help', '/start']) {
        const text = await helpText(loading, languageCode, command);
        expect(text).not.toMatch(/1234|Try|Essayez/);
      }
    }
  });

  it('offers no name search without a word of a real stop name: never a code passed off as a name', async () => {
    const noName: SourceProfile = { ...OTTAWA_PROFILE, examples: { stop: '8306', route: '4' } };
    const text = await helpText(noName);
    expect(text).toContain('/next 8306 4: the next buses of route 4 at stop 8306');
    expect(text).not.toContain('find a stop by name');
    expect(await helpText(OTTAWA_PROFILE)).toContain('/stop rideau: find a stop by name');
  });
});
